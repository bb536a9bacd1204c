import Foundation
import TelltaleModel
import TelltaleRecord
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator

/// Which test file may declare a test, read from the sources: XCTest on Linux reports none.
@Suite(.tags(.small))
struct TestSourceIndexTests {
    static let cart = TestSourceIndex.file(
        module: "AppTests", path: "Tests/AppTests/CartTests.swift",
        text: """
            import XCTest
            import Testing

            final class CartTests: XCTestCase {
                func testAddsAnItem() throws {}
                // func testCommentedOut() {}
                /* func testInABlock() {} */
                let label = "func testInAString() {}"
                let source = \"\"\"
                    func testInAMultiLineString() {}
                    \"\"\"
            }

            @Suite struct Checkout {
                @Suite struct Payment {
                    @Test("Pays by card") func paysByCard() async throws {}
                    @Test func generic<T>(_ value: T) {}
                }
            }

            extension Checkout.Receipt {
                @Test func prints() {}
            }

            @Test func topLevel() {}
            """)
    static let other = TestSourceIndex.file(
        module: "AppTests", path: "Tests/AppTests/OtherTests.swift", text: "final class OtherTests: XCTestCase { func testOther() {} }")
    static let index = TestSourceIndex(files: [cart, other])

    @Test func aFileIsReadForItsTypesAndFunctions() {
        #expect(Self.cart.types == ["CartTests", "Checkout", "Payment", "Receipt"])
        #expect(Self.cart.functions == ["testAddsAnItem", "paysByCard", "generic", "prints", "topLevel"])
    }

    @Test func eachKindOfTestIdFindsItsFile() {
        let cart = ["Tests/AppTests/CartTests.swift"]
        #expect(Self.index.files(declaring: TestID("AppTests.CartTests/testAddsAnItem")) == cart)
        #expect(Self.index.files(declaring: TestID("AppTests.Checkout/Payment/paysByCard()")) == cart)
        #expect(Self.index.files(declaring: TestID("AppTests.Checkout/Payment/generic(_:)")) == cart)
        #expect(Self.index.files(declaring: TestID("AppTests.Checkout/Receipt/prints()")) == cart, "an extension of a nested suite")
        #expect(Self.index.files(declaring: TestID("AppTests.topLevel()")) == cart)
        #expect(Self.index.files(declaring: TestID("AppTests.OtherTests/testOther")) == ["Tests/AppTests/OtherTests.swift"])
    }

    @Test func commentsOtherModulesAndOtherSuitesDeclareNothing() {
        #expect(Self.index.files(declaring: TestID("AppTests.CartTests/testCommentedOut")).isEmpty)
        #expect(Self.index.files(declaring: TestID("AppTests.CartTests/testInABlock")).isEmpty)
        #expect(Self.index.files(declaring: TestID("CoreTests.CartTests/testAddsAnItem")).isEmpty)
        #expect(Self.index.files(declaring: TestID("AppTests.OtherTests/testAddsAnItem")).isEmpty)
    }

    /// Swift Testing's source-location suffix names the file itself.
    @Test func aSourceLocationSuffixNamesTheFile() {
        #expect(
            Self.index.files(declaring: TestID("AppTests.Shared/same()/CartTests.swift:16:6")) == ["Tests/AppTests/CartTests.swift"])
        #expect(Self.index.files(declaring: TestID("AppTests.Shared/same()/Elsewhere.swift:3:2")).isEmpty)
    }

    @Test func filesAreReadFromDiskAndADeletedOneIsLeftOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TestSourceIndexTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "struct Suite { @Test func a() {} }".write(toFile: "\(folder)/A.swift", atomically: true, encoding: .utf8)
        let index = TestSourceIndex.reading([
            ("T", "\(folder)/A.swift", "Tests/T/A.swift"), ("T", "\(folder)/Gone.swift", "Tests/T/Gone.swift"), ("T", "\(folder)/a.json", "a.json"),
        ])
        #expect(index.files.map(\.path) == ["Tests/T/A.swift"])
        #expect(index.files(declaring: TestID("T.Suite/a()")) == ["Tests/T/A.swift"])
    }
}

/// `--stress-new`: which tests are stressed, why, and the verdicts.
@Suite(.tags(.small))
struct StressSelectionTests {
    static let ids = ["M.S/old()", "M.S/new()", "M.X/testChanged"].map(TestID.init)

    @Test func newTestsAreThoseTheHistoryHasNotSeenPass() {
        #expect(StressSelection.newTests(Self.ids, passed: ["M.S/old()", "M.X/testChanged"]) == [TestID("M.S/new()")])
        #expect(StressSelection.newTests(Self.ids, passed: nil).isEmpty, "no history: nothing is new by it")
    }

    @Test func aTestNamedBySeveralSourcesKeepsEveryReasonOnce() {
        var stress = StressSelection(runs: 3, reportOnly: false)
        stress.add(StressSelection.newTests(Self.ids, passed: ["M.S/old()"])) { _ in StressSelection.newReason }
        let index = TestSourceIndex(files: [
            TestSourceIndex.File(module: "M", path: "Tests/M/X.swift", types: ["X", "S"], functions: ["testChanged", "new"])
        ])
        let changed = StressSelection.changedTests(Self.ids, index: index)
        #expect(changed == [TestID("M.S/new()"): ["Tests/M/X.swift"], TestID("M.X/testChanged"): ["Tests/M/X.swift"]])
        stress.add(changed.keys.sorted()) { "its file changed: \(changed[$0]![0])" }
        stress.add([TestID("M.S/new()")]) { _ in StressSelection.newReason }
        #expect(stress.tests == [TestID("M.S/new()"), TestID("M.X/testChanged")])
        #expect(
            stress.notes == [
                "stress: 2 new or changed tests run 3 more times each: M.S/new() (new: no passing run in the history; its file changed: Tests/M/X.swift), "
                    + "M.X/testChanged (new: no passing run in the history; its file changed: Tests/M/X.swift)"
            ])
    }

    @Test func onlyStressedTestsAreJudged() {
        var stress = StressSelection(runs: 1, reportOnly: false)
        stress.add([TestID("M.S/new()")]) { _ in StressSelection.newReason }
        let results = [
            TestResult(id: TestID("M.S/old()"), framework: .swiftTesting, outcome: .passed),
            TestResult(
                id: TestID("M.S/new()"), framework: .swiftTesting, outcome: .failed,
                previousAttempts: [TestAttempt(outcome: .passed, duration: 0)]),
        ]
        let judged = stress.judgement.apply(to: results)
        #expect(judged[0].stress == nil)
        #expect(judged[1].stress?.verdict == .flakyOnArrival && judged[1].outcome == .failed)
    }

    @Test func withoutHistoryOrAnythingToStressTheNotesSaySo() {
        var stress = StressSelection(runs: 2, reportOnly: true)
        stress.caveats.append("stress: no run history")
        #expect(stress.notes == ["stress: no run history", "stress: no new or changed test to run 2 more times"])
        #expect(StressSelection(runs: 0, reportOnly: false).notes.isEmpty)
    }
}
