import CompressNIO
import Foundation
import Hummingbird
import NIOCore
import TelltaleModel

/// Routes every request: `/s/{session}` prefix, then the wire formats or the control API.
///
/// Routing is a switch on the path rather than Hummingbird's router: every route exists with
/// and without the session prefix, and a refused request must still be recorded with its path.
struct CaptureResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    static let defaultSession = "default"

    let store: EventStore
    let maxBodySize: Int

    func respond(to request: Request, context: Context) async throws -> Response {
        let (prefix, path) = Self.split(request.uri.path)
        if path.hasPrefix("/_telltale/") || path == "/_telltale" {
            return await control(request, session: prefix, path: path)
        }
        let session = prefix ?? Self.defaultSession
        guard let route = IngestRoute.match(path: path) else {
            return Self.json(["error": .string("no capture route \(path); see Docs/Capture.md")], status: 404)
        }
        let method = request.method.rawValue
        let contentType = request.headers[.contentType] ?? ""
        guard route.allows(method: method) else {
            return await reject(CaptureError.rejected(status: 405, reason: "\(method) is not accepted on \(path)"), session: session, method: method, path: path, contentType: contentType, body: Data())
        }
        let body: Data
        do {
            body = try await readBody(request)
        } catch {
            return await reject(error, session: session, method: method, path: path, contentType: contentType, body: Data())
        }
        let ingest = IngestRequest(
            method: method, path: path, query: Self.query(request.uri.query),
            contentType: contentType.lowercased(), authorization: request.headers[.authorization], body: body
        )
        let result: IngestResult
        do {
            result = try route.decode(ingest)
        } catch {
            return await reject(error, session: session, method: method, path: path, contentType: contentType, body: body)
        }
        if let reason = result.rejectedReason {
            await record(.rejected(status: result.answer.status, reason: reason), session: session, method: method, path: path, contentType: contentType, body: body)
        }
        if !result.events.isEmpty {
            do {
                _ = try await store.accept(result.events, session: session)
            } catch {
                // Nothing is acknowledged that is not on disk.
                return Self.json(["error": .string("could not store the events: \(error.localizedDescription)")], status: 503)
            }
        }
        return Self.response(result.answer)
    }

    /// Reads at most `maxBodySize` bytes, then undoes a gzip or deflate `Content-Encoding`
    /// (or a gzip body sent without the header), again within the limit.
    private func readBody(_ request: Request) async throws(CaptureError) -> Data {
        var buffer = ByteBuffer()
        do {
            for try await chunk in request.body {
                guard buffer.readableBytes + chunk.readableBytes <= maxBodySize else {
                    throw CaptureError.rejected(status: 413, reason: "body larger than the limit of \(maxBodySize) bytes")
                }
                var chunk = chunk
                buffer.writeBuffer(&chunk)
            }
        } catch let error as CaptureError {
            throw error
        } catch {
            throw .badRequest("could not read the body: \(error)")
        }
        let encoding = request.headers[.contentEncoding]?.lowercased() ?? ""
        let looksGzipped = buffer.readableBytes >= 2 && buffer.getBytes(at: buffer.readerIndex, length: 2) == [0x1F, 0x8B]
        let algorithm: CompressionAlgorithm?
        if encoding.contains("gzip") || looksGzipped {
            algorithm = .gzip()
        } else if encoding.contains("deflate") {
            algorithm = .zlib()
        } else if encoding.isEmpty || encoding == "identity" {
            algorithm = nil
        } else {
            throw .rejected(status: 415, reason: "Content-Encoding \(encoding) is not supported (gzip and deflate are)")
        }
        if let algorithm {
            do {
                buffer = try buffer.decompress(with: algorithm, maxSize: maxBodySize + 1)
            } catch let error as CompressNIOError where error == .bufferOverflow {
                throw .rejected(status: 413, reason: "body larger than the limit of \(maxBodySize) bytes once decompressed")
            } catch {
                throw .badRequest("the \(algorithm) body could not be decompressed: \(error)")
            }
            guard buffer.readableBytes <= maxBodySize else {
                throw .rejected(status: 413, reason: "body larger than the limit of \(maxBodySize) bytes once decompressed")
            }
        }
        return Data(buffer: buffer)
    }

    private func reject(_ error: any Error, session: String, method: String, path: String, contentType: String, body: Data) async -> Response {
        let captureError = error as? CaptureError ?? .badRequest("\(error)")
        await record(captureError, session: session, method: method, path: path, contentType: contentType, body: body)
        guard case .rejected(let status, let reason) = captureError else {
            return Self.json(["error": .string(captureError.localizedDescription)], status: 400)
        }
        return Self.json(["error": .string(reason), "status": 0], status: status)
    }

    private func record(_ error: CaptureError, session: String, method: String, path: String, contentType: String, body: Data) async {
        var status = 400, reason = error.localizedDescription
        if case .rejected(let code, let text) = error { status = code; reason = text }
        let capture = BadCapture(
            id: await store.nextBadID(), receivedAt: Date(), session: session, method: method, path: path, status: status,
            reason: reason, contentType: contentType.isEmpty ? nil : contentType, bodySize: body.count,
            bodySample: String(decoding: body.prefix(BadCapture.sampleLimit), as: UTF8.self)
        )
        await store.recordBad(capture)
    }

    // MARK: Helpers

    /// `/s/{session}/rest` → (session, `/rest`); without the prefix the session is nil.
    static func split(_ path: String) -> (session: String?, path: String) {
        guard path.hasPrefix("/s/") else { return (nil, path) }
        let rest = path.dropFirst(3)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let session = String(rest[..<slash]).removingPercentEncoding ?? String(rest[..<slash])
        return (session.isEmpty ? defaultSession : session, slash == rest.endIndex ? "/" : String(rest[slash...]))
    }

    static func query(_ query: String?) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        return FormEncoding.decode(query)
    }

    static func response(_ answer: IngestAnswer) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = answer.contentType
        return Response(status: .init(code: answer.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    static func json(_ object: [String: JSONValue], status: Int = 200) -> Response {
        response(.json(JSONValue.object(object).compactText, status: status))
    }

    static func json<T: Encodable>(encoding value: T, status: Int = 200) -> Response {
        do {
            return response(IngestAnswer(status: status, contentType: "application/json", body: try EventCoding.encoder.encode(value)))
        } catch {
            return json(["error": .string("could not encode the answer: \(error)")], status: 500)
        }
    }
}
