import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

/// An XCTest class runs whole in one process, in its order, as `swift test` runs it, whatever
/// the number of workers or shards; a shuffled run hands its tests out one by one; a class past
/// durations say is long is cut into consecutive parts, with a note.
@Suite(.tags(.small))
struct WorkQueueClassTests {
    /// ClassOrderFixture's shape: 6 + 5 + 4 + 3 tests; one by one, guided self-scheduling cut the
    /// first two classes between processes with 2 workers.
    static let classes = [("Account", 6), ("Cache", 5), ("Catalog", 4), ("Pricing", 3)]
    static let tests = classes.flatMap { name, count in
        (1...count).map { ListedTest(id: TestID("M.\(name)Tests/test\($0)"), framework: .xctest) }
    }
    static let limits = TimeLimits(settings: [:], defaults: TestSettings(), testingStarted: Date())

    static func batches(_ queue: WorkQueue) async -> [[TestID]] {
        var batches: [[TestID]] = []
        while let batch = await queue.next() { batches.append(batch.tests) }
        return batches
    }

    /// Each class's tests in one batch, consecutive and in id order.
    static func expectWholeClasses(_ batches: [[TestID]], _ comment: Comment) {
        for (name, count) in classes {
            let holding = batches.filter { $0.contains { $0.suiteName == "M.\(name)Tests" } }
            #expect(holding.count == 1, comment)
            let run = holding.first?.filter { $0.suiteName == "M.\(name)Tests" } ?? []
            #expect(run == (1...count).map { TestID("M.\(name)Tests/test\($0)") }, comment)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 8])
    func aClassRunsWholeInItsOrderWithAnyNumberOfWorkers(workers: Int) async {
        let batches = await Self.batches(WorkQueue(tests: Self.tests, limits: Self.limits, workers: workers))
        Self.expectWholeClasses(batches, "\(workers) workers: \(batches)")
        #expect(batches.joined().count == Self.tests.count)
    }

    @Test func withPastDurationsAShortClassStillRunsWhole() async throws {
        let durations = Dictionary(uniqueKeysWithValues: Self.tests.enumerated().map { ($1.id.timingKey, 0.01 * Double($0 + 1)) })
        let estimates = try #require(DurationEstimates(recorded: durations, tests: Self.tests))
        let queue = WorkQueue(tests: Self.tests, limits: Self.limits, workers: 4, estimates: estimates)
        Self.expectWholeClasses(await Self.batches(queue), "with durations")
        #expect(queue.notes.isEmpty)
    }

    @Test func aShuffledRunHandsAClassesTestsOutOneByOne() async {
        let batches = await Self.batches(WorkQueue(tests: Self.tests, limits: Self.limits, workers: 4, seed: 11))
        let split = Self.classes.contains { name, _ in batches.filter { $0.contains { $0.suiteName == "M.\(name)Tests" } }.count > 1 }
        #expect(split, "a shuffled run may put a class's tests in different processes: \(batches)")
    }

    /// The 4 s class is more than half of a 2-worker run (5.5 s): it is cut into consecutive parts of
    /// at most a worker's share (2.75 s, said as 2.7), in its order, and a note says so; the other classes stay whole.
    @Test func aLongClassIsCutIntoConsecutivePartsWithANote() async throws {
        var durations = Dictionary(uniqueKeysWithValues: Self.tests.map { ($0.id.timingKey, 0.1) })
        for number in 1...5 { durations["M.CacheTests/test\(number)"] = 0.8 }
        let estimates = try #require(DurationEstimates(recorded: durations, tests: Self.tests))
        let queue = WorkQueue(tests: Self.tests, limits: Self.limits, workers: 2, estimates: estimates)
        let batches = await Self.batches(queue)
        let cache = batches.filter { $0.contains { $0.suiteName == "M.CacheTests" } }.map { $0.filter { $0.suiteName == "M.CacheTests" } }
        #expect(cache.count == 2, "\(batches)")
        #expect(cache.sorted { $0[0] < $1[0] }.joined().map(\.rawValue) == (1...5).map { "M.CacheTests/test\($0)" })
        #expect(queue.notes.count == 1)
        #expect(
            queue.notes.first?.hasPrefix("M.CacheTests takes 4.0 s by past durations, more than a worker's share (2.7 s)") == true, "\(queue.notes)")
        for name in ["Account", "Catalog", "Pricing"] {
            #expect(batches.filter { $0.contains { $0.suiteName == "M.\(name)Tests" } }.count == 1)
        }
    }

    /// A class of tests under two seconds in all is never cut, however it compares with the run.
    @Test func aClassUnderTwoSecondsIsNeverCut() throws {
        let durations = Dictionary(uniqueKeysWithValues: Self.tests.map { ($0.id.timingKey, $0.id.suiteName == "M.CacheTests" ? 0.3 : 0.001) })
        let estimates = try #require(DurationEstimates(recorded: durations, tests: Self.tests))
        let units = TestUnits.of(Self.tests.map(\.id), framework: .xctest)
        let sized = TestUnits.splittingLong(units, framework: .xctest, estimates: estimates, parallelism: 8)
        #expect(sized.units == units)
        #expect(sized.notes.isEmpty)
    }

    /// A class's failures are retried together, in its order.
    @Test func aClassesFailuresAreRetriedTogether() async {
        let queue = WorkQueue(tests: [], limits: Self.limits, workers: 2)
        await queue.retry(
            [TestID("M.CacheTests/test5"), TestID("M.PricingTests/test1"), TestID("M.CacheTests/test2")], framework: .xctest, serial: false)
        #expect(await queue.next()?.tests == [TestID("M.CacheTests/test2"), TestID("M.CacheTests/test5")])
        #expect(await queue.next()?.tests == [TestID("M.PricingTests/test1")])
    }
}
