import Foundation
import TelltaleModel

/// Why an event check failed, with what the capture server saw instead.
public enum EventVerificationError: LocalizedError, Sendable {
    /// Fewer than `expected` matching events arrived within the timeout.
    case notFound(expectation: String, expected: Int, found: Int, nearestMisses: [ClosestEvent])
    /// Events arrived that should not have, or more than expected.
    case unexpected(expectation: String, expected: Int, found: [Event])
    /// Not started by `telltale run` (no TELLTALE_CONTROL_URL) and no URL given.
    case notConfigured
    /// The capture server could not be asked.
    case server(url: String, reason: String)

    /// What a failed test shows: the expectation, what was found and the closest captured events
    /// (or, for unwanted events, the first five of them with their params).
    public var errorDescription: String? {
        switch self {
        case .notFound(let expectation, let expected, let found, let misses):
            let text = "expected \(expected) × \(expectation), found \(found)"
            guard !misses.isEmpty else { return text + "; no other events in scope" }
            return ([text] + ClosestEvent.lines(misses).map { "  " + $0 }).joined(separator: "\n")
        case .unexpected(let expectation, let expected, let found):
            return "expected \(expected) × \(expectation), found \(found.count): "
                + found.prefix(5).map { "\($0.name) \(Self.compact($0.params))" }.joined(separator: ", ")
        case .notConfigured:
            return "no capture server: TELLTALE_CONTROL_URL is not set (run under `telltale run`, or give EventVerifier a URL)"
        case .server(let url, let reason):
            return "capture server \(url): \(reason)"
        }
    }

    static func compact(_ params: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(params), as: UTF8.self)) ?? ""
    }
}
