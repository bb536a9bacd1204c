import Foundation
import TelltaleJSONSchema

/// Every problem found in a plan, so one edit-and-retry fixes them all.
package struct PlanError: Error, LocalizedError, Sendable {
    /// Grouped by file, each sorted by position, so every file reads top to bottom. Files keep
    /// the order their first problems were found in: a plan is checked before the tracking
    /// plan it names, so its problems come first.
    package var problems: [LocatedProblem]
    /// The plan as far as it could be read, when the file held one: the tracking plan and the
    /// expectations are still checked against it, so `plan validate` reports everything at once.
    package var partialPlan: Plan?

    package init(problems: [LocatedProblem], partialPlan: Plan? = nil) {
        self.partialPlan = partialPlan
        var fileOrder: [String: Int] = [:]
        for problem in problems where fileOrder[problem.file] == nil {
            fileOrder[problem.file] = fileOrder.count
        }
        // Sort by index too: ties keep the order they were found in.
        self.problems = problems.enumerated().sorted { lhs, rhs in
            let left = (fileOrder[lhs.element.file] ?? 0, lhs.element.line, lhs.element.column, lhs.offset)
            let right = (fileOrder[rhs.element.file] ?? 0, rhs.element.line, rhs.element.column, rhs.offset)
            return left < right
        }.map(\.element)
    }

    /// Every problem compiler-style, one after another, each with its `hint:` line:
    /// `Plans/ci.yml:7:22: error: suites[0].timeout.test: '5 minutes' is not a duration`.
    package var errorDescription: String? {
        problems.map(\.description).joined(separator: "\n")
    }
}
