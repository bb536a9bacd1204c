import Foundation
import TelltaleModel

/// Why an event check failed, with what the capture server saw instead.
///
/// Its `description` is what a failed test shows in every framework and report: XCTest on Linux
/// prints a thrown error's `description` (`threw error "…"`), Swift Testing prints it after
/// `Caught error:`, and neither reads `LocalizedError` there. Its first line names the nearest
/// miss, since a JUnit `message`, the console and summaries show only that line; the whole is
/// kept short (`ClosestEvent.message`, as a plan's failures are):
///
///     expected 1 × purchase_completed {"currency":"JPY"}, found 0; nearest: purchase_completed (#00000004), currency: expected "JPY", got "USD" (string)
///       closest captured events:
///       - purchase_completed (#00000004): 0 of 1 params match
///           currency: expected "JPY", got "USD" (string)
public enum EventVerificationError: LocalizedError, CustomStringConvertible, Sendable {
    /// Fewer than `expected` matching events arrived within the timeout.
    case notFound(expectation: String, expected: Int, found: Int, nearestMisses: [ClosestEvent])
    /// Events arrived that should not have, or more than expected.
    case unexpected(expectation: String, expected: Int, found: [Event])
    /// Not started by `telltale run` (no TELLTALE_CONTROL_URL) and no URL given.
    case notConfigured
    /// The capture server could not be asked.
    case server(url: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let expectation, let expected, let found, let misses):
            let text = "expected \(expected) × \(expectation), found \(found)"
            return misses.isEmpty ? text + "; no other events in scope" : ClosestEvent.message(text, closest: misses)
        case .unexpected(let expectation, let expected, let found):
            return "expected \(expected) × \(expectation), found \(found.count): "
                + found.prefix(5).map { "\($0.name) \(Self.compact($0.params))" }.joined(separator: ", ")
        case .notConfigured:
            return "no capture server: TELLTALE_CONTROL_URL is not set. `telltale run` sets it for every test process; under "
                + "plain `swift test`, start `telltale capture` and set TELLTALE_CONTROL_URL to its URL followed by /_telltale, "
                + "or give EventVerifier(controlURL:) a URL"
        case .server(let url, let reason):
            return "capture server \(url): \(reason)"
        }
    }

    public var errorDescription: String? { description }

    static func compact(_ params: [String: JSONValue]) -> String {
        JSONValue.object(params).jsonText()
    }
}
