import Foundation
import TelltaleModel
import TelltaleReports
import TelltaleTestSupport
import Testing

/// `--shuffle`, `--repeat`, bisection and flaky causes through the real `telltale` on
/// `Tests/Fixtures/FlakyCausesFixture`, in both frameworks: a victim three tests after its
/// polluter, a brittle test and its state-setter, a test failing 3 runs in 10 and one failing only
/// when slow (those two count their runs in a folder, so their failures fall on the same runs each
/// time). The seeds are chosen for the batches they draw with two workers (`WorkQueue`): 1001 puts
/// each brittle test alone or without its state-setter, 1002 after it.
@Suite(.tags(.large), .serialized)
struct FlakyCausesRunTests {
    static let fixture = "FlakyCausesFixture"
    static let xcVictim = TestID("FlakyCausesTests.OrderTests/testDVictim")
    static let xcPolluter = TestID("FlakyCausesTests.OrderTests/testAPolluter")
    static let xcBrittle = TestID("FlakyCausesTests.OrderTests/testFBrittle")
    static let xcStateSetter = TestID("FlakyCausesTests.OrderTests/testEStateSetter")
    static let stVictim = TestID("FlakyCausesTests.PollutionSuite/victim()")
    static let stPolluter = TestID("FlakyCausesTests.PollutionSuite/polluter()")
    static let stBrittle = TestID("FlakyCausesTests.BrittleSuite/brittle()")
    static let stStateSetter = TestID("FlakyCausesTests.StateSetterSuite/stateSetter()")
    static let randoms = [TestID("FlakyCausesTests.TimingTests/testRandom"), TestID("FlakyCausesTests.TimingSuite/random()")]
    static let slows = [TestID("FlakyCausesTests.TimingTests/testSlowFails"), TestID("FlakyCausesTests.TimingSuite/slowFails()")]

    let folder: String

    init() throws {
        folder = try TelltaleProcess.temporaryDirectory("FlakyCausesRunTests")
    }

