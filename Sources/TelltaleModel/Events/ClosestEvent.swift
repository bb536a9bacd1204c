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
