/// What `telltale run` was asked to do, after argument parsing.
public struct RunOptions: Sendable {
    /// The plan file; nil runs the package with defaults.
    public var planPath: String?
    /// Overrides the plan's `package`.
    public var package: String?
    /// Overrides the plan's `reports.dir`.
    public var reportDirectory: String?
    /// Added to the plan's filters and skips, as `swift test --filter/--skip`.
    public var filter: [String]
    public var skip: [String]
    /// Use the existing build, as `swift test --skip-build`.
    public var skipBuild: Bool

    public init(
        planPath: String? = nil,
        package: String? = nil,
        reportDirectory: String? = nil,
        filter: [String] = [],
        skip: [String] = [],
        skipBuild: Bool = false
    ) {
        self.planPath = planPath
        self.package = package
        self.reportDirectory = reportDirectory
        self.filter = filter
        self.skip = skip
        self.skipBuild = skipBuild
    }
}
