import Foundation

/// Every problem found in a plan, so one edit-and-retry fixes them all.
public struct PlanError: Error, LocalizedError, Sendable {
    /// Sorted by position in the file.
    public var problems: [PlanProblem]

    public init(problems: [PlanProblem]) {
        // Sort by index too: ties keep the order they were found in.
        self.problems = problems.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.line, lhs.element.column, lhs.offset)
            let right = (rhs.element.line, rhs.element.column, rhs.offset)
            return left < right
        }.map(\.element)
    }

    public var errorDescription: String? {
        problems.map(\.description).joined(separator: "\n")
    }
}
