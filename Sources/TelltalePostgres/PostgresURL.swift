import TelltaleModel

/// A `postgres://` URL split as libpq splits it, into libpq's keywords (`host`, `port`, `user`,
/// `password`, `dbname` and the query's parameters), each percent-decoded:
/// `postgres://[user[:password]@][host][:port][/dbname][?keyword=value&…]`.
///
/// The user part ends at the first `@` unless a `/` comes first, so a password holding `@` or
/// `/` must be percent-encoded (`%40`, `%2F`), as libpq requires. A host may be `[IPv6]`, or a
/// percent-encoded socket folder (`%2Fvar%2Frun%2Fpostgresql`).
enum PostgresURL {
    /// The query parameters understood, as libpq names them.
    static let parameters = ["host", "port", "user", "password", "dbname", "sslmode", "sslrootcert", "connect_timeout", "application_name", "ssl"]

    static func keywords(of url: String) throws(PostgresURLError) -> [String: String] {
        guard let scheme = URLPassword.postgresSchemes.first(where: { url.lowercased().hasPrefix($0) }) else {
            throw PostgresURLError(url: url, reason: "not a PostgreSQL URL", hint: "write postgres://USER@HOST:PORT/DATABASE")
        }
        var rest = Substring(url.dropFirst(scheme.count))
        var keywords: [String: String] = [:]
        func decoded(_ text: Substring, _ what: String) throws(PostgresURLError) -> String {
            guard let value = text.removingPercentEncoding else {
                throw PostgresURLError(url: url, reason: "the \(what) is not properly percent-encoded", hint: "write % as %25")
            }
            return value
        }

        // User info only when an `@` comes before the first `/`: an `@` in the path or the query is not one.
        if let stop = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[stop] == "@" {
            let userInfo = rest[..<stop]
            rest = rest[rest.index(after: stop)...]
            if let colon = userInfo.firstIndex(of: ":") {
                keywords["user"] = try decoded(userInfo[..<colon], "user")
                keywords["password"] = try decoded(userInfo[userInfo.index(after: colon)...], "password")
            } else {
                keywords["user"] = try decoded(userInfo, "user")
            }
        }

        var host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                throw PostgresURLError(url: url, reason: "an IPv6 host has no closing ]", hint: "write postgres://[::1]:5432/DATABASE")
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
        } else {
            // A host ends at its port, the path, the query, or a second host's comma.
            let end = rest.firstIndex { ":/?,".contains($0) } ?? rest.endIndex
            host = rest[..<end]
            rest = rest[end...]
        }
        if rest.hasPrefix(",") {
            throw PostgresURLError(
                url: url, reason: "several hosts are not supported", hint: "name one host (a load balancer or the primary)")
        }
        if !host.isEmpty { keywords["host"] = try decoded(host, "host") }
        if rest.hasPrefix(":") {
            let end = rest.firstIndex { "/?".contains($0) } ?? rest.endIndex
            let port = rest[rest.index(after: rest.startIndex)..<end]
            if !port.isEmpty { keywords["port"] = try decoded(port, "port") }
            rest = rest[end...]
        }
        if rest.hasPrefix("/") {
            let end = rest.firstIndex(of: "?") ?? rest.endIndex
            let database = rest[rest.index(after: rest.startIndex)..<end]
            if !database.isEmpty { keywords["dbname"] = try decoded(database, "database name") }
            rest = rest[end...]
        }
        guard rest.hasPrefix("?") else { return keywords }
        for parameter in rest.dropFirst().split(separator: "&") {
            guard let equals = parameter.firstIndex(of: "=") else {
                throw PostgresURLError(url: url, reason: "the parameter `\(parameter)` has no value", hint: "write KEYWORD=VALUE")
            }
            let key = try decoded(parameter[..<equals], "parameter name")
            let value = try decoded(parameter[parameter.index(after: equals)...], "parameter \(key)")
            guard parameters.contains(key) else {
                throw PostgresURLError(
                    url: url, reason: "unknown parameter `\(key)`", hint: "the parameters understood are \(parameters.joined(separator: ", "))")
            }
            // JDBC's `ssl=true`, which libpq also takes, is `sslmode=require`.
            if key == "ssl" {
                guard value == "true" else {
                    throw PostgresURLError(url: url, reason: "ssl=\(value) is not understood", hint: "write sslmode=disable, prefer or require")
                }
                keywords["sslmode"] = "require"
            } else {
                keywords[key] = value
            }
        }
        return keywords
    }
}
