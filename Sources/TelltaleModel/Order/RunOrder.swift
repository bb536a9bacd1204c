/// How a run ordered and repeated its tests: `--shuffle`'s seed and `--repeat`'s repetitions.
/// Nil on a record when the run did neither.
package struct RunOrder: Codable, Sendable, Hashable {
    /// The seed of the first repetition's order; repetition r used `seed + r − 1`. Nil: the usual order.
    package var seed: Int?
    /// How many times the selection ran.
    package var repetitions: Int
    /// `--until-failure`: the repetitions stopped at the first that failed, or when its time budget ran out.
    package var untilFailure: Bool

    package init(seed: Int?, repetitions: Int = 1, untilFailure: Bool = false) {
        self.seed = seed
        self.repetitions = repetitions
        self.untilFailure = untilFailure
    }

    /// The seed repetition `repetition` (from 1) used.
    package func seed(ofRepetition repetition: Int) -> Int? {
        seed.map { $0 + repetition - 1 }
    }

    /// `shuffle seed 12345 (--shuffle=12345 repeats this order)`.
    package static func seedLine(_ seed: Int) -> String {
        "shuffle seed \(seed) (--shuffle=\(seed) repeats this order)"
    }
}
