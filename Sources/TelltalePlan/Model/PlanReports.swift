/// Where a run writes its reports.
package struct PlanReports: Sendable, Equatable {
    package static let defaultDirectory = "Reports"

    /// Relative to the working directory.
    package var dir: String

    package init(dir: String = PlanReports.defaultDirectory) {
        self.dir = dir
    }
}
