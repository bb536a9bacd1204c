import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct BatchArgumentsTests {
    let xctest = ["A.C1/t1", "A.C1/t2", "A.C2/t1", "B.C3/t1"].map(TestID.init)
    let swiftTesting = ["A.S/f()", "A.S/Inner/g()", "A.S/Inner/h(x:)", "A.free()", "B.T/k()"].map(TestID.init)

    @Test func everythingSelectedNeedsNoArguments() {
        #expect(BatchArguments.xctest(TestBatch(framework: .xctest, tests: xctest), listed: xctest) == [[]])
        #expect(BatchArguments.swiftTestingFilters(TestBatch(framework: .swiftTesting, tests: swiftTesting), listed: swiftTesting) == [[]])
    }

    @Test func xctestNamesWholeClassesAndExpandsModules() {
        let batch = TestBatch(framework: .xctest, tests: ["A.C1/t1", "A.C1/t2", "A.C2/t1"].map(TestID.init))
        #expect(BatchArguments.xctest(batch, listed: xctest) == [["A.C1", "A.C2"]])
        let partial = TestBatch(framework: .xctest, tests: ["A.C1/t2", "B.C3/t1"].map(TestID.init))
        #expect(BatchArguments.xctest(partial, listed: xctest) == [["A.C1/t2", "B.C3"]])
    }

    @Test func swiftTestingFiltersAreAnchoredAndEscaped() throws {
        let batch = TestBatch(framework: .swiftTesting, tests: ["A.S/Inner/g()", "A.S/Inner/h(x:)", "A.free()"].map(TestID.init))
        let arguments = BatchArguments.swiftTestingFilters(batch, listed: swiftTesting)
        #expect(arguments == [["--filter", #"^A\.free\(\)/"#, "--filter", #"^A\.S/Inner/"#]])
        // The patterns select exactly the intended event-stream ids.
        let patterns = try arguments[0].enumerated().filter { $0.offset % 2 == 1 }.map { try Regex($0.element) }
        func selected(_ id: String) -> Bool { patterns.contains { id.contains($0) } }
        #expect(selected("A.S/Inner/g()/T.swift:3:4"))
        #expect(selected("A.free()/T.swift:9:2"))
        #expect(!selected("A.S/f()/T.swift:1:1"))
        #expect(!selected("A.freeAgain()/T.swift:9:2"))
    }

    @Test func sameNamedTestsListedWithLocationsAreSelectedOneByOne() throws {
        let listed = [
            "A.S/same()/S.swift:16:6", "A.S/over(_:)/S.swift:20:6", "A.S/over(_:)/S.swift:24:6", "A.S/only()",
            "B.S/same()/S.swift:18:6", "B.S/other()",
        ].map(TestID.init)
        func filters(_ ids: [String]) throws -> (patterns: [String], selects: (String) -> Bool) {
            let arguments = BatchArguments.swiftTestingFilters(TestBatch(framework: .swiftTesting, tests: ids.map(TestID.init)), listed: listed)
            let patterns = arguments.flatMap { $0.enumerated().filter { $0.offset % 2 == 1 }.map(\.element) }
            let regexes = try patterns.map { try Regex($0) }
            return (patterns, { id in regexes.contains { id.contains($0) } })
        }
        let one = try filters(["A.S/over(_:)/S.swift:24:6"])
        #expect(one.patterns == [#"^A\.S/over\(_:\)/S\.swift:24:6$"#])
        #expect(one.selects("A.S/over(_:)/S.swift:24:6"))
        #expect(!one.selects("A.S/over(_:)/S.swift:20:6"))
        let both = try filters(["A.S/over(_:)/S.swift:20:6", "A.S/over(_:)/S.swift:24:6"])
        #expect(both.patterns == [#"^A\.S/over\(_:\)/"#])
        let beta = try filters(["B.S/same()/S.swift:18:6"])
        #expect(beta.selects("B.S/same()/S.swift:18:6"))
        #expect(!beta.selects("A.S/same()/S.swift:16:6"))
    }

    @Test func wholeModuleBecomesOneSwiftTestingFilter() {
        let batch = TestBatch(framework: .swiftTesting, tests: ["B.T/k()"].map(TestID.init))
        #expect(BatchArguments.swiftTestingFilters(batch, listed: swiftTesting) == [["--filter", #"^B\."#]])
    }

    @Test func longSelectionsAreSplitUnderTheArgumentLimit() {
        let listed = (0..<20_000).map { TestID("Mod.Class\($0 % 3)/testNumber\($0)") }
        let selected = listed.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let invocations = BatchArguments.xctest(TestBatch(framework: .xctest, tests: selected), listed: listed)
        #expect(invocations.count > 1)
        // Each invocation's specifiers, joined with commas as XCTest takes them, fit one argument.
        #expect(invocations.allSatisfy { $0.joined(separator: ",").utf8.count <= BatchArguments.maxXCTestArgumentLength })
        #expect(invocations.flatMap { $0 }.count == selected.count)
    }

    @Test func xctestBatchesSplitByModuleWhenClassNamesCollide() {
        let colliding = ["A.Shared/t", "B.Shared/t", "B.Other/u"].map(TestID.init)
        let batches = TestBatch(framework: .xctest, tests: colliding).splitWhereXCTestNamesCollide()
        #expect(batches.map(\.tests) == [[TestID("A.Shared/t")], [TestID("B.Shared/t"), TestID("B.Other/u")]])
        #expect(TestBatch(framework: .swiftTesting, tests: colliding).splitWhereXCTestNamesCollide().count == 1)
    }
}
