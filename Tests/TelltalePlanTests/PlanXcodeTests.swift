import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleTestSupport
import Testing

/// `xcode:`: a plan whose tests an Xcode scheme runs under xcodebuild.
@Suite(.tags(.small))
struct PlanXcodeTests {
    let yaml = """
        version: 1
        package: ..
        xcode:
          project: Shop.xcodeproj
          scheme: Shop
          testPlan: Smoke
          configurations: [English, German]
          destination: platform=iOS Simulator,name=iPhone 16
          buildArguments: [CODE_SIGNING_ALLOWED=NO]
        suites:
          - name: checkout
            filter: [CheckoutUITests]
        """

    @Test func everyKeyIsReadPrintedAndReadBackEqual() throws {
        let plan = try PlanLoader().parse(yaml: yaml, file: "Plans/ios.yml")
        #expect(
            plan.xcode
                == XcodeProject(
                    container: .project("Shop.xcodeproj"), scheme: "Shop", testPlan: "Smoke", configurations: ["English", "German"],
                    destination: "platform=iOS Simulator,name=iPhone 16", buildArguments: ["CODE_SIGNING_ALLOWED=NO"]))
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "Plans/ios.yml") == plan)
        #expect(!PlanPrinter.yaml(Plan(name: "package")).contains("xcode"))
    }

    /// Paths are the plan folder's, as every other path of a plan.
    @Test func theProjectAndTheBuildAreFoundFromThePlansFolder() throws {
        let plan = try PlanLoader().parse(yaml: yaml, file: "App/Plans/ios.yml").resolvingPaths()
        #expect(plan.xcode?.container == .project("App/Plans/Shop.xcodeproj"))
        #expect(plan.xcode?.derivedData == "App/Plans/.build/xcode")
    }

    @Test func aSchemeADestinationAndOneContainerAreNeeded() {
        let found = problems(
            in: """
                version: 1
                xcode:
                  project: Shop.xcodeproj
                  workspace: Shop.xcworkspace
                  configurations: [English]
                """)
        expectProblems(
            found,
            [
                .init(3, 3, "xcode.scheme", "`xcode` has no `scheme`"),
                .init(3, 3, "xcode.destination", "`xcode` has no `destination`"),
                .init(3, 12, "xcode.project", "`project` and `workspace` both given"),
                .init(5, 19, "xcode.configurations", "`configurations` needs a `testPlan`"),
            ])
    }

    /// A suite's flags and variants hold under xcodebuild too: one run for each set.
    @Test func aSuitesVariantsAreReadUnderXcode() throws {
        let plan = try PlanLoader().parse(
            yaml: yaml + """

                    variants: [{ name: loggedOut, environment: { ACCOUNT: guest } }, { name: loggedIn }]
                """, file: "Plans/ios.yml")
        #expect(plan.suites[0].variants.map(\.name) == ["loggedOut", "loggedIn"])
    }
}
