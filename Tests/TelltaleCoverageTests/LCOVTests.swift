import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCoverage

/// llvm-cov's LCOV in, Telltale's LCOV out.
@Suite(.tags(.small))
struct LCOVTests {
    /// As `llvm-cov export -format=lcov` writes it (Swift has no branches; C does).
    static let exported = """
        SF:/work/App/Sources/Core/Core.swift
        FN:3,$s4Core4areaySdAA5ShapeOF
        FN:12,$s4Core6unusedSiyF
        FNDA:4,$s4Core4areaySdAA5ShapeOF
        FNDA:0,$s4Core6unusedSiyF
        FNF:2
        FNH:1
        DA:3,4
        DA:4,4
        DA:5,0
        DA:12,0
        BRF:0
        BRH:0
        LF:4
        LH:2
        end_of_record
        SF:/work/App/Sources/CLib/lib.c
        FN:1,add
        FNDA:2,add
        FNF:1
        FNH:1
        BRDA:2,0,0,2
        BRDA:2,0,1,0
        BRDA:5,0,0,-
        DA:1,2
        DA:2,2
        LF:2
        LH:2
        end_of_record

        """

    @Test func llvmCovsLCOVIsReadFileByFile() throws {
        let files = try LCOVReader.read(Data(Self.exported.utf8))
        #expect(files.map(\.path) == ["/work/App/Sources/Core/Core.swift", "/work/App/Sources/CLib/lib.c"])
        #expect(files[0].lines == [.init(line: 3, count: 4), .init(line: 4, count: 4), .init(line: 5, count: 0), .init(line: 12, count: 0)])
        #expect(
            files[0].functions == [
                CoverageFunction(name: "$s4Core4areaySdAA5ShapeOF", line: 3, count: 4),
                CoverageFunction(name: "$s4Core6unusedSiyF", line: 12, count: 0),
            ])
        #expect(
            files[1].branches == [
                CoverageBranch(line: 2, block: 0, branch: 0, count: 2), CoverageBranch(line: 2, block: 0, branch: 1, count: 0),
                CoverageBranch(line: 5, block: 0, branch: 0, count: nil),
            ])
    }

    /// llvm-cov prints some of Swift's counters that underflowed (a `for … where` loop's, in Yams)
    /// as 2^64 minus a little: still a line that ran, kept as `LineCoverage.maximumCount`, and merging adds up to no more.
    @Test func anUnderflowedCounterIsALineThatRan() throws {
        let files = try LCOVReader.read(Data("SF:/a.swift\nDA:319,18446744073709551249\nDA:320,3\nend_of_record\n".utf8))
        #expect(files[0].lines == [CoverageLine(line: 319, count: LineCoverage.maximumCount), CoverageLine(line: 320, count: 3)])
        let file = CoverageFile(path: "a.swift", target: nil, lines: files[0].lines)
        let (merged, _) = LineCoverage.merging([LineCoverage(root: "/", files: [file]), LineCoverage(root: "/", files: [file])])
        #expect(merged.files[0].lines == [CoverageLine(line: 319, count: LineCoverage.maximumCount), CoverageLine(line: 320, count: 6)])
        #expect(merged.files[0].lineCount == CoverageCount(covered: 2, total: 2))
    }

    @Test func aBrokenRecordNamesItsLine() {
        #expect(throws: LCOVReader.LCOVError.self) { try LCOVReader.read(Data("SF:/a.swift\nDA:x,1\nend_of_record\n".utf8)) }
        let error = #expect(throws: LCOVReader.LCOVError.self) { try LCOVReader.read(Data("SF:/a.swift\nDA:3\n".utf8)) }
        #expect(error?.line == 2)
    }

    @Test func writtenLCOVHasRelativePathsAndEveryRecord() throws {
        let files = try LCOVReader.read(Data(Self.exported.utf8))
        let data = LineCoverage(
            root: "/work/App",
            files: files.map { file in
                CoverageFile(
                    path: String(file.path.dropFirst("/work/App/".count)), target: "Core", lines: file.lines, functions: file.functions,
                    branches: file.branches)
            })
        let text = LCOVWriter().write(data)
        #expect(
            text == """
                TN:
                SF:Sources/CLib/lib.c
                FN:1,add
                FNDA:2,add
                FNF:1
                FNH:1
                BRDA:2,0,0,2
                BRDA:2,0,1,0
                BRDA:5,0,0,-
                BRF:3
                BRH:1
                DA:1,2
                DA:2,2
                LF:2
                LH:2
                end_of_record
                TN:
                SF:Sources/Core/Core.swift
                FN:3,$s4Core4areaySdAA5ShapeOF
                FN:12,$s4Core6unusedSiyF
                FNDA:4,$s4Core4areaySdAA5ShapeOF
                FNDA:0,$s4Core6unusedSiyF
                FNF:2
                FNH:1
                DA:3,4
                DA:4,4
                DA:5,0
                DA:12,0
                LF:4
                LH:2
                end_of_record

                """)
        // Reading Telltale's own output back gives the same files (paths aside).
        #expect(try LCOVReader.read(Data(text.utf8)).map(\.lines) == [files[1].lines, files[0].lines])
    }

    @Test(.tags(.medium)) func debiansLcovReadsTheTotals() async throws {
        let files = try LCOVReader.read(Data(Self.exported.utf8))
        let data = LineCoverage(
            root: "/work/App",
            files: files.map { CoverageFile(path: String($0.path.dropFirst(10)), target: nil, lines: $0.lines, functions: $0.functions) })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-\(UUID().uuidString).lcov").path
        try LCOVWriter().write(data).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let summary = try await CoverageReaders.lcovSummary(path)
        #expect(summary.lines == CoverageReaders.Totals(covered: 4, total: 6))
        #expect(summary.functions == CoverageReaders.Totals(covered: 2, total: 3))
    }
}
