/// Fills `{port}`, `{run_dir}`, `{worker}` and `{service.NAME.url}` into a spec's values.
///
/// An unknown placeholder is an error rather than left as is: a service
/// started with a literal `{prot}` in its database path fails much later and
/// far less clearly.
package struct PlaceholderResolver: Sendable {
    package var service: String
    package var port: Int?
    package var runDirectory: String
    package var worker: Int?
    package var serviceURLs: [String: String]

    package init(service: String, port: Int?, runDirectory: String, worker: Int?, serviceURLs: [String: String]) {
        self.service = service
        self.port = port
        self.runDirectory = runDirectory
        self.worker = worker
        self.serviceURLs = serviceURLs
    }

    /// `{{` and `}}` stand for literal braces.
    package func resolve(_ value: String) throws(ServiceError) -> String {
        var result = ""
        var rest = Substring(value)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            result += rest[..<open]
            let after = rest.index(after: open)
            // `{{` or `}}`: one literal brace.
            if after < rest.endIndex, rest[after] == rest[open] {
                result.append(rest[open])
                rest = rest[rest.index(after: after)...]
                continue
            }
            // A lone `}`, or a `{` never closed: an error, not text to keep.
            guard rest[open] == "{", let close = rest[after...].firstIndex(of: "}") else {
                throw .unknownPlaceholder(service: service, placeholder: String(rest[open...].prefix(20)), value: value)
            }
            result += try substitute(String(rest[after..<close]), in: value)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func substitute(_ name: String, in value: String) throws(ServiceError) -> String {
        switch name {
        // Without a port (`port: none`), `{port}` is unknown.
        case "port":
            if let port { return String(port) }
        case "run_dir":
            return runDirectory
        case "worker":
            // A run-scoped service serves every worker; "0" keeps paths valid.
            return String(worker ?? 0)
        default:
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 3, parts[0] == "service", parts[2] == "url", let url = serviceURLs[String(parts[1])] {
                return url
            }
        }
        throw .unknownPlaceholder(service: service, placeholder: "{\(name)}", value: value)
    }
}
