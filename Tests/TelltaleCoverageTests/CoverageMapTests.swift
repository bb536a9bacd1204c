import Foundation
import Testing

@testable import TelltaleCoverage

/// The coverage map's file form, and how a change is judged against it.
@Suite(.tags(.small))
struct CoverageMapTests {
    /// Two source files and a test file:
    /// - `Sources/Core/Deque.swift`: `append` at 10-20 (with a closure at 14-16), `remove` at 30-40;
    /// - `Sources/Core/Ring.swift`: `grow` at 5-9;
    /// - `Tests/CoreTests/DequeTests.swift`: the two tests' own functions.
    static let map = CoverageMap(
        commit: "1a2b3c4d5e6f", dirty: false, recordedAt: Date(timeIntervalSince1970: 1_764_000_000.123),
        files: [
            .init(path: "Sources/Core/Deque.swift", fingerprint: "d1", isTest: false),
            .init(path: "Sources/Core/Ring.swift", fingerprint: "r1", isTest: false),
            .init(path: "Tests/CoreTests/DequeTests.swift", fingerprint: "t1", isTest: true),
        ],
        functions: [
            .init(file: 0, firstLine: 10, lastLine: 20),  // 0 append
            .init(file: 0, firstLine: 14, lastLine: 16),  // 1 append's closure
            .init(file: 0, firstLine: 30, lastLine: 40),  // 2 remove
            .init(file: 1, firstLine: 5, lastLine: 9),  // 3 grow
            .init(file: 2, firstLine: 3, lastLine: 6),  // 4 testAppend
            .init(file: 2, firstLine: 8, lastLine: 11),  // 5 testRemove
        ],
        tests: [
            .init(id: "CoreTests.DequeTests/testAppend", functions: [0, 3, 4]),
            .init(id: "CoreTests.DequeTests/testRemove", functions: [2, 5]),
            .init(id: "CoreTests.RingTests/testGrow", functions: [3]),
        ]
    )
    static let fingerprints = ["Sources/Core/Deque.swift": "d1", "Sources/Core/Ring.swift": "r1", "Tests/CoreTests/DequeTests.swift": "t1"]

    static func modified(_ path: String, _ hunks: FileDiff.Hunk...) -> FileDiff {
        FileDiff(oldPath: path, newPath: path, hunks: hunks)
    }

    @Test func theFileFormReadsBackEqual() throws {
        let data = Self.map.encoded()
        #expect(try CoverageMap(decoding: data) == Self.map)
    }

    /// A test's functions are gaps from the one before: about a byte each, where a map of a
    /// large package holds hundreds of thousands of them.
    @Test func aTestsFunctionsTakeAboutAByteEach() throws {
        let functions = (0..<5_000).map { CoverageMap.Function(file: $0 / 50, firstLine: 10 * ($0 % 50) + 1, lastLine: 10 * ($0 % 50) + 8) }
        let tests = (0..<500).map { test in
            CoverageMap.Test(id: "Module.Suite/test\(test)", functions: Array(stride(from: test % 7, to: 5_000, by: 9)))
        }
        let files = (0..<100).map { CoverageMap.File(path: "Sources/M/F\($0).swift", fingerprint: String(repeating: "f", count: 40), isTest: false) }
        let map = CoverageMap(commit: nil, dirty: true, recordedAt: Date(), files: files, functions: functions, tests: tests)
        let data = map.encoded()
        let numbers = tests.reduce(0) { $0 + $1.functions.count }
        #expect(data.count < numbers + 500 * 30 + 5_000 * 5 + 100 * 70)
        #expect(try CoverageMap(decoding: data).tests == tests)
    }

    @Test func aDamagedOrForeignFileIsRefusedWithAReason() {
        let data = Self.map.encoded()
        #expect(throws: CoverageMap.CoverageMapFormatError.self) { try CoverageMap(decoding: data.prefix(data.count - 3)) }
        #expect(throws: CoverageMap.CoverageMapFormatError.self) { try CoverageMap(decoding: Data("{\"not\": 1}".utf8)) }
        var later = data
        later[4] = 9
        let error = #expect(throws: CoverageMap.CoverageMapFormatError.self) { try CoverageMap(decoding: later) }
        #expect(error?.description.contains("record the map again") == true)
    }

