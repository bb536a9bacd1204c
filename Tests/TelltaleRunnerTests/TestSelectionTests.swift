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
        do {
            _ = try TestSelection(skip: ["[z-a]"]).select(tests)
        } catch {
            #expect(error.description.contains("'[z-a]' is not a valid regular expression"))
        }
    }
}
