import Foundation

/// A request the server refused, kept so nothing a client sent is silently lost
/// (as Snowplow Micro keeps "bad" events).
package struct BadCapture: Codable, Sendable, Hashable {
    package static let sampleLimit = 4096

    package var id: String
    package var receivedAt: Date
    package var session: String
    package var method: String
    package var path: String
    package var status: Int
    package var reason: String
    package var contentType: String?
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
