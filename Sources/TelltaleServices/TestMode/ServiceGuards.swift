import Foundation

/// Checks made before the first reset, because reset deletes data: the service
/// must be on this machine, and its database must be named for tests.
package enum ServiceGuards {
    /// Throws when `url` is not a loopback address, or `database` (a path or URL)
    /// has a name not ending in `_test` and the spec does not waive that.
    package static func check(service: String, url: URL?, database: String?, allowNonTestDatabase: Bool) throws(ServiceError) {
        if let url, !isLoopback(url.host ?? "") {
            throw .notLoopback(service: service, url: url.absoluteString)
        }
        if let database, !allowNonTestDatabase {
            let name = databaseName(database)
            guard name.hasSuffix("_test") else {
                throw .databaseNotForTests(service: service, database: database, name: name)
            }
        }
    }

    /// The guards for a supervised instance, with its URL and resolved database.
    package static func check(_ supervisor: ServiceSupervisor) throws(ServiceError) {
        try check(
            service: supervisor.instanceName, url: supervisor.url, database: supervisor.database,
            allowNonTestDatabase: supervisor.spec.allowNonTestDatabase
        )
    }

    /// `localhost`, `::1` (bracketed or not) and any `127.x.y.z`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// `shop_test` for `data/shop_test.sqlite`, `postgres://u@host:5432/shop_test?sslmode=off`
    /// and `file:shop_test.db?mode=rwc`: the file name without extension, or the URL path's last component.
    package static func databaseName(_ database: String) -> String {
        var text = database
        if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
        if let scheme = text.range(of: "://") {
            text = String(text[scheme.upperBound...])
            // Past the authority (user, host, port), the path names the database.
            guard let slash = text.firstIndex(of: "/") else { return "" }
            text = String(text[slash...])
        } else if text.hasPrefix("file:") {
            text = String(text.dropFirst("file:".count))
        }
        let last = (text as NSString).lastPathComponent
        return (last as NSString).deletingPathExtension
    }
}
