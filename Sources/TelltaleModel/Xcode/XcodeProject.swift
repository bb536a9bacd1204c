/// An Xcode scheme whose tests run under `xcodebuild` on a simulator or device: a plan's `xcode:`
/// (macOS only; see Docs/Xcode.md), and what every xcodebuild command of the run is made from.
package struct XcodeProject: Sendable, Equatable {
    /// Where the scheme is.
    package enum Container: Sendable, Equatable {
        /// An `.xcodeproj` (`-project`).
        case project(String)
        /// An `.xcworkspace` (`-workspace`).
        case workspace(String)
        /// Neither named: xcodebuild finds the one project in its working directory.
        case found
    }

    package var container: Container
    /// `-scheme`: the scheme whose tests run.
    package var scheme: String
    /// `-testPlan`: one of the scheme's test plans; its default test plan when nil.
    package var testPlan: String?
    /// `-only-test-configuration`: the test plan's configurations to run; all of them when empty.
    package var configurations: [String]
    /// `-destination`, such as `platform=iOS Simulator,name=iPhone 16`.
    package var destination: String
    /// `-derivedDataPath`: where the build goes (in a plan, relative to the plan's folder).
    package var derivedData: String
    /// More arguments for `xcodebuild build-for-testing` (`-configuration Debug`, `CODE_SIGNING_ALLOWED=NO`).
    package var buildArguments: [String]

    package init(
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
    package static let defaultDerivedData = ".build/xcode"
}
