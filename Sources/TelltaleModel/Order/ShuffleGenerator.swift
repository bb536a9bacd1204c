/// A random number generator drawn from a seed (SplitMix64): the same seed gives the same
/// numbers on every platform and Swift version, unlike the standard library's generator, so
/// `--shuffle=SEED` repeats an order anywhere.
package struct ShuffleGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: Int) {
        state = UInt64(bitPattern: Int64(seed))
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number below `bound`, without modulo bias (Lemire's method would do too; rejection
    /// keeps it obvious).
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let bound = UInt64(bound)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let value = next()
            if value < limit { return Int(value % bound) }
        }
    }

    /// `items` in an order drawn from this generator (Fisher–Yates, written out rather than
    /// `shuffled(using:)`, whose algorithm the standard library does not promise to keep).
    package mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        guard items.count > 1 else { return items }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, below(index + 1))
        }
        return items
    }

    /// A seed for a run that was given none: five digits, easy to type back (`--shuffle=48213`).
    package static func freshSeed() -> Int {
        Int.random(in: 10_000...99_999)
    }

    /// The largest seed a record keeps exactly: JSON numbers are doubles.
    package static let largestSeed = 9_007_199_254_740_991
}
