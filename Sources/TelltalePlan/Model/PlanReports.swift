/// Where a run writes its reports.
package struct PlanReports: Sendable, Equatable {
    package static let defaultDirectory = "Reports"

    /// Relative to the plan file's folder, as written; `Plan.resolvingPaths()` resolves it.
    package var dir: String

    package init(dir: String = PlanReports.defaultDirectory) {
        self.dir = dir
    }
}
