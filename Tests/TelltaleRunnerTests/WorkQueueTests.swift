import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct WorkQueueTests {
    let xctests = (1...20).map { ListedTest(id: TestID("M.C/test\(String(format: "%02d", $0))"), framework: .xctest) }
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
}
