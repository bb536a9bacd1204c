import Foundation
import TelltaleWire

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
///
/// A failed check names where it was called, first, as a compiler names a place
/// (`/…/CartTests.swift:42:9: expected 1 × …`): both frameworks place a thrown error at the test
/// itself, so the text points at the call, and `telltale run` records the failure there.
public enum EventVerificationError: LocalizedError, CustomStringConvertible, Sendable {
    /// Fewer than `expected` matching events arrived within the timeout; `at` is the check's call.
    case notFound(expectation: String, expected: Int, found: Int, nearestMisses: [ClosestEvent], at: SourceLocation? = nil)
    /// Events arrived that should not have, or more than expected; `at` is the check's call.
    case unexpected(expectation: String, expected: Int, found: [Event], at: SourceLocation? = nil)
    /// Not started by `telltale run` (no TELLTALE_CONTROL_URL) and no URL given.
    case notConfigured
    /// The capture server could not be asked.
    case server(url: String, reason: String)

    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return place + message
    }

    /// Where the failed check was called, when it was a check (not a setup problem).
    public var location: SourceLocation? {
        switch self {
        case .notFound(_, _, _, _, let location), .unexpected(_, _, _, let location): location
        case .notConfigured, .server: nil
        }
    }

    /// The error as if the check at `location` threw it.
    func at(_ location: SourceLocation) -> EventVerificationError {
        switch self {
        case .notFound(let expectation, let expected, let found, let misses, _):
            .notFound(expectation: expectation, expected: expected, found: found, nearestMisses: misses, at: location)
        case .unexpected(let expectation, let expected, let found, _):
            .unexpected(expectation: expectation, expected: expected, found: found, at: location)
        case .notConfigured, .server: self
        }
    }

    /// What failed, without where.
    public var message: String {
        switch self {
        case .notFound(let expectation, let expected, let found, let misses, _):
            let text = "expected \(expected) × \(expectation), found \(found)"
            return misses.isEmpty ? text + "; no other events in scope" : ClosestEvent.message(text, closest: misses)
        case .unexpected(let expectation, let expected, let found, _):
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