    @Test func aChangeInsideAFunctionSelectsTheTestsThatEnteredIt() {
        let impact = TestImpact.judge(
            map: Self.map,
            diff: [
                Self.modified(
                    "Sources/Core/Deque.swift",
                    .init(oldStart: 32, oldCount: 1, newStart: 32, newCount: 1, removed: ["  x -= 1"], added: ["  x -= 2"]))
            ],
            baseFingerprints: Self.fingerprints)
        #expect(impact.tests == ["CoreTests.DequeTests/testRemove": "it executed Sources/Core/Deque.swift:30-40, changed"])
        #expect(impact.fallbacks.isEmpty)
    }

    @Test func aLineInANestedClosureSelectsWhoeverEnteredTheOuterFunction() {
        let impact = TestImpact.judge(
            map: Self.map,
            diff: [
                Self.modified("Sources/Core/Deque.swift", .init(oldStart: 15, oldCount: 1, newStart: 15, newCount: 1, removed: ["a"], added: ["b"]))
            ],
            baseFingerprints: Self.fingerprints)
        #expect(Set(impact.tests.keys) == ["CoreTests.DequeTests/testAppend"])
    }

    @Test func linesAddedBetweenTwoLinesOfAFunctionAreInsideItAndAfterItsEndAreNot() {
        let inside = TestImpact.judge(
            map: Self.map,
            diff: [Self.modified("Sources/Core/Deque.swift", .init(oldStart: 35, oldCount: 0, newStart: 36, newCount: 1, added: ["  y()"]))],
            baseFingerprints: Self.fingerprints)
        #expect(Set(inside.tests.keys) == ["CoreTests.DequeTests/testRemove"])
        let after = TestImpact.judge(
            map: Self.map,
            diff: [
                Self.modified(
                    "Sources/Core/Deque.swift", .init(oldStart: 40, oldCount: 0, newStart: 41, newCount: 3, added: ["", "func z() {}", ""]))
            ],
            baseFingerprints: Self.fingerprints)
        #expect(after.tests.isEmpty)
        #expect(after.fallbacks["Sources/Core/Deque.swift"]?.contains("outside every function's body") == true)
    }

    @Test func blankLinesAndCommentsOutsideFunctionsChangeNothing() {
        let impact = TestImpact.judge(
            map: Self.map,
            diff: [
                Self.modified(
                    "Sources/Core/Deque.swift",
                    .init(oldStart: 25, oldCount: 2, newStart: 25, newCount: 1, removed: ["// old words", ""], added: ["/// new words"]))
            ],
            baseFingerprints: Self.fingerprints)
        #expect(impact.tests.isEmpty)
        #expect(impact.fallbacks.isEmpty)
    }

