import Foundation
import TelltaleModel

/// `coverage.xml`: Cobertura's format (coverage-04.dtd) as GitLab's coverage visualization
/// reads it, within GitLab's documented limits: one `<source>` (it reads at most 100) and
/// files of at most 10 MiB; a larger report continues in `coverage-2.xml`, `coverage-3.xml`, …,
/// each a whole document for some of the files (GitLab merges the files a wildcard names).
///
/// A package is a target, a class a file. File names are relative to the repository's top,
/// with the repository's folder as the `<source>`, which is how GitLab finds the file in a
/// merge request's diff; outside git they are relative to the package.
package struct CoberturaWriter: Sendable {
    /// GitLab's limit for one Cobertura file.
    package static let gitLabMaxBytes = 10 * 1024 * 1024

    package var maxBytes: Int
    package var generatedAt: Date
    package var toolVersion: String

    package init(generatedAt: Date, toolVersion: String, maxBytes: Int = Self.gitLabMaxBytes) {
        self.generatedAt = generatedAt
        self.toolVersion = toolVersion
        self.maxBytes = maxBytes
    }

    /// `coverage.xml`, then `coverage-2.xml`, … for the documents `write` returns.
    package static func fileName(_ index: Int) -> String {
        index == 0 ? "coverage.xml" : "coverage-\(index + 1).xml"
    }

    /// Whether `name` is one of those files' names.
    package static func isFileName(_ name: String) -> Bool {
        if name == fileName(0) { return true }
        guard name.hasPrefix("coverage-"), name.hasSuffix(".xml"), let number = Int(name.dropFirst(9).dropLast(4)) else { return false }
        return number >= 2
    }

    /// One document, or several when one would pass `maxBytes`; each file is in exactly one.
    package func write(_ data: LineCoverage) -> [Data] {
        let classes = data.files.map { file in (file, classElement(file, data: data)) }
        // What a document costs before its classes.
        let frame = document(data, files: [], classes: [:]).utf8.count
        var groups: [[(CoverageFile, String)]] = [[]]
        var size = frame
        for entry in classes {
            let cost = entry.1.utf8.count + 200
            // A new document when this class would pass the limit; a class larger than the limit alone
            // still gets a document of its own.
            if size + cost > maxBytes, !groups[groups.count - 1].isEmpty {
                groups.append([])
                size = frame
            }
            groups[groups.count - 1].append(entry)
            size += cost
        }
        return groups.map { group in
            Data(document(data, files: group.map(\.0), classes: Dictionary(group.map { ($0.0.path, $0.1) }) { first, _ in first }).utf8)
        }
    }

    /// A whole document for `files`, its totals over them alone; `classes` holds their elements by path.
    private func document(_ data: LineCoverage, files: [CoverageFile], classes: [String: String]) -> String {
        let lines = files.reduce(CoverageCount()) { $0 + $1.lineCount }
        let branches = files.reduce(CoverageCount()) { $0 + $1.branchCount }
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">
            <coverage line-rate="\(Self.rate(lines))" branch-rate="\(Self.rate(branches))" lines-covered="\(lines.covered)" \
            lines-valid="\(lines.total)" branches-covered="\(branches.covered)" branches-valid="\(branches.total)" complexity="0" \
            version="telltale \(Self.escape(toolVersion))" timestamp="\(Int64((generatedAt.timeIntervalSince1970 * 1000).rounded()))">
              <sources>
                <source>\(Self.escape(Self.sourceFolder(data)))</source>
              </sources>
              <packages>

            """
        // Files no target owns (an `include` glob's) go in a package of their own.
        let byTarget = Dictionary(grouping: files) { $0.target ?? "(no target)" }
        for target in byTarget.keys.sorted() {
            let members = byTarget[target]!
            let targetLines = members.reduce(CoverageCount()) { $0 + $1.lineCount }
            let targetBranches = members.reduce(CoverageCount()) { $0 + $1.branchCount }
            xml += """
                    <package name="\(Self.escape(target))" line-rate="\(Self.rate(targetLines))" branch-rate="\(Self.rate(targetBranches))" complexity="0">
                      <classes>

                """
            for file in members { xml += classes[file.path] ?? "" }
            xml += "      </classes>\n    </package>\n"
        }
        xml += "  </packages>\n</coverage>\n"
        return xml
    }

    /// A file's `<class>`: its lines, with condition coverage where llvm-cov measured branches.
    private func classElement(_ file: CoverageFile, data: LineCoverage) -> String {
        let name = URL(fileURLWithPath: file.path).lastPathComponent
        // From the repository's top, as GitLab matches it with the merge request's files.
        let filename = data.repositoryPrefix.map { $0.isEmpty ? file.path : $0 + "/" + file.path } ?? file.path
        var xml = """
                    <class name="\(Self.escape(name))" filename="\(Self.escape(filename))" line-rate="\(Self.rate(file.lineCount))" \
            branch-rate="\(Self.rate(file.branchCount))" complexity="0">
                      <methods/>
                      <lines>

            """
        let branchesByLine = Dictionary(grouping: file.branches, by: \.line)
        for line in file.lines {
            if let branches = branchesByLine[line.line] {
                let taken = branches.count(where: { ($0.count ?? 0) > 0 })
                // Cobertura's condition coverage: the share of the line's branch outcomes taken, rounded down.
                let percent = branches.isEmpty ? 0 : taken * 100 / branches.count
                xml +=
                    "            <line number=\"\(line.line)\" hits=\"\(line.count)\" branch=\"true\" condition-coverage=\"\(percent)% (\(taken)/\(branches.count))\"/>\n"
            } else {
                xml += "            <line number=\"\(line.line)\" hits=\"\(line.count)\" branch=\"false\"/>\n"
            }
        }
        xml += "          </lines>\n        </class>\n"
        return xml
    }

    /// The repository's folder when the package is in git (file names then start from its top), else the package's.
    static func sourceFolder(_ data: LineCoverage) -> String {
        guard let prefix = data.repositoryPrefix, !prefix.isEmpty, data.root.hasSuffix(prefix) else { return data.root }
        let folder = String(data.root.dropLast(prefix.count))
        return folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }

    /// Cobertura's rates: 0 to 1, four decimals, rounded as every other figure (never 1 unless
    /// all ran, never 0 unless none did); 1 for nothing to cover, as Cobertura writes it.
    static func rate(_ count: CoverageCount) -> String {
        guard count.total > 0 else { return "1" }
        return count.rate(scale: 1, decimals: 4)
    }

    /// Paths and target names as attribute values: XML's five, and no control characters.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
