import Foundation

/// A captured event that resembles an expected one that never came, with what differs.
public struct ClosestEvent: Codable, Sendable, Hashable {
    public var eventID: String
    public var name: String
    public var receivedAt: Date
    /// Whether the name is the expected one; events of that name rank first.
    public var sameName: Bool
    /// How many of the expectation's params matched, of `paramCount`.
    public var matchedParams: Int
    public var paramCount: Int
    /// The params that did not match; empty when only the name differs.
    public var differences: [ParamDifference]
    public var params: [String: JSONValue]

    public init(
        eventID: String, name: String, receivedAt: Date, sameName: Bool, matchedParams: Int, paramCount: Int,
        differences: [ParamDifference], params: [String: JSONValue]
    ) {
        self.eventID = eventID
        self.name = name
        self.receivedAt = receivedAt
        self.sameName = sameName
        self.matchedParams = matchedParams
        self.paramCount = paramCount
        self.differences = differences
        self.params = params
    }

    /// The closest events as people read them, wherever a miss is shown (a plan's failure,
    /// `EventVerifier`'s error, the reports):
    ///
    ///     closest captured events:
    ///     - purchase_completed (#e42): 0 of 1 params match
    ///         value: expected number > 0, got "9.99" (string)
    public static func lines(_ closest: [ClosestEvent]) -> [String] {
        guard !closest.isEmpty else { return [] }
        var lines = ["closest captured events:"]
        for event in closest {
            lines.append("- \(event.summary)")
            lines += event.differences.map { "    \($0)" }
        }
        return lines
    }

    /// A miss as every failure shows it (a plan's expectation, `EventVerifier`'s error): `first`
    /// with the nearest miss after it (the line JUnit's `message`, the console and summaries
    /// show; at most 240 characters), then the closest three events with up to three differences
    /// each, indented by `indent`, in at most 150 characters: the closest events past that are
    /// left out (a report's details list them all). Under 400 characters in all, and the same
    /// lines after the first whatever the first says.
    public static func message(_ first: String, closest: [ClosestEvent], indent: String = "  ") -> String {
        let head = headline(closest).map { "\(first); \($0)" } ?? first
        let shown = closest.prefix(3).map { miss in
            var miss = miss
            miss.differences = Array(miss.differences.prefix(3))
            return miss
        }
        var details = lines(shown).map { cut(indent + $0, to: 120) }
        while details.joined(separator: "\n").count > detailsLength, details.count > 1 {
            details.removeLast(details.last == indent + "…" ? 2 : 1)
            details.append(indent + "…")
        }
        return ([cut(head, to: 240)] + details).joined(separator: "\n")
    }

    private static let detailsLength = 150

    private static func cut(_ line: String, to length: Int) -> String {
        line.count <= length ? line : line.prefix(length - 1) + "…"
    }

    /// The nearest miss in a phrase, for a message's first line (the one JUnit's `message`, the
    /// console and a summary table show): `nearest: purchase_completed (#e42), value: expected
    /// number > 0, got "9.99" (string)`, with `(+N more)` when more params differ.
    public static func headline(_ closest: [ClosestEvent]) -> String? {
        guard let nearest = closest.first else { return nil }
        let name = "nearest: \(nearest.name) (#\(nearest.eventID)\(nearest.sameName ? "" : ", another event"))"
        guard let first = nearest.differences.first else { return name }
        let more = nearest.differences.count > 1 ? " (+\(nearest.differences.count - 1) more)" : ""
        return "\(name), \(first)\(more)"
    }

    /// `purchase_completed (#e42): 1 of 2 params match`, with `another event` when the name differs.
    public var summary: String {
        let other = sameName ? "" : ", another event"
        let params = paramCount == 0 ? "" : ": \(matchedParams) of \(paramCount) params match"
        return "\(name) (#\(eventID)\(other))\(params)"
    }
}

/// One param of a near miss that did not match.
public struct ParamDifference: Codable, Sendable, Hashable, CustomStringConvertible {
    /// `value`, `items[0].sku`.
    public var path: String
    /// What the expectation wanted: `number > 0`.
    public var expected: String
    /// What the event had, with its type: `"9.99" (string)`; nil when the param is missing.
    public var actual: String?

    public init(path: String, expected: String, actual: String?) {
        self.path = path
        self.expected = expected
        self.actual = actual
    }

    /// `value: expected number > 0, got "9.99" (string)`, or `…, but it is missing`.
    public var description: String {
        "\(path): expected \(expected), " + (actual.map { "got \($0)" } ?? "but it is missing")
    }
}
