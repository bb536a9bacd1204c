import Foundation
import Hummingbird
import NIOCore
import TelltaleModel

/// Answers what `IngestChannelHandler` passes on: the control API under `/_telltale/` and
/// Snowplow Micro's under `/micro/` (each with or without the `/s/{session}` prefix), and 404
/// for paths no capture route owns.
///
/// Routing is a switch on the path rather than Hummingbird's router: every route exists with
/// and without the session prefix.
struct CaptureResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let store: EventStore
    let maxBodySize: Int
    /// Set when the server listens beyond loopback: then every route here needs the token.
    var access: CaptureAccess? = nil

    func respond(to request: Request, context: Context) async throws -> Response {
        let (prefix, path) = CaptureTarget.split(request.uri.path)
        if let access, let refusal = access.gate(request, path: path) { return refusal }
        if path.hasPrefix("/_telltale/") || path == "/_telltale" {
            return await control(request, session: prefix, path: path)
        }
        if path.hasPrefix("/micro/") {
            return await micro(request, session: prefix, path: path)
        }
        return Self.json(["error": .string("no capture route \(path); see Docs/Capture.md")], status: 404)
    }

    // MARK: Helpers

    static func query(_ query: String?) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        return FormEncoding.decode(query)
    }

    static func response(_ answer: IngestAnswer) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = answer.contentType
        return Response(status: .init(code: answer.status), headers: headers, body: .init(byteBuffer: answer.body))
    }

    static func json(_ object: [String: JSONValue], status: Int = 200) -> Response {
        response(.json(JSONValue.object(object).compactText, status: status))
    }

    static func json<T: Encodable>(encoding value: T, status: Int = 200) -> Response {
        do {
            return response(IngestAnswer(status: status, contentType: "application/json", body: ByteBuffer(bytes: try EventCoding.encode(value))))
        } catch {
            return json(["error": .string("could not encode the answer: \(error)")], status: 500)
        }
    }
}
