import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct WorkQueueTests {
    /// Twenty one-test classes: each its own unit (`WorkQueueClassTests` has classes of several).
    let xctests = (1...20).map { ListedTest(id: TestID("M.C\(String(format: "%02d", $0))/test"), framework: .xctest) }
    let swiftTests = [
        ListedTest(id: TestID("M.Suite/a()"), framework: .swiftTesting),
        ListedTest(id: TestID("M.Suite/b()"), framework: .swiftTesting),
        ListedTest(id: TestID("M.Suite/Inner/c()"), framework: .swiftTesting),
        ListedTest(id: TestID("M.free()"), framework: .swiftTesting),
    ]

    func limits(_ settings: [TestID: TestSettings] = [:]) -> TimeLimits {
        TimeLimits(settings: settings, defaults: TestSettings(), testingStarted: Date())
    }

    func drain(_ queue: WorkQueue) async -> [TestBatch] {
        var batches: [TestBatch] = []
        while let batch = await queue.next() { batches.append(batch) }
        return batches
    }

    @Test func oneWorkerGetsOneBatchPerFrameworkLikeSwiftTest() async {
        let batches = await drain(WorkQueue(tests: xctests + swiftTests, limits: limits(), workers: 1))
        #expect(batches.map(\.framework) == [.xctest, .swiftTesting])
        #expect(batches.map(\.tests.count) == [20, 4])
    }

    @Test func chunksShrinkAsTheQueueEmpties() async {
        let batches = await drain(WorkQueue(tests: xctests, limits: limits(), workers: 4))
        let sizes = batches.map(\.tests.count)
        #expect(sizes.reduce(0, +) == 20)
        #expect(sizes.first! > sizes.last!)
        #expect(sizes == sizes.sorted(by: >))
        #expect(sizes.last == 1)
    }

    @Test func swiftTestingSuitesAreNeverSplit() async {
        let batches = await drain(WorkQueue(tests: swiftTests, limits: limits(), workers: 8))
        let suiteBatch = batches.first { $0.tests.contains(TestID("M.Suite/a()")) }
        #expect(Set(suiteBatch?.tests ?? []) == [TestID("M.Suite/a()"), TestID("M.Suite/b()"), TestID("M.Suite/Inner/c()")])
    }

    @Test func serialSuitesComeFirstWholeAndSerial() async {
        let serial = Dictionary(uniqueKeysWithValues: xctests.suffix(3).map { ($0.id, TestSettings(serialGroup: "db")) })
        let batches = await drain(WorkQueue(tests: xctests, limits: limits(serial), workers: 4))
        #expect(batches.first?.serial == true)
        #expect(batches.first?.tests == xctests.suffix(3).map(\.id))
        #expect(batches.dropFirst().allSatisfy { !$0.serial })
    }

    /// With past durations the longest work goes first, across frameworks, and a share is
    /// measured in seconds: the long test starts alone, at once, not late in a chunk.
    @Test func pastDurationsPutTheLongestWorkFirst() async throws {
        var recorded: [String: Double] = [:]
        for test in xctests { recorded[ShardPlanner.timingKey(test.id)] = 1 }
        recorded[ShardPlanner.timingKey(TestID("M.C17/test"))] = 50
        recorded[ShardPlanner.timingKey(TestID("M.Suite/a()"))] = 8
        recorded[ShardPlanner.timingKey(TestID("M.Suite/b()"))] = 8
        let estimates = try #require(DurationEstimates(recorded: recorded, tests: xctests + swiftTests))
        let batches = await drain(WorkQueue(tests: xctests + swiftTests, limits: limits(), workers: 2, estimates: estimates))
        #expect(batches.first?.tests == [TestID("M.C17/test")])
        // The Swift Testing suite (8 + 8 + its unrecorded c(), at the suite's median of 8) is next.
        #expect(batches.dropFirst().first?.framework == .swiftTesting)
        #expect(batches.dropFirst().first?.tests.contains(TestID("M.Suite/a()")) == true)
        #expect(Set(batches.flatMap(\.tests)) == Set((xctests + swiftTests).map(\.id)))
        #expect(batches.flatMap(\.tests).count == xctests.count + swiftTests.count)
        #expect(batches.last?.tests.count == 1)
    }

    @Test func anUnrecordedTestCountsAsItsSuitesMedianElseEveryTestsMedian() throws {
        let recorded = ["M.Slow/a": 30.0, "M.Slow/b": 40.0, "M.Slow/c": 50.0, "M.Fast/x": 1.0]
        let tests = ["M.Slow/a", "M.Slow/b", "M.Slow/c", "M.Slow/new", "M.Fast/x", "M.Other/y"].map {
            ListedTest(id: TestID($0), framework: .xctest)
        }
        let estimates = try #require(DurationEstimates(recorded: recorded, tests: tests))
        #expect(estimates.seconds(TestID("M.Slow/new")) == 40)
        #expect(estimates.seconds(TestID("M.Other/y")) == 35)
        #expect(estimates.seconds(TestID("M.Fast/x")) == 1)
        #expect(DurationEstimates(recorded: [:], tests: tests) == nil)
    }

    @Test func withoutDurationsTheOrderIsUnchanged() async {
        let plain = await drain(WorkQueue(tests: xctests, limits: limits(), workers: 4))
        #expect(plain.flatMap(\.tests) == xctests.map(\.id))
    }
}

