/// How many matching events a test must send: `count: 2` is exactly two, `{ atLeast: 1 }`
/// (the default) one or more, `{ atMost: 3 }` up to three.
package struct EventCount: Sendable, Hashable, CustomStringConvertible {
    package var minimum: Int
    /// nil: no upper bound.
    package var maximum: Int?

    package init(minimum: Int, maximum: Int?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    package static func exactly(_ count: Int) -> EventCount { EventCount(minimum: count, maximum: count) }
    package static func atLeast(_ count: Int) -> EventCount { EventCount(minimum: count, maximum: nil) }
    package static func atMost(_ count: Int) -> EventCount { EventCount(minimum: 0, maximum: count) }
    package static let once = EventCount.atLeast(1)

    package func allows(_ count: Int) -> Bool {
        count >= minimum && maximum.map { count <= $0 } ?? true
    }

    /// `exactly 2`, `at least 1`, `at most 3`, `2 to 4`.
    package var description: String {
        switch (minimum, maximum) {
        case (let low, let high?) where low == high: "exactly \(low)"
        case (0, let high?): "at most \(high)"
        case (let low, let high?): "\(low) to \(high)"
        case (let low, nil): "at least \(low)"
        }
    }
}
