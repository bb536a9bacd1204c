import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// `telltale run --package Tests/Fixtures/MixedFixture`: every outcome both frameworks can produce.
@Suite(.tags(.large))
struct MixedFixtureRunTests {
    func run() async throws -> FixtureRuns.Run {
        try await FixtureRuns.shared.run(fixture: "MixedFixture")
    }

    func result(_ id: String) async throws -> TestResult {
        let record = try #require(try await run().record)
        return try #require(record.tests.first { $0.id.rawValue == id }, "no result for \(id)")
    }

    @Test func failingTestsGiveExitOneAndTheClosingLine() async throws {
        let run = try await run()
        #expect(run.process.status == 1, "stderr: \(run.process.stderr)")
        // The closing line is the last line on stdout, so CI logs end with it.
        #expect(run.process.stdout.split(separator: "\n").last == Substring(MixedFixtureExpectations.closingLine))
        // CI=true: one line per finished test on stderr.
        #expect(run.process.stderr.contains("✘ MixedFixtureTests.FailingCases/testTwoFailures failed"))
        #expect(run.process.stderr.contains("✔ MixedFixtureTests.PassingCases/testAddition"))
    }

    @Test func everyTestHasExactlyItsExpectedOutcome() async throws {
        let record = try #require(try await run().record)
        let actual = Dictionary(uniqueKeysWithValues: record.tests.map { ($0.id.rawValue, $0.outcome) })
        #expect(actual == MixedFixtureExpectations.outcomes)
        #expect(record.schemaVersion == RunRecord.currentSchemaVersion)
    }

    @Test func failureMessagesKeepTextAndSourceLocation() async throws {
        let multiLine = try await result("MixedFixtureTests.FailingCases/testMultiLineMessage")
        let message = try #require(multiLine.primaryMessage)
        #expect(message.text.hasPrefix("failed - first line\nsecond line <&\"'>"))
        #expect(message.location?.file.hasSuffix("Tests/MixedFixtureTests/XCTestCases.swift") == true)
        #expect(message.location?.line == 18)

        let two = try await result("MixedFixtureTests.FailingCases/testTwoFailures")
        #expect(two.messages.map(\.location?.line) == [21, 22])

        let expectation = try await result("MixedFixtureTests.SwiftTestingFailing/failingExpectation()")
        #expect(expectation.primaryMessage?.location?.line == 17)
        #expect(expectation.primaryMessage?.text.contains("one plus one <&\"'>\nsecond line") == true)

        let parameterized = try await result("MixedFixtureTests.SwiftTestingFailing/parameterizedOneFails(value:)")
        #expect(parameterized.caseCount == 3)
        #expect(parameterized.primaryMessage?.testCase == "2")

        let known = try await result("MixedFixtureTests.SwiftTestingFailing/knownIssue()")
        #expect(known.messages.map(\.kind) == [.knownIssue])

        let skipped = try await result("MixedFixtureTests.SkippedCases/testSkipped")
        #expect(skipped.primaryMessage?.text == "not on this platform")
        let disabled = try await result("MixedFixtureTests.SwiftTestingFailing/disabled()")
        #expect(disabled.primaryMessage?.text == "switched off")
    }

    @Test func eachTestKeepsItsOwnOutput() async throws {
        let printing = try await result("MixedFixtureTests.PassingCases/testPrintsOutput")
        #expect(printing.output == "hello from XCTest\nsecond line")
        let noisy = try await result("MixedFixtureTests.NoisyCases/testThousandsOfLines")
        let lines = noisy.output.split(separator: "\n")
        #expect(lines.count == 5000)
        #expect(lines.first == "noise line 0")
        #expect(lines.last == "noise line 4999")
        // Each worker keeps a log of everything its processes printed.
        let run = try await run()
        let logs = try FileManager.default.contentsOfDirectory(atPath: "\(run.reportDirectory)/logs")
            .filter { $0.hasPrefix("worker-") }
            .map { try String(contentsOfFile: "\(run.reportDirectory)/logs/\($0)", encoding: .utf8) }
        #expect(!logs.isEmpty)
        #expect(logs.contains { $0.contains("hello from Swift Testing") })
    }

    @Test func junitValidatesAndCarriesTheSameCounts() async throws {
        let run = try await run()
        let junitPath = "\(run.reportDirectory)/junit.xml"
        let lint = try await XMLLint.validate(path: junitPath)
        #expect(lint.status == 0, "xmllint: \(lint.output)")
        let totals = try JUnitTotals.read(path: junitPath)
        // 16 tests; the two parameterized ones are a testcase per argument case (3 each).
        #expect(totals == JUnitTotals(tests: 20, failures: 5, errors: 0, skipped: 2))
    }
}
