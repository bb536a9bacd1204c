import TelltaleModel

/// A capture route of the contract: a path of a registered wire format (`IngestFormat.registered`).
struct IngestRoute: Sendable {
    /// The format's source, which its events are stored under.
    let source: Event.Source
    let route: IngestFormat.Route

    /// The route for a path without its session prefix, or nil when no format owns the path.
    static func match(path: String) -> IngestRoute? {
        byPath[path]
    }

    /// Every registered route by its path, built once; a path two formats claim is the first's
    /// (`IngestFormatTests` keeps there being none).
    static let byPath: [String: IngestRoute] = Dictionary(
        IngestFormat.registered.flatMap { format in format.routes.map { ($0.path, IngestRoute(source: format.source, route: $0)) } }
    ) { first, _ in first }

    /// The methods the vendor's SDKs use on this route.
    func allows(method: String) -> Bool {
        route.methods.contains(method)
    }

    func decode(_ request: IngestRequest) throws(CaptureError) -> IngestResult {
        try route.decode(request)
    }
}
