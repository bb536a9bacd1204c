import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCoverage

/// `coverage.xml` as GitLab and pycobertura read it.
@Suite(.tags(.medium))
struct CoberturaTests {
    static func data(files: Int = 2, prefix: String? = "Packages/App") -> LineCoverage {
        LineCoverage(
            root: "/builds/team/project/Packages/App", repositoryPrefix: prefix,
            files: (0..<files).map { index in
                CoverageFile(
                    path: "Sources/Core/File\(index)<&>.swift", target: index % 2 == 0 ? "Core" : "Feature",
                    lines: [CoverageLine(line: 3, count: 2), CoverageLine(line: 4, count: 0), CoverageLine(line: 9, count: 1)])
            })
    }

    private func write(_ documents: [Data]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-cobertura-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try documents.enumerated().map { index, document in
            let path = folder.appendingPathComponent(CoberturaWriter.fileName(index)).path
            try document.write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    @Test func fileNamesStartAtTheRepositorysTopAndPycoberturaAgrees() async throws {
        let documents = CoberturaWriter(generatedAt: Date(timeIntervalSince1970: 1_700_000_000), toolVersion: "0.1.0").write(Self.data())
        #expect(documents.count == 1)
        let xml = String(decoding: documents[0], as: UTF8.self)
        #expect(xml.contains("<source>/builds/team/project</source>"))
        #expect(xml.contains(#"filename="Packages/App/Sources/Core/File0&lt;&amp;&gt;.swift""#))
        #expect(xml.contains(#"lines-covered="4" lines-valid="6""#))
        #expect(xml.contains(#"timestamp="1700000000000""#))
        let paths = try write(documents)
        #expect(try await XMLLint.wellFormed(path: paths[0]).status == 0)
        let read = try await CoverageReaders.pycobertura(paths[0])
        #expect(read.lines == CoverageReaders.Totals(covered: 4, total: 6))
        #expect(read.missed["Packages/App/Sources/Core/File1<&>.swift"] == [4])
    }

    @Test func aReportOverTheLimitContinuesInMoreWholeDocuments() async throws {
        let data = Self.data(files: 40)
        let documents = CoberturaWriter(generatedAt: Date(), toolVersion: "0.1.0", maxBytes: 4000).write(data)
        #expect(documents.count > 1)
        #expect(documents.allSatisfy { $0.count <= 4000 })
        var totals = CoverageReaders.Totals(covered: 0, total: 0)
        for path in try write(documents) {
            let read = try await CoverageReaders.pycobertura(path)
            totals.covered += read.lines.covered
            totals.total += read.lines.total
        }
        // Each file in exactly one document.
        #expect(totals == CoverageReaders.Totals(covered: 80, total: 120))
    }

    @Test func outsideGitNamesArePackageRelative() {
        let xml = String(decoding: CoberturaWriter(generatedAt: Date(), toolVersion: "0.1.0").write(Self.data(prefix: nil))[0], as: UTF8.self)
        #expect(xml.contains("<source>/builds/team/project/Packages/App</source>"))
        #expect(xml.contains(#"filename="Sources/Core/File0&lt;&amp;&gt;.swift""#))
    }
}
