import AsyncHTTPClient
import Foundation
import NIOCore
import TelltaleModel

/// Calls Conduit, Phabricator's (and Phorge's) API, the way its own client does: `POST
/// /api/METHOD` with a form of `params` (the parameters as JSON, the API token in their
/// `__conduit__` object), `output=json` and `__conduit__=1`, as `arc call-conduit` sends
/// (arcanist's `ConduitClient::callMethod`).
///
/// Network errors, 5xx and 429 answers are retried with exponential backoff; an answer with an
/// `error_code` is not. The token is never part of an error's text.
package struct ConduitClient: Sendable {
    /// The install's root as given (`--conduit-uri`); `methodURL` adds `/api/METHOD`.
    package var endpoint: URL
    /// The API token (`CONDUIT_TOKEN`); it goes only into the request body, never into an error's text.
    private let token: String
    /// Tries in all for one call, the first included; 4 by default.
    package var attempts: Int
    /// The wait before the second try, doubled before each later one (0.5 s, 1 s, 2 s by default).
    package var firstBackoff: Duration
    /// The time limit of one try's request (AsyncHTTPClient's `execute` timeout).
    package var timeout: Duration

    /// `endpoint` is the install's root (`https://phabricator.example.com`), with or without `/api/`.
    package init(endpoint: URL, token: String, attempts: Int = 4, firstBackoff: Duration = .milliseconds(500), timeout: Duration = .seconds(60)) {
        self.endpoint = endpoint
        self.token = token
        self.attempts = attempts
        self.firstBackoff = firstBackoff
        self.timeout = timeout
    }

    /// The request body for `params` (a JSON object's members, already encoded), with the token.
    ///
    ///     params=%7B%22__conduit__%22%3A%7B%22token%22%3A%22api-...%22%7D%2C%22buildTargetPHID%22%3A...&output=json&__conduit__=1
    func formBody(paramsJSON: Data) throws -> String {
        guard case .object(var object) = try JSONValue(parsing: paramsJSON) else {
            throw ConduitError.encoding("the parameters are not a JSON object")
        }
        object["__conduit__"] = .object(["token": .string(token)])
        let json = JSONValue.object(object).serialized()
        return "params=" + Self.formEncoded(String(decoding: json, as: UTF8.self)) + "&output=json&__conduit__=1"
    }

    /// Form encoding as PHP's `http_build_query` writes it: unreserved characters as they are,
    /// a space as `+`, everything else as `%XX`.
    static func formEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                bytes.append(byte)
            case UInt8(ascii: " "):
                bytes.append(UInt8(ascii: "+"))
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `https://phabricator.example.com/api/harbormaster.sendmessage` for a method's name, whether
    /// `endpoint` ends in `/`, `/api` or neither.
    var methodURL: (String) -> String {
        let root = endpoint.absoluteString.hasSuffix("/") ? String(endpoint.absoluteString.dropLast()) : endpoint.absoluteString
        let base = root.hasSuffix("/api") ? root : root + "/api"
        return { "\(base)/\($0)" }
    }

    /// The HTTP client's settings: a connection that cannot be made fails at once (after
    /// `connect`), so the retries with backoff here are the only ones; AsyncHTTPClient's own
    /// would otherwise keep trying until the request's whole timeout has passed.
    package static func httpConfiguration(connectTimeout: Duration = .seconds(10)) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .nanoseconds(Int64(connectTimeout / .nanoseconds(1)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// Calls `method` with the JSON-encoded `params`; returns Conduit's `result`.
    @discardableResult
    package func call(_ method: String, paramsJSON: Data, using client: HTTPClient) async throws -> Any? {
        let body = try formBody(paramsJSON: paramsJSON)
        var request = HTTPClientRequest(url: methodURL(method))
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "User-Agent", value: "telltale")
        request.body = .bytes(ByteBuffer(string: body))
        var backoff = firstBackoff
        // Every failure becomes a `ConduitError` first, so that whether to try again is decided in one
        // place (`isRetryable`); the last try's error is thrown as it is.
        for attempt in 1...max(1, attempts) {
            let outcome: Result<Any?, ConduitError>
            do {
                let response = try await client.execute(request, timeout: .nanoseconds(Int64(timeout / .nanoseconds(1))))
                let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
                outcome = Self.interpret(status: Int(response.status.code), body: Data(bytes.readableBytesView), method: method)
            } catch let error as ConduitError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.network("\(method): \(error)"))
            }
            switch outcome {
            case .success(let result): return result
            case .failure(let error) where error.isRetryable && attempt < attempts:
                try await Task.sleep(for: backoff)
                backoff *= 2
            case .failure(let error): throw error
            }
        }
        throw ConduitError.network("\(method): no attempt was made")
    }

    /// Reads Conduit's answer. A refusal comes inside the envelope, not as the status:
    ///
    ///     {"result":null,"error_code":"ERR-CONDUIT-CORE","error_info":"no such target"}
    ///
    /// and a success has a null `error_code` beside its `result`. A body that is not JSON (an
    /// HTML page) usually means the URI is not the install's root.
    static func interpret(status: Int, body: Data, method: String) -> Result<Any?, ConduitError> {
        guard (200..<300).contains(status) else {
            return .failure(.http(status: status, method: method))
        }
        guard let answer = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return .failure(.badAnswer("\(method): the answer is not Conduit's JSON (is --conduit-uri the install's root?)"))
        }
        if let code = answer["error_code"] as? String {
            return .failure(.conduit(code: code, info: answer["error_info"] as? String ?? "", method: method))
        }
        return .success(answer["result"] is NSNull ? nil : answer["result"])
    }
}

/// Why a Conduit call failed; none of them holds the token.
package enum ConduitError: Error, LocalizedError, CustomStringConvertible, Sendable {
    package var errorDescription: String? { description }
    /// No answer: the connection failed or timed out.
    case network(String)
    /// An answer outside 2xx; retried for 5xx and 429.
    case http(status: Int, method: String)
    /// A 2xx answer that is not Conduit's JSON envelope.
    case badAnswer(String)
    /// Conduit's own refusal (`ERR-INVALID-AUTH`, an unknown build target); never retried.
    case conduit(code: String, info: String, method: String)
    /// Parameters that cannot be sent: not a JSON object, or a unit larger than a request may be.
    case encoding(String)

    /// Whether another try may succeed: a passing network fault or an overloaded server, not a
    /// refusal that would be repeated.
    var isRetryable: Bool {
        switch self {
        case .network: true
        case .http(let status, _): status >= 500 || status == 429
        case .badAnswer, .conduit, .encoding: false
        }
    }

    package var description: String {
        switch self {
        case .network(let text): "could not reach Conduit: \(text)"
        case .http(let status, let method): "\(method): Conduit answered HTTP \(status)"
        case .badAnswer(let text): text
        case .conduit(let code, let info, let method): "\(method): Conduit refused it: \(code): \(info)"
        case .encoding(let text): text
        }
    }
}