    @Test func aDeclarationOutsideFunctionsFallsBackForItsFile() {
        let impact = TestImpact.judge(
            map: Self.map,
            diff: [
                Self.modified(
                    "Sources/Core/Ring.swift",
                    .init(oldStart: 2, oldCount: 1, newStart: 2, newCount: 1, removed: ["  var capacity = 4"], added: ["  var capacity = 8"]))
            ],
            baseFingerprints: Self.fingerprints)
        // No test is chosen for it (its file's target runs whole instead), and nothing else is touched.
        #expect(
            impact
                == TestImpact(fallbacks: [
                    "Sources/Core/Ring.swift": "line 2 changed outside every function's body (a declaration, a signature or a stored property)"
                ]))
    }

    /// A function's first line declares it: a new signature can send callers to another
    /// function, so its file falls back; a closure's first line is inside its function's body.
    @Test func aFunctionsFirstLineIsItsDeclarationUnlessAnotherFunctionHoldsIt() {
        let signature = TestImpact.judge(
            map: Self.map,
            diff: [
                Self.modified("Sources/Core/Deque.swift", .init(oldStart: 30, oldCount: 1, newStart: 30, newCount: 1, removed: ["a"], added: ["b"]))
            ],
            baseFingerprints: Self.fingerprints)
        #expect(signature.fallbacks["Sources/Core/Deque.swift"]?.contains("outside every function's body") == true)
        let closure = TestImpact.judge(
            map: Self.map,
            diff: [
                Self.modified("Sources/Core/Deque.swift", .init(oldStart: 14, oldCount: 1, newStart: 14, newCount: 1, removed: ["a"], added: ["b"]))
            ],
            baseFingerprints: Self.fingerprints)
        #expect(closure.fallbacks.isEmpty && Set(closure.tests.keys) == ["CoreTests.DequeTests/testAppend"])
    }

    @Test func newDeletedRenamedUnknownAndBinaryFilesFallBack() {
        let impact = TestImpact.judge(
            map: Self.map,
            diff: [
                FileDiff(oldPath: nil, newPath: "Sources/Core/New.swift"),
                FileDiff(oldPath: "Sources/Core/Ring.swift", newPath: nil),
                FileDiff(oldPath: "Sources/Core/Deque.swift", newPath: "Sources/Core/Queue.swift"),
                Self.modified("Sources/Core/Resources/data.json", .init(oldStart: 1, oldCount: 1, newStart: 1, newCount: 1)),
                FileDiff(oldPath: "Sources/Core/logo.png", newPath: "Sources/Core/logo.png", binary: true),
            ],
            baseFingerprints: Self.fingerprints)
        #expect(
            impact.fallbacks.keys.sorted() == [
                "Sources/Core/Deque.swift", "Sources/Core/New.swift", "Sources/Core/Queue.swift", "Sources/Core/Resources/data.json",
                "Sources/Core/Ring.swift", "Sources/Core/logo.png",
            ])
        #expect(impact.tests.isEmpty)
    }

    @Test func aChangedTestFileSelectsEveryTestThatEnteredIt() {
        let impact = TestImpact.judge(
            map: Self.map,
            diff: [
                Self.modified(
                    "Tests/CoreTests/DequeTests.swift", .init(oldStart: 20, oldCount: 0, newStart: 21, newCount: 4, added: ["func testNew() {}"]))
            ],
            baseFingerprints: Self.fingerprints)
        #expect(Set(impact.tests.keys) == ["CoreTests.DequeTests/testAppend", "CoreTests.DequeTests/testRemove"])
        #expect(impact.fallbacks.isEmpty)
    }

    @Test func aFileThatChangedSinceTheMapRunsEveryTestThatExecutedIt() {
        var base = Self.fingerprints
        base["Sources/Core/Ring.swift"] = "r2"
        let untouched = TestImpact.judge(map: Self.map, diff: [], baseFingerprints: base)
        #expect(untouched.stale == ["Sources/Core/Ring.swift"])
        #expect(Set(untouched.tests.keys) == ["CoreTests.DequeTests/testAppend", "CoreTests.RingTests/testGrow"])
        #expect(untouched.tests["CoreTests.RingTests/testGrow"]?.contains("stale") == true)

        // Changed by this change as well: its lines are not the map's, so its target decides.
        let touched = TestImpact.judge(
            map: Self.map,
            diff: [Self.modified("Sources/Core/Ring.swift", .init(oldStart: 6, oldCount: 1, newStart: 6, newCount: 1, removed: ["a"], added: ["b"]))],
            baseFingerprints: base)
        #expect(touched.fallbacks["Sources/Core/Ring.swift"]?.contains("changed between the coverage map's commit and the base") == true)
    }

    @Test func aDiffIsReadOnBothSidesWithRenamesAndNewFiles() {
        let lines = """
            diff --git a/Sources/Core/Deque.swift b/Sources/Core/Deque.swift
            index 1111111..2222222 100644
            --- a/Sources/Core/Deque.swift
            +++ b/Sources/Core/Deque.swift
            @@ -32 +32 @@ func remove() {
            -  x -= 1
            +  x -= 2
            @@ -40,0 +41,2 @@
            +--- not a header
            +b
            diff --git a/Sources/Core/Old.swift b/Sources/Core/Renamed.swift
            similarity index 100%
            rename from Sources/Core/Old.swift
            rename to Sources/Core/Renamed.swift
            diff --git a/Sources/Core/New.swift b/Sources/Core/New.swift
            new file mode 100644
            index 0000000..3333333
            --- /dev/null
            +++ b/Sources/Core/New.swift
            @@ -0,0 +1 @@
            +let x = 1
            diff --git a/logo.png b/logo.png
            index 4444444..5555555 100644
            Binary files a/logo.png and b/logo.png differ
            """.split(separator: "\n").map(String.init)
        let files = FileDiff.parse(lines)
        #expect(files.count == 4)
        #expect(
            files[0]
                == FileDiff(
                    oldPath: "Sources/Core/Deque.swift", newPath: "Sources/Core/Deque.swift",
                    hunks: [
                        .init(oldStart: 32, oldCount: 1, newStart: 32, newCount: 1, removed: ["  x -= 1"], added: ["  x -= 2"]),
                        .init(oldStart: 40, oldCount: 0, newStart: 41, newCount: 2, added: ["--- not a header", "b"]),
                    ]))
        #expect(files[1].isRename && files[1].oldPath == "Sources/Core/Old.swift" && files[1].newPath == "Sources/Core/Renamed.swift")
        #expect(files[2].oldPath == nil && files[2].newPath == "Sources/Core/New.swift" && files[2].hunks.count == 1)
        #expect(files[3].binary && files[3].oldPath == "logo.png")
    }
}