extension WorkQueueTests {
    /// For the quickest feedback: last run's failures first, then recently flaky tests, then the
    /// rest longest first; across frameworks, and with or without durations.
    @Test func lastFailuresThenFlakyTestsStartFirst() async {
        let durations = ["M.C01/test": 1.0, "M.C02/test": 9.0, "M.Suite/a()": 5.0, "M.Suite/b()": 5.0]
        let priorities = ["M.C20/test": 0, "M.Suite/a()": 1]
        let tests = Array(xctests.prefix(2)) + [xctests[19]] + swiftTests.prefix(2)
        let estimated = DurationEstimates(recorded: durations, tests: tests)
        let withDurations = await drain(
            WorkQueue(tests: tests, limits: limits(), workers: 2, estimates: estimated, priorities: priorities))
        #expect(withDurations.first?.tests.first == TestID("M.C20/test"))
        #expect(withDurations.dropFirst().first?.tests.first == TestID("M.Suite/a()"))
        #expect(withDurations.flatMap(\.tests).count == 5)

        let blind = await drain(WorkQueue(tests: tests, limits: limits(), workers: 2, priorities: priorities))
        #expect(blind.first?.framework == .xctest)
        #expect(blind.first?.tests.first == TestID("M.C20/test"))
        #expect(blind.flatMap(\.tests).count == 5)
    }
}

/// A dear process start (`swift test`) makes batches coarse.
@Suite(.tags(.small))
struct WorkQueueStartCostTests {
    static let tests = (0..<100).map { ListedTest(id: TestID("M.C\(String(format: "%03d", $0))/test"), framework: .xctest) }

    static func batches(_ queue: WorkQueue) async -> [Int] {
        var sizes: [Int] = []
        while let batch = await queue.next() { sizes.append(batch.tests.count) }
        return sizes
    }

    @Test func withoutPastDurationsEachWorkerGetsAnEqualPart() async {
        let limits = TimeLimits(settings: [:], defaults: TestSettings(), testingStarted: Date())
        let cheap = await Self.batches(WorkQueue(tests: Self.tests, limits: limits, workers: 2))
        let dear = await Self.batches(WorkQueue(tests: Self.tests, limits: limits, workers: 2, processStartCost: 0.5))
        #expect(cheap.count > 8, "guided self-scheduling ends in single tests: \(cheap)")
        #expect(dear == [50, 50], "one batch per worker")
    }

    @Test func withPastDurationsABatchHoldsTwentyStartUpsOfWork() async {
        let limits = TimeLimits(settings: [:], defaults: TestSettings(), testingStarted: Date())
        let durations = Dictionary(uniqueKeysWithValues: Self.tests.map { (ShardPlanner.timingKey($0.id), 0.1) })
        let estimates = DurationEstimates(recorded: durations, tests: Self.tests)
        let dear = await Self.batches(WorkQueue(tests: Self.tests, limits: limits, workers: 2, estimates: estimates, processStartCost: 0.2))
        // 100 tests of 0.1 s, two workers: guided self-scheduling's share would be 10 / 4 = 2.5 s;
        // the floor, 20 × 0.2 s = 4 s, makes it 40 tests (an even part, 5 s, allows that).
        #expect(dear.first == 40, "\(dear)")
    }

