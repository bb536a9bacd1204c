import Foundation
import TelltaleModel

/// Why an event check failed, with what the capture server saw instead.
public enum EventVerificationError: LocalizedError, Sendable {
    /// Fewer than `expected` matching events arrived within the timeout.
    case notFound(expectation: String, expected: Int, found: Int, nearestMisses: [EventNearMiss])
    /// Events arrived that should not have, or more than expected.
    case unexpected(expectation: String, expected: Int, found: [Event])
    /// Not started by `telltale run` (no TELLTALE_CONTROL_URL) and no URL given.
    case notConfigured
    /// The capture server could not be asked.
    case server(url: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .notFound(let expectation, let expected, let found, let misses):
            var text = "expected \(expected) × \(expectation), found \(found)"
            if misses.isEmpty {
                text += "; no other events in scope"
            } else {
                text += "; nearest misses:"
                for miss in misses {
                    text += "\n  \(miss.event.name) \(Self.compact(miss.event.params)) (\(Int(miss.score * 100))% alike): " + miss.differences.joined(separator: "; ")
                }
            }
            return text
        case .unexpected(let expectation, let expected, let found):
            return "expected \(expected) × \(expectation), found \(found.count): " + found.prefix(5).map { "\($0.name) \(Self.compact($0.params))" }.joined(separator: ", ")
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

/// A captured event that resembles the expectation, as the server ranks it.
public struct EventNearMiss: Codable, Sendable, Hashable {
    public var score: Double
    public var differences: [String]
    public var event: Event
}