/// Where each function is, from llvm-cov's export.
@Suite(.tags(.small))
struct FunctionExtentsTests {
    /// A private function is `/path/File.swift:$s…` in a raw profile but `$s…` in llvm-cov's
    /// export; the extent spans its code regions in its own file, not expansions or gaps.
    @Test func functionsAreKnownByTheirSymbolWithTheirOwnFilesCodeLines() throws {
        let json = """
            {"data": [{"functions": [
              {"name": "$s6LedgerAAV5centsSivpfi", "count": 1, "filenames": ["/p/Sources/Ledger/Ledger.swift"],
               "regions": [[3, 37, 3, 38, 1, 0, 0, 0]]},
              {"name": "$s6LedgerAAV8withdrawySbSiF", "count": 0, "filenames": ["/p/Sources/Ledger/Ledger.swift", "/p/Sources/Ledger/Macro.swift"],
               "regions": [[12, 58, 16, 6, 0, 0, 0, 0], [13, 36, 13, 52, 0, 0, 0, 0], [40, 1, 44, 2, 0, 1, 0, 0], [17, 1, 19, 1, 0, 0, 0, 3]]},
              {"name": "a.c:helper", "count": 1, "filenames": ["/p/Sources/C/a.c"], "regions": [[2, 1, 4, 2, 1, 0, 0, 0]]},
              {"name": "b.c:helper", "count": 1, "filenames": ["/p/Sources/C/b.c"], "regions": [[7, 1, 9, 2, 1, 0, 0, 0]]}
            ]}]}
            """
        let extents = try FunctionExtents.parse(Data(json.utf8))
        #expect(FunctionExtents.symbol("/p/Sources/Ledger/Ledger.swift:$s6LedgerAAV5centsSivpfi") == "$s6LedgerAAV5centsSivpfi")
        #expect(extents.byName["$s6LedgerAAV5centsSivpfi"] == [.init(file: "/p/Sources/Ledger/Ledger.swift", firstLine: 3, lastLine: 3)])
        #expect(extents.byName["$s6LedgerAAV8withdrawySbSiF"] == [.init(file: "/p/Sources/Ledger/Ledger.swift", firstLine: 12, lastLine: 16)])
        #expect(extents.byName["helper"]?.count == 2)
    }
}
