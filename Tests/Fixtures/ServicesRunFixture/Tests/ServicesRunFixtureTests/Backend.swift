import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The backend instance `telltale run` started for this test's worker.
enum Backend {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    static func url(_ path: String) throws -> URL {
        guard let base = ProcessInfo.processInfo.environment["TELLTALE_SERVICE_BACKEND_URL"] else {
            throw Unavailable(description: "TELLTALE_SERVICE_BACKEND_URL is not set: run these tests with telltale run")
        }
        return URL(string: base + path)!
    }

    /// The answer's body, or an error for a failed request.
    static func call(_ method: String, _ path: String) async throws -> String {
        var request = URLRequest(url: try url(path))
        request.httpMethod = method
        let (data, _) = try await URLSession.shared.data(for: request)
        return String(decoding: data, as: UTF8.self)
    }
}