    /// The floor of 20 start-ups never hands one worker more than an even part of what is left
    /// for each worker not running a batch: two workers asking in turn take half each, where the
    /// floor alone gave the first all 10 s and left the second idle.
    @Test func withPastDurationsTheLastWorkIsSharedByTheFreeWorkers() async {
        let limits = TimeLimits(settings: [:], defaults: TestSettings(), testingStarted: Date())
        let durations = Dictionary(uniqueKeysWithValues: Self.tests.map { (ShardPlanner.timingKey($0.id), 0.1) })
        let estimates = DurationEstimates(recorded: durations, tests: Self.tests)
        let queue = WorkQueue(tests: Self.tests, limits: limits, workers: 2, estimates: estimates, processStartCost: 0.5)
        let first = await queue.next(for: 1)
        let second = await queue.next(for: 2)
        #expect(first?.tests.count == 50)
        #expect(second?.tests.count == 50, "the one free worker takes the rest")
    }
}

/// Retries go ahead of everything, one unit a batch; a worker with nothing to take waits while
/// another still runs a batch (whose failures may come back), and every worker stops once none can.
@Suite(.tags(.small))
struct WorkQueueRetryTests {
    static let tests = (1...2).map { ListedTest(id: TestID("M.C0\($0)/test"), framework: .xctest) }
    static let limits = TimeLimits(settings: [:], defaults: TestSettings(), testingStarted: Date())

    @Test func aRetryGoesToTheWorkerWaitingForWorkThenEveryWorkerStops() async {
        let queue = WorkQueue(tests: Self.tests, limits: Self.limits, workers: 2)
        #expect(await queue.next(for: 1)?.tests == [TestID("M.C01/test")])
        #expect(await queue.next(for: 2)?.tests == [TestID("M.C02/test")])
        // Worker 2 has nothing to take while worker 1 runs test01: it waits, and gets its retry.
        let waiting = Task { await queue.next(for: 2) }
        await queue.retry([TestID("M.C01/test")], framework: .xctest, serial: false)
        #expect(await waiting.value?.tests == [TestID("M.C01/test")])
        // Both ask again with nothing left: whichever asks last stops the other.
        let first = Task { await queue.next(for: 1) }
        let second = await queue.next(for: 2)
        #expect(second == nil)
        #expect(await first.value == nil)
    }

    @Test func retriesComeFirstAUnitABatch() async {
        let swiftTests = ["M.Suite/a()", "M.Suite/b()", "M.Other/c()"].map { ListedTest(id: TestID($0), framework: .swiftTesting) }
        let queue = WorkQueue(tests: Self.tests + swiftTests, limits: Self.limits, workers: 1)
        await queue.retry([TestID("M.C02/test"), TestID("M.C01/test")], framework: .xctest, serial: false)
        await queue.retry([TestID("M.Suite/b()"), TestID("M.Other/c()"), TestID("M.Suite/a()")], framework: .swiftTesting, serial: false)
        var batches: [[String]] = []
        while let batch = await queue.next() { batches.append(batch.tests.map(\.rawValue)) }
        #expect(
            batches == [
                ["M.C01/test"], ["M.C02/test"], ["M.Other/c()"], ["M.Suite/a()", "M.Suite/b()"],
                ["M.C01/test", "M.C02/test"], ["M.Other/c()", "M.Suite/a()", "M.Suite/b()"],
            ])
    }

    @Test func aWaitingWorkerWhoseTaskIsCancelledStops() async {
        let queue = WorkQueue(tests: Array(Self.tests.prefix(1)), limits: Self.limits, workers: 2)
        #expect(await queue.next(for: 1) != nil)
        let waiting = Task { await queue.next(for: 2) }
        waiting.cancel()
        #expect(await waiting.value == nil)
    }
}
