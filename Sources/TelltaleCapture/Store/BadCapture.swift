import Foundation

/// A request the server refused, kept so nothing a client sent is silently lost
/// (as Snowplow Micro keeps "bad" events).
public struct BadCapture: Codable, Sendable, Hashable {
    public static let sampleLimit = 4096

    public var id: String
    public var receivedAt: Date
    public var session: String
    public var method: String
    public var path: String
    public var status: Int
    public var reason: String
    public var contentType: String?
    public var bodySize: Int
    /// The start of the body as text (invalid UTF-8 replaced), at most `sampleLimit` bytes.
    public var bodySample: String

    public init(
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
