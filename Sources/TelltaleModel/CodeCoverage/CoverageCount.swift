import Foundation

/// How many of some executable things (lines, functions, branches) ran at least once.
public struct CoverageCount: Codable, Sendable, Hashable {
    public var covered: Int
    public var total: Int

    public init(covered: Int = 0, total: Int = 0) {
        self.covered = covered
        self.total = total
    }

    /// Covered over total, from 0 to 100; nil when there is nothing to cover.
    public var percent: Double? {
        total == 0 ? nil : Double(covered) / Double(total) * 100
    }

    public var uncovered: Int { total - covered }

    /// `85.0%`, one decimal, rounded down so 99.96% never reads as 100.0%; `—` with nothing to cover.
    public var percentText: String {
        guard let percent else { return "—" }
        return String(format: "%.1f%%", (percent * 10).rounded(.down) / 10)
    }

    /// `17/20, 85.0%`.
    public var description: String { "\(covered)/\(total), \(percentText)" }

    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(covered: lhs.covered + rhs.covered, total: lhs.total + rhs.total)
    }

    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
}
