import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct TestSelectionTests {
    let tests = [
        ListedTest(id: TestID("App.LoginTests/testOK"), framework: .xctest),
        ListedTest(id: TestID("App.LoginTests/testBad"), framework: .xctest),
        ListedTest(id: TestID("App.CartTests/testAdd"), framework: .xctest),
        ListedTest(id: TestID("App.Checkout/pays()"), framework: .swiftTesting),
        ListedTest(id: TestID("App.Checkout/Declined/refuses()"), framework: .swiftTesting),
    ]

    func ids(_ selection: TestSelection) throws -> [String] {
        try selection.select(tests).map(\.id.rawValue)
    }

    @Test func noPatternsSelectsEverything() throws {
        #expect(try ids(TestSelection()).count == tests.count)
    }

    @Test func filterMatchesAnywhereInTheID() throws {
        #expect(try ids(TestSelection(filter: ["Login"])) == ["App.LoginTests/testOK", "App.LoginTests/testBad"])
        #expect(try ids(TestSelection(filter: ["testBad$", "Cart"])) == ["App.LoginTests/testBad", "App.CartTests/testAdd"])
    }

    @Test func skipWinsOverFilter() throws {
        #expect(try ids(TestSelection(filter: ["Login"], skip: ["testBad"])) == ["App.LoginTests/testOK"])
    }

    @Test func swiftTestingSuiteIDsMatchLikeSwiftTestingDoes() throws {
        // `Checkout/Declined$` names only the nested suite, as Swift Testing's own --filter would.
        #expect(try ids(TestSelection(filter: ["Checkout/Declined$"])) == ["App.Checkout/Declined/refuses()"])
        #expect(try ids(TestSelection(filter: ["^App\\.Checkout$"])) == ["App.Checkout/pays()", "App.Checkout/Declined/refuses()"])
        // XCTest ids match only as a whole, as SwiftPM matches them.
        #expect(try ids(TestSelection(filter: ["^App\\.LoginTests$"])) == [])
    }

    @Test func groupsSelectTheUnionAndNameTheirTests() throws {
        let selection = TestSelection(groups: [
            .init(name: "login", filter: ["Login"], skip: ["testBad"]),
            .init(name: "checkout", filter: ["Checkout"], skip: []),
        ])
        #expect(try ids(selection) == ["App.LoginTests/testOK", "App.Checkout/pays()", "App.Checkout/Declined/refuses()"])
        #expect(selection.group(of: tests[3]) == "checkout")
        #expect(selection.group(of: tests[2]) == nil)
    }

    @Test func invalidPatternIsAnErrorNamingIt() {
        #expect(throws: TestSelection.SelectionError.self) { try TestSelection(filter: ["(unclosed"]).select(tests) }
        let error = #expect(throws: TestSelection.SelectionError.self) { try TestSelection(skip: ["[z-a]"]).select(tests) }
        #expect(error?.description.contains("'[z-a]' is not a valid regular expression") == true, "\(String(describing: error))")
    }
}

/// Tags select as Swift Testing's tag filters do; a suite's tags count for its tests.
@Suite(.tags(.small))
struct TagSelectionTests {
    let tests = [
        ListedTest(id: TestID("App.Login/testOK"), framework: .xctest),
        ListedTest(id: TestID("App.Net/fetches()"), framework: .swiftTesting, traits: TestTraits(tags: ["network"])),
        ListedTest(id: TestID("App.Net/uploads()"), framework: .swiftTesting, traits: TestTraits(tags: ["network", "slow"])),
        ListedTest(id: TestID("App.Math/adds()"), framework: .swiftTesting),
    ]

    func names(_ selection: TestSelection) throws -> [String] {
        try selection.select(tests).map(\.id.name)
    }

    @Test func tagsSelectTestsWithAnyOfThem() throws {
        #expect(try names(TestSelection(tags: ["network"])) == ["fetches()", "uploads()"])
        #expect(try names(TestSelection(tags: [".slow", "nothing"])) == ["uploads()"])
    }

    @Test func skipTagsLeaveTestsOut() throws {
        #expect(try names(TestSelection(skipTags: ["slow"])) == ["testOK", "fetches()", "adds()"])
        #expect(try names(TestSelection(tags: ["network"], skipTags: [".slow"])) == ["fetches()"])
    }

    @Test func aGroupsTagsChooseItsTests() throws {
        let selection = TestSelection(groups: [
            TestSelection.Group(name: "net", filter: [], skip: [], tags: ["network"], skipTags: ["slow"]),
            TestSelection.Group(name: "plain", filter: ["Math"], skip: []),
        ])
        #expect(try names(selection) == ["fetches()", "adds()"])
        #expect(selection.group(of: tests[1]) == "net")
        #expect(selection.group(of: tests[2]) == nil)
    }
}
