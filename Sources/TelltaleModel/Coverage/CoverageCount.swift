import Foundation

/// How many of some executable things (lines, functions, branches) ran at least once.
package struct CoverageCount: Codable, Sendable, Hashable {
    package var covered: Int
    package var total: Int

    package init(covered: Int = 0, total: Int = 0) {
        self.covered = covered
        self.total = total
    }

    /// Covered over total, from 0 to 100; nil when there is nothing to cover.
    package var percent: Double? {
        total == 0 ? nil : Double(covered) / Double(total) * 100
    }

    package var uncovered: Int { total - covered }

    /// `76.8%` for 43/56, as `lcov --summary` prints it (see `rate`); `—` with nothing to cover.
    package var percentText: String {
        total == 0 ? "—" : rate(scale: 100, decimals: 1) + "%"
    }

    /// Covered over total times `scale`, with `decimals` decimals, exactly as lcov writes a rate:
    /// C's `%.*f` of `covered * scale / total` (rounded to nearest), then never the top unless
    /// every one ran, nor zero unless none did (one step of the last decimal below, or above). So every
    /// report agrees with `lcov --summary` of the run's `coverage.lcov`. Nothing to count gives zero.
    package func rate(scale: Double, decimals: Int) -> String {
        guard total > 0 else { return String(format: "%.*f", decimals, 0.0) }
        let step = 1 / pow(10, Double(decimals))
        let text = String(format: "%.*f", decimals, Double(covered) * scale / Double(total))
        let value = Double(text) ?? 0
        if value == 0, covered > 0 { return String(format: "%.*f", decimals, step) }
        if value == scale, covered != total { return String(format: "%.*f", decimals, scale - step) }
        return text
    }

    /// `17/20, 85.0%`.
    package var description: String { "\(covered)/\(total), \(percentText)" }

    package static func + (lhs: Self, rhs: Self) -> Self {
        Self(covered: lhs.covered + rhs.covered, total: lhs.total + rhs.total)
    }

    package static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
}
