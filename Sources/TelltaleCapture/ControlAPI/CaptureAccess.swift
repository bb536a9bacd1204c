import Foundation
import Hummingbird
import NIOCore
import TelltaleModel

/// The access token that guards everything but the capture routes (the inspector, its event
/// stream and the control API) when the server listens beyond loopback, where anyone on the
/// network could otherwise read every captured event or reset the store. Capture routes stay
/// open, as the vendors' endpoints are to their SDKs.
///
/// A request shows the token as `Authorization: Bearer TOKEN`, as `?token=TOKEN`, or as the
/// `telltale_token` cookie. The inspector is opened once with `?token=`: it answers with the
/// cookie (`HttpOnly; SameSite=Strict`, for the browser's session) and a redirect to the same
/// page without the token in its address, so the page and its stream go on with the cookie.
struct CaptureAccess: Sendable {
    static let cookieName = "telltale_token"

    private let token: [UInt8]

    init(token: String) {
        self.token = Array(token.utf8)
    }

    /// A new random token: 32 bytes from the system's secure generator, as hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// nil when the request may go on; otherwise its answer: 401, or the inspector's redirect
    /// that stores the token in a cookie.
    func gate(_ request: Request, path: String) -> Response? {
        let query = CaptureResponder.query(request.uri.query)
        if let given = query["token"], matches(given) {
            guard request.method == .get, path == "/_telltale/ui" else { return nil }
            return Self.rememberAndRedirect(request, token: given)
        }
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer "),
            matches(String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        {
            return nil
        }
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == Self.cookieName,
                    matches(parts[1].trimmingCharacters(in: .whitespaces))
                {
                    return nil
                }
            }
        }
        return Self.unauthorized()
    }

    /// Compares in time that depends on the expected token's length only, not on where the
    /// given one first differs.
    func matches(_ given: String) -> Bool {
        let given = Array(given.utf8)
        var difference = given.count == token.count ? 0 : 1
        for index in token.indices {
            difference |= Int(token[index] ^ (index < given.count ? given[index] : 0))
        }
        return difference == 0
    }

    /// Says what is wanted, and nothing of what the server holds.
    static func unauthorized() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        headers[.wwwAuthenticate] = "Bearer realm=\"telltale capture\""
        let reason =
            "this capture server listens beyond loopback: its inspector and control API need the access token printed when it started "
            + "(open the inspector once with ?token=TOKEN, or send Authorization: Bearer TOKEN)"
        let body = JSONValue.object(["error": .string(reason)]).compactText
        return Response(status: .unauthorized, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// The inspector's address without the token (the page reads no query), and the cookie
    /// that stands for the token from then on: a session cookie, sent to this server only.
    private static func rememberAndRedirect(_ request: Request, token: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = request.uri.path
        headers[.setCookie] = "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}
