import Foundation
import TelltaleModel

/// Why an event check failed, with what the capture server saw instead.
///
/// Its `description` is what a failed test shows in every framework and report: XCTest on Linux
/// prints a thrown error's `description` (`threw error "…"`), Swift Testing prints it after
/// `Caught error:`, and neither reads `LocalizedError` there. It is kept short (the closest
/// three events, their first three differences) so it reads well in a JUnit `message` too:
///
///     expected 1 × purchase_completed {"currency":"JPY"}, found 0
///     closest captured events:
///     - purchase_completed (#00000004): 0 of 1 params match
///         currency: expected "JPY", got "USD" (string)
public enum EventVerificationError: LocalizedError, CustomStringConvertible, Sendable {
    /// Fewer than `expected` matching events arrived within the timeout.
    case notFound(expectation: String, expected: Int, found: Int, nearestMisses: [ClosestEvent])
    /// Events arrived that should not have, or more than expected.
    case unexpected(expectation: String, expected: Int, found: [Event])
    /// Not started by `telltale run` (no TELLTALE_CONTROL_URL) and no URL given.
    case notConfigured
    /// The capture server could not be asked.
    case server(url: String, reason: String)

    /// How many closest events, and differences of each, a message shows.
    static let shownMisses = 3
    static let shownDifferences = 3

    public var description: String {
        switch self {
        case .notFound(let expectation, let expected, let found, let misses):
            let text = "expected \(expected) × \(expectation), found \(found)"
            guard !misses.isEmpty else { return text + "; no other events in scope" }
            let shown = misses.prefix(Self.shownMisses).map { miss in
                var miss = miss
                miss.differences = Array(miss.differences.prefix(Self.shownDifferences))
                return miss
            }
            return ([text] + ClosestEvent.lines(shown).map(Self.cut)).joined(separator: "\n")
        case .unexpected(let expectation, let expected, let found):
            return "expected \(expected) × \(expectation), found \(found.count): "
                + found.prefix(5).map { "\($0.name) \(Self.compact($0.params))" }.joined(separator: ", ")
        case .notConfigured:
            return "no capture server: TELLTALE_CONTROL_URL is not set (run under `telltale run`, or give EventVerifier a URL)"
        case .server(let url, let reason):
            return "capture server \(url): \(reason)"
        }
    }

    public var errorDescription: String? { description }

    /// A line of at most 120 characters: a long captured value does not bury the message.
    static func cut(_ line: String) -> String {
        line.count <= 120 ? line : line.prefix(119) + "…"
    }

    static func compact(_ params: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(params), as: UTF8.self)) ?? ""
    }
}
