import Foundation

/// A request the server refused, kept so nothing a client sent is silently lost
/// (as Snowplow Micro keeps "bad" events).
package struct BadCapture: Codable, Sendable, Hashable {
    /// The most bytes of a refused body kept in `bodySample`.
    package static let sampleLimit = 4096

    /// `bad-00000003`, numbered in the same sequence as the events; empty until the store records it.
    package var id: String
    package var receivedAt: Date
    package var session: String
    package var method: String
    /// The route without its `/s/{session}` prefix.
    package var path: String
    /// The status the request was answered with (400, 401, 413, 415, …; 200 for GA4's debug route).
    package var status: Int
    /// Why it was refused: the answer's `error`, or GA4's validation messages joined.
    package var reason: String
    package var contentType: String?
    /// The body's size in bytes once decompressed; 0 when it was refused before being read.
    package var bodySize: Int
    /// The start of the body as text (invalid UTF-8 replaced), at most `sampleLimit` bytes.
    package var bodySample: String

    package init(
        id: String, receivedAt: Date, session: String, method: String, path: String, status: Int, reason: String,
        contentType: String?, bodySize: Int, bodySample: String
    ) {
        self.id = id
        self.receivedAt = receivedAt
        self.session = session
        self.method = method
        self.path = path
        self.status = status
        self.reason = reason
        self.contentType = contentType
        self.bodySize = bodySize
        self.bodySample = bodySample
    }
}
