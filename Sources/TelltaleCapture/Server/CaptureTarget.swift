import Foundation
import HummingbirdCore

/// A request target as the capture routes see it: the `/s/{session}` prefix taken off the path,
/// the query kept as sent.
struct CaptureTarget: Sendable, Equatable {
    static let defaultSession = "default"

    /// The prefix's session, nil without one.
    var session: String?
    /// The path without the prefix.
    var path: String
    /// The raw query string, after `?` and before any `#`; nil when there is none.
    var query: String?

    /// `/s/{session}/rest` → (session, `/rest`); without the prefix the session is nil.
    static func split(_ path: String) -> (session: String?, path: String) {
        let bytes = path.utf8
        guard bytes.starts(with: "/s/".utf8) else { return (nil, path) }
        let start = bytes.index(bytes.startIndex, offsetBy: 3)
        let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
        // `/s/worker%201/…` is the session `worker 1`; `/s//events` the default session.
        var session = String(path[start..<slash])
        if session.utf8.contains(UInt8(ascii: "%")) { session = session.removingPercentEncoding ?? session }
        return (session.isEmpty ? defaultSession : session, slash == bytes.endIndex ? "/" : String(path[slash...]))
    }

    /// The fields of the query string.
    var queryFields: [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        return FormEncoding.decode(query)
    }
}

extension CaptureTarget {
    /// Parses a request target: the origin form `/path?query`, or the absolute form.
    init(uri: String) {
        var fullPath = "/"
        if uri.hasPrefix("/") {
            // The usual origin form, split by hand: Hummingbird's parser is for any URI and costs more.
            let end = uri.utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? uri.endIndex
            fullPath = String(uri[..<end])
            if end < uri.endIndex, uri.utf8[end] == UInt8(ascii: "?") {
                query = String(uri[uri.index(after: end)...].prefix { $0 != "#" })
            }
        } else {
            let parsed = URI(uri)
            fullPath = parsed.path
            query = parsed.query
        }
        (session, path) = Self.split(fullPath)
    }
}
