/// `xcode:` in a plan: the plan's tests are an Xcode scheme's, built and run by `xcodebuild` on a
/// simulator or device (macOS only; see Docs/Xcode.md). The plan's selection, suites, retries,
/// workers, shards, services, capture and expectations apply as for a Swift package.
public struct PlanXcode: Sendable, Equatable {
    /// An `.xcodeproj` (`-project`), relative to the plan's folder; or
    public var project: String?
    /// an `.xcworkspace` (`-workspace`); with neither, xcodebuild finds the one in `package`.
    public var workspace: String?
    /// `-scheme`: the scheme whose tests run.
    public var scheme: String
    /// `-testPlan`: one of the scheme's test plans; its default test plan when nil.
    public var testPlan: String?
    /// `-only-test-configuration`: the test plan's configurations to run; all of them when empty.
    public var configurations: [String]
    /// `-destination`, such as `platform=iOS Simulator,name=iPhone 16`.
    public var destination: String
    /// `-derivedDataPath`: where the build goes, relative to the plan's folder.
    public var derivedData: String
    /// More arguments for `xcodebuild build-for-testing` (`-configuration Debug`, `CODE_SIGNING_ALLOWED=NO`).
    public var buildArguments: [String]

    public init(
        project: String? = nil, workspace: String? = nil, scheme: String, testPlan: String? = nil, configurations: [String] = [],
        destination: String, derivedData: String = PlanXcode.defaultDerivedData, buildArguments: [String] = []
    ) {
        self.project = project
        self.workspace = workspace
        self.scheme = scheme
        self.testPlan = testPlan
        self.configurations = configurations
        self.destination = destination
        self.derivedData = derivedData
        self.buildArguments = buildArguments
    }

    /// Where the build goes when the plan does not say, inside the plan's folder.
    public static let defaultDerivedData = ".build/xcode"
}
