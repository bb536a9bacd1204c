import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `Tests/Fixtures/RawIdentifierFixture`: Swift Testing tests named with raw identifiers (SE-0451),
/// with spaces, a quote, `@`, parentheses, a dot and a slash, one parameterized and one failing.
/// `swift test list` lists them with their backticks; each must be run, reported and selected
/// like any other, with the verdict `swift test` gives, whichever launcher starts the processes.
@Suite(.tags(.large))
struct RawIdentifierRunTests {
    static let fixture = "RawIdentifierFixture"

    static let outcomes: [String: TestOutcome] = [
        "RawIdentifierTests.`Checkout rules`/`3rd party macros are allowed`()": .passed,
        "RawIdentifierTests.`Checkout rules`/`it's quoted`()": .passed,
        "RawIdentifierTests.`Checkout rules`/`mail me @ home`()": .passed,
        "RawIdentifierTests.`Checkout rules`/`totals (with tax) add up`()": .passed,
        "RawIdentifierTests.`Checkout rules`/`doubles a number`(n:)": .passed,
        "RawIdentifierTests.`Checkout rules`/`fails on purpose`()": .failed,
        "RawIdentifierTests.`Checkout rules`/plainName()": .passed,
        "RawIdentifierTests.`Version.parsing`/`v1/v2 both parse`()": .passed,
        "RawIdentifierTests.`a free test with spaces`()": .passed,
    ]

    func run(_ arguments: [String] = []) async throws -> (run: FixtureRuns.Run, record: RunRecord) {
        let run = try await FixtureRuns.shared.run(fixture: Self.fixture, extraArguments: arguments)
        let record = try #require(run.record, "stderr: \(run.process.stderr)")
        return (run, record)
    }

    static func outcomes(_ record: RunRecord) -> [String: TestOutcome] {
        Dictionary(record.tests.map { ($0.id.rawValue, $0.outcome) }) { first, _ in first }
    }

    /// Every launcher on Linux (direct, and `swift test` itself) records every test, and each
    /// verdict is `swift test`'s own. (The same runs as `LauncherAgreementTests`'.)
    @Test(arguments: [LauncherAgreementTests.direct, ["--launcher", "swiftpm", "--workers", "2"]])
    func everyRawIdentifierTestIsRecordedWithSwiftTestsVerdict(launcher: [String]) async throws {
        let (run, record) = try await run(launcher)
        #expect(run.process.status == 1, "stderr: \(run.process.stderr)")
        #expect(Self.outcomes(record) == Self.outcomes)
        #expect(record.notes.isEmpty, "\(record.notes)")
        #expect(RunTotals(record.tests).failed == 1)
        #expect(record.tests.first { $0.id.name == "`doubles a number`(n:)" }?.cases?.count == 3)
        #expect(run.process.stdout.contains("8 passed, 1 failed, 0 skipped"), "\(run.process.stdout)")

        let swiftTest = try await FixtureRuns.shared.withBuilt(fixture: Self.fixture) {
            try await SwiftTestVerdicts.collect(packagePath: FixtureRuns.package(Self.fixture))
        }
        #expect(SwiftTestVerdicts.telltaleVerdicts(record) == swiftTest)
        #expect(swiftTest.values.joined().count == Self.outcomes.count)

        // JUnit names each by its suite and listed name, backticks kept (argument cases apart).
        let junit = try JUnitTotals.outcomeList(path: "\(run.reportDirectory)/junit.xml")
        for (id, outcome) in Self.outcomes {
            let key = "\(TestID(id).suiteName)/\(TestID(id).listedName)"
            #expect(junit.contains { $0.key.hasPrefix(key) && $0.outcome == (outcome == .failed ? "failure" : "passed") }, "\(key)")
        }
    }

    @Test func filterSelectsOneRawIdentifierTest() async throws {
        let (run, record) = try await run(["--filter", "mail me @ home"])
        #expect(run.process.status == 0, "stderr: \(run.process.stderr)")
        #expect(record.tests.map(\.id.rawValue) == ["RawIdentifierTests.`Checkout rules`/`mail me @ home`()"])
        #expect(record.tests.first?.outcome == .passed)
    }

    @Test func aRawIdentifierTestIsQuarantinedByItsID() async throws {
        let plan = "\(ExitStatusTests.fixtures)/rawIdentifierTestsAreQuarantinedByTheirIDs.yml"
        let (run, record) = try await run([plan])
        #expect(run.process.status == 0, "stderr: \(run.process.stderr)")
        let failing = try #require(record.tests.first { $0.id.rawValue == "RawIdentifierTests.`Checkout rules`/`fails on purpose`()" })
        #expect(failing.outcome == .failed)
        #expect(failing.quarantine != nil)
        #expect(record.tests.count == Self.outcomes.count)
    }
}
