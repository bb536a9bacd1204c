/// An Xcode scheme whose tests run under `xcodebuild` on a simulator or device: a plan's `xcode:`
/// (macOS only; see Docs/Xcode.md), and what every xcodebuild command of the run is made from.
public struct XcodeProject: Sendable, Equatable {
    /// Where the scheme is.
    public enum Container: Sendable, Equatable {
        /// An `.xcodeproj` (`-project`).
        case project(String)
        /// An `.xcworkspace` (`-workspace`).
        case workspace(String)
        /// Neither named: xcodebuild finds the one project in its working directory.
        case found
    }

    public var container: Container
    /// `-scheme`: the scheme whose tests run.
    public var scheme: String
    /// `-testPlan`: one of the scheme's test plans; its default test plan when nil.
    public var testPlan: String?
    /// `-only-test-configuration`: the test plan's configurations to run; all of them when empty.
    public var configurations: [String]
    /// `-destination`, such as `platform=iOS Simulator,name=iPhone 16`.
    public var destination: String
    /// `-derivedDataPath`: where the build goes (in a plan, relative to the plan's folder).
    public var derivedData: String
    /// More arguments for `xcodebuild build-for-testing` (`-configuration Debug`, `CODE_SIGNING_ALLOWED=NO`).
    public var buildArguments: [String]

    public init(
        container: Container = .found, scheme: String, testPlan: String? = nil, configurations: [String] = [], destination: String,
        derivedData: String = XcodeProject.defaultDerivedData, buildArguments: [String] = []
    ) {
        self.container = container
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
