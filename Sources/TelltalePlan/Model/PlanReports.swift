/// Where a run writes its reports.
public struct PlanReports: Sendable, Equatable {
    public static let defaultDirectory = "Reports"

    /// Relative to the working directory.
    public var dir: String

    public init(dir: String = PlanReports.defaultDirectory) {
        self.dir = dir
    }
}
