import Foundation

/// Everything that goes wrong in the capture server, with the context a person needs.
package enum CaptureError: LocalizedError, Sendable, Equatable {
    /// A request the server refuses; it is kept as a bad capture and answered with `status`.
    case rejected(status: Int, reason: String)
    /// The durable event log could not be opened or written.
    case log(path: String, reason: String)
    /// The server could not bind or start.
    case server(host: String, port: Int, reason: String)
    /// A host other than loopback without the explicit opt-in.
    case nonLoopbackHost(String)
    /// A host other than loopback without an access token for the inspector and control API.
    case remoteWithoutToken(String)

    package var errorDescription: String? {
        switch self {
        case .rejected(let status, let reason): "rejected with \(status): \(reason)"
        case .log(let path, let reason): "event log \(path): \(reason)"
        case .server(let host, let port, let reason): "capture server on \(host):\(port): \(reason)"
        case .nonLoopbackHost(let host):
            "refusing to listen on \(host): the capture server binds loopback only unless --allow-remote is given"
        case .remoteWithoutToken(let host):
            "refusing to listen on \(host) without an access token: beyond loopback the inspector and control API need one"
        }
    }

    static func badRequest(_ reason: String) -> CaptureError { .rejected(status: 400, reason: reason) }
}
