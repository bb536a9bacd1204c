import Foundation
import TelltaleHistory
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// A plan suite's `environment` and `variants:` through the real `telltale` on
/// `Tests/Fixtures/VariantsFixture`: the checkout suite runs once as `loggedOut` and once as
/// `loggedIn`, each test named by its variant in run.json, JUnit, summary.md and the history,
/// and each process sees its own variant's variables; the catalog test, outside the suite,
/// runs once and sees none of them.
@Suite(.tags(.large), .serialized)
struct VariantsRunTests {
    static let fixture = "Tests/Fixtures/VariantsFixture"

    let folder: String

    init() throws {
        folder = try TelltaleProcess.temporaryDirectory("VariantsRunTests")
    }

    func plan() throws -> String {
        let path = "\(folder)/variants.yml"
        try """
        version: 1
        package: \(TelltaleProcess.repositoryRoot)/\(Self.fixture)
        arguments: [--verbose]
        suites:
          - name: checkout
            filter: ['\\.Checkout']
            retries: 1
            environment:
              SHOP_REGION: eu
            variants:
              - name: loggedOut
                environment: { ACCOUNT: guest }
              - name: loggedIn
                environment: { ACCOUNT: member }
                arguments: [--saved-card]
          - name: catalog
            filter: ['\\.Catalog/']
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func run(_ reports: String, _ arguments: [String]) async throws -> (TelltaleProcess.Result, RunRecord?, String) {
        let directory = "\(folder)/\(reports)"
        let plan = try plan()
        let result = try await FixtureRuns.shared.withBuilt(fixture: "VariantsFixture") {
            try await TelltaleProcess.run(["run", plan, "--report-dir", directory] + arguments)
        }
        return (result, try? RunRecordFile.read(path: "\(directory)/run.json"), directory)
    }

    @Test func eachVariantRunsEveryTestOfItsSuiteUnderItsOwnFlags() async throws {
        let history = "\(folder)/history.sqlite"
        let (result, record, reports) = try await run("all", ["--skip-build", "--workers", "2", "--history", history])
        #expect(result.status == 1, "a guest cannot pay with a saved card: \(result.stderr)")
        let tests = try #require(record?.tests)
        let outcomes = Dictionary(uniqueKeysWithValues: tests.map { ($0.id.rawValue, $0.outcome) })
        #expect(
            outcomes == [
                "VariantsTests.Checkout/seesItsOwnVariablesAndArguments() [loggedOut]": .passed,
                "VariantsTests.Checkout/seesItsOwnVariablesAndArguments() [loggedIn]": .passed,
                "VariantsTests.Checkout/paysWithASavedCard() [loggedOut]": .failed,
                "VariantsTests.Checkout/paysWithASavedCard() [loggedIn]": .passed,
                "VariantsTests.CheckoutCase/testSeesItsOwnAccount [loggedOut]": .passed,
                "VariantsTests.CheckoutCase/testSeesItsOwnAccount [loggedIn]": .passed,
                "VariantsTests.Catalog/seesNoVariant()": .passed,
            ], "\(result.stderr)")

        // The failure is the guest's, retried under the same variant, with the value it saw.
        let guest = try #require(tests.first { $0.id.rawValue == "VariantsTests.Checkout/paysWithASavedCard() [loggedOut]" })
        #expect(guest.previousAttempts.count == 1)
        #expect(guest.messages.contains { $0.text.contains("guest") && $0.text.contains("only a member has a saved card") }, "\(guest.messages)")
        let xctest = try #require(tests.first { $0.id.rawValue == "VariantsTests.CheckoutCase/testSeesItsOwnAccount [loggedIn]" })
        #expect(xctest.output.contains("account=member variant=loggedIn"), "\(xctest.output)")

        // Every report names the variant.
        let junit = try String(contentsOfFile: "\(reports)/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"name="paysWithASavedCard() [loggedOut]""#))
        #expect(junit.contains(#"name="testSeesItsOwnAccount [loggedIn]""#))
        #expect(try await XMLLint.validate(path: "\(reports)/junit.xml").status == 0)
        let summary = try String(contentsOfFile: "\(reports)/summary.md", encoding: .utf8)
        #expect(summary.contains("paysWithASavedCard() [loggedOut]"))
        let passed = try await HistoryStore(path: history).testsThatPassed()
        #expect(passed.contains("VariantsTests.Checkout/paysWithASavedCard() [loggedIn]"))
        #expect(!passed.contains("VariantsTests.Checkout/paysWithASavedCard() [loggedOut]"))
        #expect(passed.contains("VariantsTests.Catalog/seesNoVariant()"))
    }

    /// A pattern may name one variant; one that names the test selects all of them.
    @Test func aFilterSelectsOneVariantOrAll() async throws {
        let (one, oneRecord, _) = try await run("one", ["--skip-build", "--filter", #"paysWithASavedCard\(\) \[loggedIn\]"#])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(oneRecord?.tests.map(\.id.rawValue) == ["VariantsTests.Checkout/paysWithASavedCard() [loggedIn]"])
        let (both, bothRecord, _) = try await run("both", ["--skip-build", "--filter", "CheckoutCase"])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(
            bothRecord?.tests.map(\.id.rawValue).sorted() == [
                "VariantsTests.CheckoutCase/testSeesItsOwnAccount [loggedIn]", "VariantsTests.CheckoutCase/testSeesItsOwnAccount [loggedOut]",
            ])
    }
}
