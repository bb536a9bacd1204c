/// How many matching events a test must send: `count: 2` is exactly two, `{ atLeast: 1 }`
/// (the default) one or more, `{ atMost: 3 }` up to three.
public struct EventCount: Sendable, Hashable, CustomStringConvertible {
    public var minimum: Int
    /// nil: no upper bound.
    public var maximum: Int?

    public init(minimum: Int, maximum: Int?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    public static func exactly(_ count: Int) -> EventCount { EventCount(minimum: count, maximum: count) }
    public static func atLeast(_ count: Int) -> EventCount { EventCount(minimum: count, maximum: nil) }
    public static func atMost(_ count: Int) -> EventCount { EventCount(minimum: 0, maximum: count) }
    public static let once = EventCount.atLeast(1)

    public func allows(_ count: Int) -> Bool {
        count >= minimum && maximum.map { count <= $0 } ?? true
    }

    /// `exactly 2`, `at least 1`, `at most 3`, `2 to 4`.
    public var description: String {
        switch (minimum, maximum) {
        case (let low, let high?) where low == high: "exactly \(low)"
        case (0, let high?): "at most \(high)"
        case (let low, let high?): "\(low) to \(high)"
        case (let low, nil): "at least \(low)"
        }
    }
}