    /// A plan for the fixture whose timing tests count their runs in `counters`.
    func plan(_ name: String) throws -> String {
        let path = "\(folder)/\(name).yml"
        try """
        version: 1
        package: \(TelltaleProcess.repositoryRoot)/Tests/Fixtures/\(Self.fixture)
        environment:
          FLAKY_FIXTURE_COUNTERS: \(folder)/counters-\(name)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func run(_ plan: String, _ reports: String, _ arguments: [String]) async throws -> (TelltaleProcess.Result, RunRecord) {
        try await FixtureRuns.shared.build(fixture: Self.fixture)
        let directory = "\(folder)/\(reports)"
        let result = try await TelltaleProcess.run(["run", plan, "--skip-build", "--no-history", "--report-dir", directory] + arguments)
        let record = try #require(try? RunRecordFile.read(path: "\(directory)/run.json"), "\(result.stderr)")
        return (result, record)
    }

    /// Runs a reproduction command as printed (`telltale run …`, single-quoted words), with the
    /// existing build and reports of its own; returns its status and record.
    func reproduce(_ command: String, _ reports: String) async throws -> (Int32, RunRecord?) {
        let words = Self.shellWords(command)
        try #require(words.first == "telltale" && words.dropFirst().first == "run", "\(command)")
        let directory = "\(folder)/\(reports)"
        let result = try await TelltaleProcess.run(Array(words.dropFirst()) + ["--skip-build", "--report-dir", directory])
        return (result.status, try? RunRecordFile.read(path: "\(directory)/run.json"))
    }

    /// `a 'b c' 'd'\''e'` → `["a", "b c", "d'e"]`: the shell's single quotes, as the command writes them.
    static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: String?
        var quoted = false
        for character in text {
            if quoted {
                if character == "'" { quoted = false } else { current!.append(character) }
            } else if character == "'" {
                quoted = true
                current = current ?? ""
            } else if character == "\\" {
                current = current ?? ""
            } else if character == " " {
                if let word = current { words.append(word) }
                current = nil
            } else {
                current = (current ?? "") + String(character)
            }
        }
        if let word = current { words.append(word) }
        return words
    }

    /// The acceptance run: one worker (each framework's tests in one process, the victim three after
    /// its polluter), shuffled, a retry, ten repetitions. Victims bisected to their polluters with a
    /// command that reproduces the failure; the random tests unexplained, the slow ones slow when
    /// failing; then the same victim bisected on demand from the record.
    @Test func victimsAreBisectedToTheirPollutersAndTheOtherFlakyTestsGetTheirCause() async throws {
        let plan = try plan("explained")
        let (result, record) = try await run(
            plan, "explained", ["--shuffle=48213", "--retries", "1", "--repeat", "10", "--workers", "1", "--no-parallel"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("shuffle seed 48213 (--shuffle=48213 repeats this order)"), "\(result.stderr)")
        #expect(result.stdout.contains("shuffle seed 48213 (--shuffle=48213 repeats this order)"))
        #expect(record.order == RunOrder(seed: 48213, repetitions: 10))
        let tests = Dictionary(uniqueKeysWithValues: record.tests.map { ($0.id, $0) })

        for (victim, polluter) in [(Self.xcVictim, Self.xcPolluter), (Self.stVictim, Self.stPolluter)] {
            let test = try #require(tests[victim])
            let found = try #require(test.orderDependency, "\(victim): \(test.previousAttempts.map(\.outcome))")
            #expect(found.kind == .victim && found.verdict == .found && found.tests == [polluter], "\(found)")
            #expect(found.predecessors == 3, "the polluter ran three tests before it")
            #expect(found.runs <= 4, "at most ⌈log2 3⌉ + 2 runs: \(found.runs)")
            #expect(test.flakyCause?.kind == .orderDependent)
            #expect(test.repeats?.repetitions == 10 && test.repeats?.failures == 10, "it failed after its polluter every time")
            #expect(test.isFlaky && test.outcome == .passed, "each retry alone passed")
            let command = try #require(found.reproduce)
            let (status, reproduced) = try await reproduce(command, "reproduce-\(victim.components.last!)")
            #expect(status == 1, "\(command)")
            #expect(reproduced?.tests.first { $0.id == victim }?.outcome == .failed, "\(command)")
            #expect(reproduced?.tests.first { $0.id == polluter }?.outcome == .passed)
        }
        for random in Self.randoms {
            let test = try #require(tests[random])
            #expect(test.flakyCause?.kind == .unexplained, "\(random): \(String(describing: test.flakyCause))")
            // It failed after others and its retry, alone under --no-parallel too, passed: a suspect
            // whose recorded order, run again, did not fail it.
            #expect(Self.retries(of: test).allSatisfy { $0.placement?.isAlone == true }, "\(Self.retries(of: test).map(\.placement))")
            #expect(test.orderDependency?.verdict == .notReproduced, "\(String(describing: test.orderDependency))")
            #expect(test.repeats.map { $0.failures > 0 && $0.failures < $0.runs } == true, "\(String(describing: test.repeats))")
        }
        for slow in Self.slows {
            let test = try #require(tests[slow])
            #expect(test.flakyCause?.kind == .slowWhenFailing, "\(slow): \(String(describing: test.flakyCause))")
            #expect(test.orderDependency?.verdict == .notReproduced)
        }
        #expect(tests[Self.xcBrittle]?.outcome == .passed && tests[Self.xcBrittle]?.flakyCause == nil, "its state-setter ran first each time")

        // Every test of a repetition ran in the order the seed drew, one process a framework: the
        // victim's first attempt four tests into the XCTest process.
        let first = try #require(tests[Self.xcVictim]?.previousAttempts.first?.placement)
        #expect(first.position == 3 && first.seed == 48213 && first.worker == 1)
        #expect(
            ProcessOrder(record.tests).tests(in: first.process).prefix(4) == [
                Self.xcPolluter, TestID("FlakyCausesTests.OrderTests/testBFirstBystander"),
                TestID("FlakyCausesTests.OrderTests/testCSecondBystander"), Self.xcVictim,
            ])

        let reports = "\(folder)/explained"
        let junit = try String(contentsOfFile: "\(reports)/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<property name="orderDependency.polluter" value="FlakyCausesTests.OrderTests/testAPolluter"/>"#))
        #expect(junit.contains(#"<property name="flakyCause" value="slowWhenFailing"/>"#))
        let summary = try String(contentsOfFile: "\(reports)/summary.md", encoding: .utf8)
        #expect(summary.contains("### Flaky tests explained (6)"), "\(summary)")
        let html = try String(contentsOfFile: "\(reports)/index.html", encoding: .utf8)
        #expect(html.contains(#""od":{"k":"victim","v":"found","t":["FlakyCausesTests.OrderTests/testAPolluter"]"#))

        // On demand, from the record: the same polluter.
        let bisect = try await TelltaleProcess.run(["bisect", Self.xcVictim.rawValue, plan, "--run", reports, "--skip-build"])
        #expect(bisect.status == 0, "\(bisect.stderr)")
        #expect(bisect.stdout.contains("victim: fails after FlakyCausesTests.OrderTests/testAPolluter"), "\(bisect.stdout)")
        #expect(bisect.stdout.contains("reproduce: telltale run "))
    }

    /// Two workers: seed 1001 runs each brittle test without its state-setter (it fails, and its
    /// retry alone), 1002 after it (it passes): brittle, the state-setter found, and the test alone
    /// reproduces the failure.
    @Test func brittleTestsAreBisectedToTheirStateSetters() async throws {
        let plan = try plan("brittle")
        let (result, record) = try await run(
            plan, "brittle",
            ["--shuffle=1001", "--repeat", "2", "--retries", "1", "--workers", "2", "--no-parallel", "--skip", "Timing"])
        #expect(result.status == 1, "each failed a repetition for good: \(result.stderr)")
        let tests = Dictionary(uniqueKeysWithValues: record.tests.map { ($0.id, $0) })
        for (brittle, setter) in [(Self.xcBrittle, Self.xcStateSetter), (Self.stBrittle, Self.stStateSetter)] {
            let test = try #require(tests[brittle])
            let found = try #require(test.orderDependency, "\(brittle): \(test.allAttempts.map { ($0.outcome, $0.placement) })")
            #expect(found.kind == .brittle && found.verdict == .found && found.tests == [setter], "\(found)")
            #expect(test.flakyCause?.kind == .orderDependent)
            #expect(test.outcome == .failed && test.repeats?.failedRepetitions == 1)
            let command = try #require(found.reproduce)
            let (status, reproduced) = try await reproduce(command, "reproduce-\(brittle.components.last!)")
            #expect(status == 1 && reproduced?.tests.map(\.id) == [brittle], "alone it fails: \(command)")
        }
        #expect(result.stdout.contains("brittle: passes only after \(Self.xcStateSetter)"), "\(result.stdout)")
    }

    /// `--until-failure=DURATION` repeats until a test fails for good: the random test fails its
    /// third run, so the third repetition is the last, and the run fails.
    @Test func untilFailureStopsAtTheFirstRepetitionThatFails() async throws {
        let plan = try plan("until")
        let (result, record) = try await run(plan, "until", ["--until-failure=10m", "--filter", "TimingTests/testRandom", "--workers", "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(record.order == RunOrder(seed: nil, repetitions: 3, untilFailure: true))
        let random = try #require(record.tests.first)
        #expect(random.allAttempts.map(\.outcome) == [.passed, .passed, .failed] && random.allAttempts.map(\.repetition) == [1, 2, 3])
        #expect(random.repeats == TestRepeats(repetitions: 3, failedRepetitions: 1, runs: 3, failures: 1))
        #expect(result.stderr.contains("repetition 3 (until a test fails)"), "\(result.stderr)")
    }

    /// The attempts after the first of each repetition.
    static func retries(of test: TestResult) -> [TestAttempt] {
        Dictionary(grouping: test.allAttempts) { $0.repetition ?? 1 }.values.flatMap { $0.dropFirst() }
    }

    /// Each process's tests in order, as the record has them, without the run's process names.
    static func processes(_ record: RunRecord) -> [[TestID]] {
        let order = ProcessOrder(record.tests)
        return order.processes.map(order.tests(in:)).sorted { $0.map(\.rawValue).joined() < $1.map(\.rawValue).joined() }
    }

    /// The same seed twice: the same processes with the same tests in the same order, compared from
    /// the records; another seed: others. Then, on demand, tests the record does not show as
    /// suspects (no retries): a victim that passes alone and a brittle test that fails alone are
    /// bisected, a test that passes alone too is not.
    @Test func theSameSeedGivesTheSameOrderInEveryProcess() async throws {
        let plan = try plan("order")
        let arguments = ["--workers", "2", "--no-parallel", "--skip", "Timing", "--bisect-budget", "0"]
        let (_, first) = try await run(plan, "order-1", ["--shuffle=1001"] + arguments)
        let (_, again) = try await run(plan, "order-2", ["--shuffle=1001"] + arguments)
        let (_, other) = try await run(plan, "order-3", ["--shuffle=1002"] + arguments)
        #expect(Self.processes(first) == Self.processes(again))
        #expect(Self.processes(first).contains([Self.xcPolluter, Self.xcVictim]), "\(Self.processes(first))")
        #expect(Self.processes(first) != Self.processes(other))
        #expect(Set(first.tests.compactMap(\.placement?.seed)) == [1001] && Set(other.tests.compactMap(\.placement?.seed)) == [1002])

        let bisect = try await TelltaleProcess.run(["bisect", Self.xcVictim.rawValue, plan, "--run", "\(folder)/order-1", "--skip-build"])
        #expect(bisect.status == 0, "\(bisect.stdout)\(bisect.stderr)")
        #expect(bisect.stderr.contains("running it alone"), "\(bisect.stderr)")
        #expect(bisect.stdout.contains("victim: fails after \(Self.xcPolluter) (bisected 1 predecessor in 1 run)"), "\(bisect.stdout)")
        // Passed after its state-setter in that run; alone it fails: brittle.
        let brittle = try await TelltaleProcess.run(["bisect", Self.stBrittle.rawValue, plan, "--run", "\(folder)/order-1", "--skip-build"])
        #expect(
            brittle.status == 0 && brittle.stdout.contains("brittle: passes only after \(Self.stStateSetter)"), "\(brittle.stdout)\(brittle.stderr)")
        // Passed after others, and alone too: nothing to bisect.
        let bystander = "FlakyCausesTests.PollutionSuite/firstBystander()"
        let steady = try await TelltaleProcess.run(["bisect", bystander, plan, "--run", "\(folder)/order-1", "--skip-build"])
        #expect(steady.status == 1 && steady.stdout.contains("passes alone too"), "\(steady.stdout)\(steady.stderr)")
    }
}
