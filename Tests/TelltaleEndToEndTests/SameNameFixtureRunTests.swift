import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

/// `Tests/Fixtures/SameNameFixture`: two test targets share a suite, an XCTest class and a
/// free function by name, and one suite has two overloads of one name. Swift Testing lists
/// those tests with a source-location suffix; Telltale must select, run and report each
/// one apart, with the verdicts `swift test` gives.
@Suite(.tags(.large))
struct SameNameFixtureRunTests {
    static let fixture = "SameNameFixture"

    /// Every listed test and its verdict: in each same-named pair one fails.
    static let outcomes: [String: TestOutcome] = [
        "AlphaTests.SharedCases/testSame": .passed,
        "BetaTests.SharedCases/testSame": .failed,
        "PlainTests.PlainCases/testGreets": .passed,
        "AlphaTests.SharedTests/onlyInAlpha()": .passed,
        "AlphaTests.SharedTests/overloaded(_:)/SharedTests.swift:19:6": .passed,
        "AlphaTests.SharedTests/overloaded(_:)/SharedTests.swift:23:6": .failed,
        "AlphaTests.SharedTests/same()/SharedTests.swift:7:6": .passed,
        "AlphaTests.sharedFreeFunction()/SharedTests.swift:28:2": .passed,
        "BetaTests.SharedTests/onlyInBeta()": .passed,
        "BetaTests.SharedTests/same()/SharedTests.swift:10:6": .failed,
        "BetaTests.sharedFreeFunction()/SharedTests.swift:15:2": .failed,
        "PlainTests.PlainSuite/greets()": .passed,
    ]

    func run(_ arguments: [String] = []) async throws -> (run: FixtureRuns.Run, record: RunRecord) {
        let run = try await FixtureRuns.shared.run(fixture: Self.fixture, extraArguments: arguments)
        let record = try #require(run.record, "stderr: \(run.process.stderr)")
        return (run, record)
    }

    static func outcomes(_ record: RunRecord) -> [String: TestOutcome] {
        Dictionary(record.tests.map { ($0.id.rawValue, $0.outcome) }) { first, _ in first }
    }

    @Test func everySameNamedTestHasItsOwnVerdict() async throws {
        let (run, record) = try await run()
        #expect(run.process.status == 1, "stderr: \(run.process.stderr)")
        #expect(record.tests.count == Self.outcomes.count)
        #expect(Self.outcomes(record) == Self.outcomes)
        #expect(record.notes.isEmpty, "\(record.notes)")
        #expect(!run.process.stderr.contains("never reported"))
    }

    @Test func verdictsAgreeWithSwiftTest() async throws {
        let (_, record) = try await run()
        let swiftTest = try await FixtureRuns.shared.withBuilt(fixture: Self.fixture) {
            try await SwiftTestVerdicts.collect(packagePath: FixtureRuns.package(Self.fixture))
        }
        #expect(SwiftTestVerdicts.telltaleVerdicts(record) == swiftTest)
        #expect(swiftTest.values.joined().count == Self.outcomes.count)
    }

    @Test func eachResultPointsAtItsOwnFile() async throws {
        let (_, record) = try await run()
        func location(_ id: String) throws -> TelltaleModel.SourceLocation {
            try #require(record.tests.first { $0.id.rawValue == id }?.location, "no location for \(id)")
        }
        let alpha = try location("AlphaTests.SharedTests/same()/SharedTests.swift:7:6")
        let beta = try location("BetaTests.SharedTests/same()/SharedTests.swift:10:6")
        #expect(alpha.file.hasSuffix("Tests/AlphaTests/SharedTests.swift") && alpha.line == 7)
        #expect(beta.file.hasSuffix("Tests/BetaTests/SharedTests.swift") && beta.line == 10)
        // The failure is Beta's own, at its own line.
        let failure = try #require(record.tests.first { $0.id.rawValue.hasPrefix("BetaTests.SharedTests/same()") }?.primaryMessage)
        #expect(failure.location?.file.hasSuffix("Tests/BetaTests/SharedTests.swift") == true)
        #expect(failure.text.contains("Beta's same() fails"))
    }

