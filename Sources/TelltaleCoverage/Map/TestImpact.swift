import Foundation
import TelltaleProcesses

/// Which tests a change can affect, judged from a coverage map, line by line: the change's
/// hunks are read on the old side, the numbering of the base, and the map's line numbers are
/// the base's only for a file whose fingerprint equals the base's blob.
///
/// Safe by rule (Docs/Selection.md): a test runs when it entered a function a hunk touches;
/// when it entered any function of a changed test file; when it entered a file the map is
/// stale for (one that changed between the map and the base, so the test may take another
/// path now). A change the map cannot judge (a file it has no record of, a new, deleted,
/// renamed or binary file, a line changed outside every function's body: a declaration, a
/// signature, a stored property's default) is left to target-level selection (`fallbacks`).
package struct TestImpact: Sendable, Equatable {
    /// Test ids to run, each with why.
    package var tests: [String: String] = [:]
    /// Files (relative to the package) the map cannot judge, each with why.
    package var fallbacks: [String: String] = [:]
    /// Files the map is stale for, which the change did not touch.
    package var stale: [String] = []

    package init(tests: [String: String] = [:], fallbacks: [String: String] = [:], stale: [String] = []) {
        self.tests = tests
        self.fallbacks = fallbacks
        self.stale = stale
    }

    /// `baseFingerprints`: every file of the package at the base, by path, as `git ls-tree` names its blob.
    package static func judge(map: CoverageMap, diff: [FileDiff], baseFingerprints: [String: String]) -> TestImpact {
        var impact = TestImpact()
        // Each touched function with the first reason found for it.
        var touched: [Int: String] = [:]
        func touch(_ functions: some Sequence<Int>, _ reason: String) {
            for function in functions where touched[function] == nil { touched[function] = reason }
        }
        // Both sides of every file in the diff: a file the change touched is judged by it, never as stale.
        var touchedFiles: Set<String> = []

        for file in diff {
            touchedFiles.formUnion([file.oldPath, file.newPath].compactMap { $0 })
            guard let old = file.oldPath, let new = file.newPath else {
                if let new = file.newPath { impact.fallbacks[new] = "is new since the base" }
                if let old = file.oldPath { impact.fallbacks[old] = "was deleted" }
                continue
            }
            if file.isRename {
                impact.fallbacks[old] = "was renamed to \(new)"
                impact.fallbacks[new] = "was renamed from \(old)"
                continue
            }
            if file.binary {
                impact.fallbacks[old] = "is not text"
                continue
            }
            guard let index = map.fileIndex(old) else {
                impact.fallbacks[old] = "has no record in the coverage map (no function of it was in the test binary)"
                continue
            }
            let recorded = map.files[index]
            guard baseFingerprints[old] == recorded.fingerprint else {
                impact.fallbacks[old] = "changed between the coverage map's commit and the base, so the map's lines are not the base's"
                continue
            }
            let functions = map.functions(inFile: index)
            if recorded.isTest {
                touch(functions, "it executed \(old), a changed test file")
                continue
            }
            for hunk in file.hunks where !isTrivia(hunk) {
                guard let hit = touchedFunctions(hunk, functions: functions, in: map) else {
                    impact.fallbacks[old] =
                        "line \(max(hunk.oldStart, 1)) changed outside every function's body (a declaration, a signature or a stored property)"
                    // One line the map cannot judge sends the whole file to target level: its other hunks need no reading.
                    break
                }
                for function in hit {
                    let extent = map.functions[function]
                    touch([function], "it executed \(old):\(extent.firstLine)-\(extent.lastLine), changed")
                }
            }
        }
        // Files the change left alone that differ at the base from what the map measured: stale.
        for (index, file) in map.files.enumerated() where !touchedFiles.contains(file.path) && baseFingerprints[file.path] != file.fingerprint {
            impact.stale.append(file.path)
            touch(map.functions(inFile: index), "the coverage map is stale for \(file.path), which it executed")
        }

        // Each test that entered a touched function, with that function's reason.
        guard !touched.isEmpty else { return impact }
        for test in map.tests {
            if let function = test.functions.first(where: { touched[$0] != nil }) { impact.tests[test.id] = touched[function] }
        }
        return impact
    }

    /// The functions a hunk touches, on the old side; nil when a line it touches lies outside every function.
    static func touchedFunctions(_ hunk: FileDiff.Hunk, functions: Range<Int>, in map: CoverageMap) -> [Int]? {
        let extents = functions.map { ($0, map.functions[$0]) }
        if hunk.oldCount == 0 {
            // Lines added after old line `oldStart`: inside a function only between two of its lines.
            let gap = hunk.oldStart
            let hit = extents.filter { $0.1.firstLine <= gap && gap + 1 <= $0.1.lastLine }.map(\.0)
            return hit.isEmpty ? nil : hit
        }
        var hit: [Int] = []
        for (offset, line) in (hunk.oldStart..<hunk.oldStart + hunk.oldCount).enumerated() {
            if offset < hunk.removed.count, isTrivia(hunk.removed[offset]) { continue }
            // A function's first line is its declaration (`func f(x: Int) {`, `var count = 0`)
            // unless another function's body holds it (a closure): a new signature or type can
            // send callers elsewhere, which no record of this function shows.
            guard extents.contains(where: { $0.1.firstLine < line && line <= $0.1.lastLine }) else { return nil }
            hit += extents.filter { $0.1.firstLine <= line && line <= $0.1.lastLine }.map(\.0)
        }
        return hit
    }

    /// A hunk that only adds, removes or edits blank lines and `//` comments changes no behaviour.
    static func isTrivia(_ hunk: FileDiff.Hunk) -> Bool {
        (hunk.removed + hunk.added).allSatisfy(isTrivia)
    }

    static func isTrivia(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.hasPrefix("//")
    }
}

extension TestImpact {
    package struct TestImpactError: Error, LocalizedError, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var description: String
    }

    /// Judges the change from `commit` (the base) to the working tree of `package`: the
    /// committed, staged, unstaged and untracked changes `--changed` sees.
    package static func load(map: CoverageMap, package: String, commit: String) async throws(TestImpactError) -> TestImpact {
        func git(_ arguments: [String]) async -> CommandOutput {
            await CommandOutput.of(ChildProcess(executable: "git", arguments: ["-c", "core.quotePath=false"] + arguments, workingDirectory: package))
        }
        // The three git calls run at once.
        async let diff = git(["diff", "-U0", "-M", "--relative", "--no-color", "--no-ext-diff", commit, "--", "."])
        async let untracked = git(["ls-files", "--others", "--exclude-standard", "--", ".", ":(exclude).build"])
        async let tree = git(["ls-tree", "-r", commit, "--", "."])
        let (changes, added, blobs) = await (diff, untracked, tree)
        guard changes.succeeded, added.succeeded, blobs.succeeded else {
            throw TestImpactError(
                description: "git could not diff from \(commit.prefix(8)): \((changes.lines + blobs.lines).suffix(5).joined(separator: "\n"))")
        }
        var fingerprints: [String: String] = [:]
        for line in blobs.lines {
            // `100644 blob <id>\t<path>`
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let fields = line[..<tab].split(separator: " ")
            if fields.count == 3 { fingerprints[FileDiff.unquoted(String(line[line.index(after: tab)...]))] = String(fields[2]) }
        }
        // Untracked files as added ones: new since the base, so left to target level.
        let files = FileDiff.parse(changes.lines) + added.lines.filter { !$0.isEmpty }.map { FileDiff(oldPath: nil, newPath: $0) }
        return judge(map: map, diff: files, baseFingerprints: fingerprints)
    }
}
