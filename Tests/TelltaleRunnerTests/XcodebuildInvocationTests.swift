import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// The `xcodebuild` commands of a plan with `xcode:`, each checked against the options
/// `man xcodebuild` (Xcode 16) documents: the action, every option known with the values it
/// takes, build settings as `NAME=VALUE`.
@Suite(.tags(.small))
struct XcodebuildInvocationTests {
    let app = XcodeProject(
        container: .project("Shop.xcodeproj"), scheme: "Shop", destination: "platform=iOS Simulator,name=iPhone 16",
        derivedData: "/work/Shop/.build/xcode", buildArguments: ["-configuration", "Debug", "CODE_SIGNING_ALLOWED=NO"])
    let xctestrun = "/work/Shop/.build/xcode/Build/Products/Shop_iphonesimulator18.2-arm64.xctestrun"

    /// Shop's tests as `-enumerate-tests` lists them: XCTest methods with `()`, a Swift Testing suite.
    let enumeration = """
        { "errors": [], "values": [ { "testPlan": "Shop", "disabledTests": [],
          "enabledTests": [
            { "identifier": "ShopTests/CartTests/testAdd()" }, { "identifier": "ShopTests/CartTests/testRemove()" },
            { "identifier": "ShopTests/PriceRules/roundsToCents()" }, { "identifier": "ShopTests/PriceRules/appliesVAT(rate:)" },
            { "identifier": "ShopUITests/CheckoutUITests/testPay()" }, { "identifier": "ShopUITests/CheckoutUITests/testPayAsGuest()" },
            { "identifier": "ShopUITests/SearchUITests/testSearch" }
          ] } ] }
        """

    var listed: [ListedTest] { get throws { try XcodeTestListing.decode(Data(enumeration.utf8), path: "tests.json").tests } }