    @Test func theTestProcessLearnsWhichIDsCarryALocation() async throws {
        let (run, _) = try await run()
        // Alpha's same() prints the variable; tests run in parallel, so read the workers' logs.
        let logs = try FileManager.default.contentsOfDirectory(atPath: "\(run.reportDirectory)/logs")
            .filter { $0.hasPrefix("worker-") }
            .map { try String(contentsOfFile: "\(run.reportDirectory)/logs/\($0)", encoding: .utf8) }
        let listed = Self.outcomes.keys.filter { TestID($0).sourceLocationSuffix != nil }.sorted()
        #expect(logs.contains { $0.contains("disambiguated: \(listed.joined(separator: ","))") })
    }

    @Test func reportsKeepTheTestsApart() async throws {
        let (run, _) = try await run()
        let junit = "\(run.reportDirectory)/junit.xml"
        let lint = try await XMLLint.validate(path: junit)
        #expect(lint.status == 0, "xmllint: \(lint.output)")
        let cases = try JUnitTotals.outcomeList(path: junit)
        // One testcase per argument case: `overloaded(_ value: Int)` has two.
        #expect(cases.count == Self.outcomes.count + 1)
        #expect(cases.contains { $0 == ("AlphaTests.SharedTests/overloaded(_:)/SharedTests.swift:19:6 [2]", "passed") })
        #expect(Set(cases.map(\.key)).count == cases.count, "JUnit names repeat: \(cases.map(\.key))")
        #expect(cases.contains { $0 == ("BetaTests.SharedTests/same()/SharedTests.swift:10:6", "failure") })
        #expect(cases.contains { $0 == ("AlphaTests.SharedTests/same()/SharedTests.swift:7:6", "passed") })
        let html = try String(contentsOfFile: "\(run.reportDirectory)/index.html", encoding: .utf8)
        #expect(html.contains("AlphaTests.SharedTests/same()/SharedTests.swift:7:6"))
        #expect(html.contains("BetaTests.SharedTests/same()/SharedTests.swift:10:6"))
    }

    @Test func filterAndSkipSelectSameNamedTestsByModule() async throws {
        let (_, beta) = try await run(["--filter", "BetaTests.SharedTests"])
        #expect(Self.outcomes(beta) == Self.outcomes.filter { $0.key.hasPrefix("BetaTests.SharedTests/") })
        let (_, same) = try await run(["--filter", #"same\(\)"#, "--skip", "BetaTests"])
        #expect(Self.outcomes(same) == ["AlphaTests.SharedTests/same()/SharedTests.swift:7:6": .passed])
        // One overload alone, by its whole listed id.
        let (_, overload) = try await run(["--filter", #"overloaded\(_:\)/SharedTests\.swift:23"#])
        #expect(Self.outcomes(overload) == ["AlphaTests.SharedTests/overloaded(_:)/SharedTests.swift:23:6": .failed])
    }

    @Test func shardsSplitSameNamedTestsWithoutLosingOne() async throws {
        let (_, first) = try await run(["--shard", "1/2"])
        let (_, second) = try await run(["--shard", "2/2"])
        let one = Self.outcomes(first)
        let two = Self.outcomes(second)
        #expect(Set(one.keys).isDisjoint(with: two.keys))
        #expect(one.merging(two) { a, _ in a } == Self.outcomes)
    }

    @Test func retriesRunOnlyTheFailingTwinAgain() async throws {
        let (_, record) = try await run(["--retries", "1"])
        #expect(Self.outcomes(record) == Self.outcomes)
        for test in record.tests {
            let expected = Self.outcomes[test.id.rawValue] == .failed ? 1 : 0
            #expect(test.previousAttempts.count == expected, "\(test.id): \(test.previousAttempts.count) earlier attempts")
        }
    }
}
