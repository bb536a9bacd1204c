import TelltaleModel

/// `coverage.lcov`: an LCOV tracefile (`SF`, `FN`/`FNDA`/`FNF`/`FNH`, `DA`, `BRDA`/`BRF`/`BRH`
/// where there are branches, `LF`/`LH`), one record per measured file, paths relative to the
/// package, so `lcov`, `genhtml` and review tools' LCOV importers read it from a checkout.
package struct LCOVWriter: Sendable {
    package init() {}

    package func write(_ data: LineCoverage) -> String {
        var text = ""
        // A rough size up front, so the one string grows in place.
        text.reserveCapacity(data.files.reduce(0) { $0 + 16 * $1.lines.count + 64 * $1.functions.count + 64 })
        for file in data.files {
            text += "TN:\nSF:\(file.path)\n"
            // Every `FN` of a file before its `FNDA`s, as lcov writes them.
            for function in file.functions { text += "FN:\(function.line),\(function.name)\n" }
            for function in file.functions { text += "FNDA:\(function.count),\(function.name)\n" }
            let functions = file.functionCount
            text += "FNF:\(functions.total)\nFNH:\(functions.covered)\n"
            // A file without branches (all of Swift's) has no branch records at all.
            if !file.branches.isEmpty {
                for branch in file.branches {
                    text += "BRDA:\(branch.line),\(branch.block),\(branch.branch),\(branch.count.map(String.init) ?? "-")\n"
                }
                let branches = file.branchCount
                text += "BRF:\(branches.total)\nBRH:\(branches.covered)\n"
            }
            for line in file.lines { text += "DA:\(line.line),\(line.count)\n" }
            let lines = file.lineCount
            text += "LF:\(lines.total)\nLH:\(lines.covered)\nend_of_record\n"
        }
        return text
    }
}