    @Test func oneSchemeBuildsOnceAndRunsWhatItBuilt() throws {
        let build = XcodebuildInvocation.buildForTesting(app)
        #expect(
            build == [
                "build-for-testing", "-project", "Shop.xcodeproj", "-scheme", "Shop", "-destination", "platform=iOS Simulator,name=iPhone 16",
                "-derivedDataPath", "/work/Shop/.build/xcode", "-configuration", "Debug", "CODE_SIGNING_ALLOWED=NO",
            ])
        try XcodebuildManual.check(build)
        let run = XcodebuildInvocation.testWithoutBuilding(app, xctestrun: xctestrun, run: .init(resultBundle: "/r/tests.xcresult"))
        #expect(
            run == [
                "test-without-building", "-xctestrun", xctestrun, "-destination", "platform=iOS Simulator,name=iPhone 16",
                "-resultBundlePath", "/r/tests.xcresult",
            ])
        try XcodebuildManual.check(run)
        let list = XcodebuildInvocation.enumerateTests(app, xctestrun: xctestrun, output: "/r/logs/xcode-tests.json")
        #expect(
            Array(list.suffix(7)) == [
                "-enumerate-tests", "-test-enumeration-format", "json", "-test-enumeration-style", "flat", "-test-enumeration-output-path",
                "/r/logs/xcode-tests.json",
            ])
        try XcodebuildManual.check(list)
    }

    @Test func aTestPlanWithTwoConfigurationsRunsBoth() throws {
        var smoke = app
        smoke.container = .workspace("Shop.xcworkspace")
        smoke.testPlan = "Smoke"
        smoke.configurations = ["English", "German"]
        let build = XcodebuildInvocation.buildForTesting(smoke)
        #expect(build.starts(with: ["build-for-testing", "-workspace", "Shop.xcworkspace", "-scheme", "Shop", "-testPlan", "Smoke"]))
        try XcodebuildManual.check(build)
        let run = XcodebuildInvocation.testWithoutBuilding(smoke, xctestrun: xctestrun, run: .init(resultBundle: "/r/t.xcresult"))
        #expect(run.contains(subsequence: ["-only-test-configuration", "English", "-only-test-configuration", "German"]))
        try XcodebuildManual.check(run)
    }

    @Test func filterAndSkipBecomeOnlyTestingAndSkipTesting() throws {
        let tests = try listed
        #expect(
            tests.map(\.id.rawValue) == [
                "ShopTests.CartTests/testAdd", "ShopTests.CartTests/testRemove", "ShopTests.PriceRules/roundsToCents()",
                "ShopTests.PriceRules/appliesVAT(rate:)", "ShopUITests.CheckoutUITests/testPay", "ShopUITests.CheckoutUITests/testPayAsGuest",
                "ShopUITests.SearchUITests/testSearch",
            ])
        #expect(tests.map(\.framework) == [.xctest, .xctest, .swiftTesting, .swiftTesting, .xctest, .xctest, .xctest])

        // --filter CheckoutUITests/testPay$ --filter PriceRules: the smallest list that names them.
        let filtered = try TestSelection(filter: ["CheckoutUITests/testPay$", "PriceRules"]).select(tests)
        let only = XcodeTestSelection(selected: filtered.map(\.id), listed: tests.map(\.id))
        #expect(only == XcodeTestSelection(only: ["ShopTests/PriceRules", "ShopUITests/CheckoutUITests/testPay"]))
        let run = XcodebuildInvocation.testWithoutBuilding(app, xctestrun: xctestrun, run: .init(selection: only, resultBundle: "/r/t.xcresult"))
        #expect(run.contains(subsequence: ["-only-testing", "ShopUITests/CheckoutUITests/testPay"]))
        try XcodebuildManual.check(run)

        // --skip Search: everything but one class is shorter said as what to skip.
        let skipped = try TestSelection(skip: ["SearchUITests"]).select(tests)
        let skip = XcodeTestSelection(selected: skipped.map(\.id), listed: tests.map(\.id))
        #expect(skip == XcodeTestSelection(skip: ["ShopUITests/SearchUITests"]))
        let skipping = XcodebuildInvocation.testWithoutBuilding(app, xctestrun: xctestrun, run: .init(selection: skip, resultBundle: "/r/t.xcresult"))
        #expect(skipping.contains(subsequence: ["-skip-testing", "ShopUITests/SearchUITests"]))
        try XcodebuildManual.check(skipping)
        #expect(XcodeTestSelection(selected: tests.map(\.id), listed: tests.map(\.id)) == XcodeTestSelection())
    }

    /// `--shard 2/3` with the history's timings: the planner's second shard, named test by test.
    @Test func theSecondOfThreeShardsRunsWhatThePlannerGaveIt() throws {
        let tests = try listed
        let durations = Dictionary(uniqueKeysWithValues: zip(tests.map(\.id.timingKey), [40.0, 5, 1, 1, 30, 25, 10]))
        let second = ShardPlanner.select(tests, shard: Shard(index: 2, count: 3), durations: durations)
        let all = ShardPlanner.split(tests, count: 3, durations: durations)
        #expect(Set(second.map(\.id)) == Set(all[1].map(\.id)))
        #expect(!second.isEmpty && second.count < tests.count)
        let selection = XcodeTestSelection(selected: second.map(\.id), listed: tests.map(\.id))
        let run = XcodebuildInvocation.testWithoutBuilding(
            app, xctestrun: xctestrun, run: .init(selection: selection, resultBundle: "/r/shard-2.xcresult"))
        let named = zip(run, run.dropFirst()).filter { $0.0 == "-only-testing" }.map(\.1)
        #expect(!named.isEmpty)
        let covered = tests.filter { test in
            let identifier = XcodeTestSelection.identifier(of: test.id)
            return named.contains { identifier == $0 || identifier.hasPrefix($0 + "/") }
        }
        #expect(Set(covered.map(\.id)) == Set(second.map(\.id)))
        try XcodebuildManual.check(run)
    }

    @Test func threeWorkersAndRetriesAreXcodebuildsOwn() throws {
        let run = XcodebuildInvocation.testWithoutBuilding(
            app, xctestrun: xctestrun, run: .init(workers: 3, retries: 2, testTimeout: .seconds(90), resultBundle: "/r/t.xcresult"))
        #expect(run.contains(subsequence: ["-parallel-testing-enabled", "YES", "-parallel-testing-worker-count", "3"]))
        #expect(run.contains(subsequence: ["-test-timeouts-enabled", "YES", "-default-test-execution-time-allowance", "90"]))
        #expect(run.contains(subsequence: ["-retry-tests-on-failure", "-test-iterations", "3"]))
        try XcodebuildManual.check(run)
        let one = XcodebuildInvocation.testWithoutBuilding(app, xctestrun: xctestrun, run: .init(workers: 1, resultBundle: "/r/t.xcresult"))
        #expect(one.contains(subsequence: ["-parallel-testing-enabled", "NO"]) && !one.contains("-parallel-testing-worker-count"))
    }

    /// The checker itself refuses what the manual does not document.
    @Test func theManualRefusesWhatItDoesNotDocument() {
        for wrong in [
            ["test-without-building", "-onlyTesting:ShopTests"], ["test-without-building", "-parallel-testing-enabled", "3"],
            // The colon form is not the manual's.
            ["test-without-building", "-only-testing:ShopTests"],
            ["run-tests", "-scheme", "Shop"], ["test", "-scheme"], ["test", "-test-enumeration-style", "tree"],
        ] {
            #expect(throws: XcodebuildManual.Violation.self, "\(wrong)") { try XcodebuildManual.check(wrong) }
        }
    }

    @Test func theRunsVariablesReachTheTestRunnerPrefixed() {
        let variables = XcodebuildInvocation.testRunnerEnvironment(["TELLTALE_CAPTURE_URL": "http://127.0.0.1:5000", "API_MODE": "stub"])
        #expect(variables == ["TEST_RUNNER_TELLTALE_CAPTURE_URL": "http://127.0.0.1:5000", "TEST_RUNNER_API_MODE": "stub"])
    }

    @Test func aListingWithErrorsSaysSo() {
        #expect(throws: XcodeError.self) {
            try XcodeTestListing.decode(Data(#"{"errors": ["Tests in the target “ShopUITests” can’t be run"], "values": []}"#.utf8), path: "t.json")
        }
        #expect(throws: XcodeError.self) { try XcodeTestListing.decode(Data("[]".utf8), path: "t.json") }
    }

    @Test func theNewestXctestrunOfTheSchemeAndTestPlanIsTheOneRun() throws {
        let derived = FileManager.default.temporaryDirectory.appendingPathComponent("xctestrun-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: derived) }
        let products = "\(derived)/Build/Products"
        try FileManager.default.createDirectory(atPath: products, withIntermediateDirectories: true)
        for name in [
            "Shop_iphonesimulator18.2-arm64.xctestrun", "Shop_Smoke_iphonesimulator18.2-arm64.xctestrun", "Other_iphonesimulator18.2-arm64.xctestrun",
        ] {
            FileManager.default.createFile(atPath: "\(products)/\(name)", contents: Data())
        }
        #expect(
            try XcodeProducts.xctestrun(derivedData: derived, scheme: "Shop", testPlan: "Smoke").hasSuffix(
                "/Shop_Smoke_iphonesimulator18.2-arm64.xctestrun"))
        #expect(throws: XcodeError.self) { try XcodeProducts.xctestrun(derivedData: derived, scheme: "Shop", testPlan: "Nightly") }
    }
}

extension Array where Element: Equatable {
    func contains(subsequence: [Element]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<($0 + subsequence.count)]) == subsequence }
    }
}
