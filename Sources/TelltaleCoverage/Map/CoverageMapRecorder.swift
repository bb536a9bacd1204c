import Foundation
import TelltaleProcesses

/// Makes a `CoverageMap` after a `--coverage-map` run: each test ran in processes of its own
/// whose raw profiles start with the test's key (`profilePattern`); the functions each test
/// entered are read from those profiles alone (`llvm-profdata show --covered`), and placed in
/// their files from one `llvm-cov export` of the run's merged profile.
package struct CoverageMapRecorder: Sendable {
    package var tools: CoverageTools
    package var profileDirectory: String
    /// The package's folder, absolute.
    package var root: String
    package var targets: [CoverageSources.Target]

    package init(tools: CoverageTools, profileDirectory: String, root: String, targets: [CoverageSources.Target]) {
        self.tools = tools
        self.profileDirectory = profileDirectory
        self.root = root
        self.targets = targets
    }

    /// `LLVM_PROFILE_FILE` for the processes of the test with `key`: `DIR/KEY-%c%p-%m.profraw`
    /// (see `CoverageBuild.profilePattern`), so its retries and exit-test children add to it.
    package static func profilePattern(directory: String, key: String, continuous: Bool) -> String {
        let shared = CoverageBuild.profilePattern(directory: directory, continuous: continuous)
        let name = URL(fileURLWithPath: shared).lastPathComponent
        return "\(directory)/\(key)-\(name)"
    }

    /// The map of the tests in `tests` (key → test id), with notes on tests it could not read.
    package func record(
        tests: [String: String], testBinary: String, mergedProfile: String, commit: String?, dirty: Bool
    ) async throws(CoverageFailure) -> (map: CoverageMap, notes: [String]) {
        // Where each function is, from one export of the merged profile; per test, only which
        // functions it entered is read.
        let extents = try await functionExtents(testBinary: testBinary, mergedProfile: mergedProfile)
        var notes: [String] = []

        // The package's files, and a number for every function in them.
        // `include: ["**"]` keeps test targets' files too: a changed test file selects the tests that entered it.
        let sources = CoverageSources(root: root, targets: targets, include: ["**"])
        let testTargets = Set(targets.filter(\.isTest).map(\.name))
        var fileOf: [String: String] = [:]
        var isTest: [String: Bool] = [:]
        for extent in extents.byName.values.joined() where fileOf[extent.file] == nil {
            // A file of one of the package's targets, tests included.
            guard let (path, target) = sources.classify(extent.file), let target else { continue }
            fileOf[extent.file] = path
            isTest[path] = testTargets.contains(target)
        }
        // Sorted by path, as `CoverageMap.fileIndex` searches them.
        let paths = isTest.keys.sorted()
        let fingerprints = try await Self.fingerprints(of: paths, in: root)
        let files = paths.map { CoverageMap.File(path: $0, fingerprint: fingerprints[$0] ?? "", isTest: isTest[$0]!) }
        let fileIndex = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        let placed = extents.byName.flatMap { name, extents in
            extents.compactMap { extent -> (name: String, function: CoverageMap.Function)? in
                guard let path = fileOf[extent.file], let file = fileIndex[path] else { return nil }
                return (name, CoverageMap.Function(file: file, firstLine: extent.firstLine, lastLine: extent.lastLine))
            }
        }
        .sorted {
            ($0.function.file, $0.function.firstLine, $0.function.lastLine, $0.name) < (
                $1.function.file, $1.function.firstLine, $1.function.lastLine, $1.name
            )
        }
        // A symbol placed more than once (C's `static` functions in two files) has an index for each place.
        let functionIndex = Dictionary(grouping: placed.indices) { placed[$0].name }

        // What each test entered, read from its own profiles, a few at a time.
        // A test's profiles start with its key, which holds no `-` (the run makes it `t` and a hex digest).
        let profiles = Dictionary(grouping: profileNames()) { String($0.prefix { $0 != "-" }) }
        var recorded: [CoverageMap.Test] = []
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        await withTaskGroup(of: (String, Set<String>?, [String]).self) { group in
            var pending = tests.keys.sorted().makeIterator()
            func start() {
                guard let key = pending.next() else { return }
                let names = profiles[key] ?? []
                group.addTask {
                    let (covered, problems) = await self.coveredFunctions(names)
                    return (key, covered, problems)
                }
            }
            // As many `llvm-profdata show` at once as there are cores; each one done starts the next.
            for _ in 0..<width { start() }
            while let (key, covered, problems) = await group.next() {
                notes += problems
                if let covered {
                    let indices = Set(covered.flatMap { functionIndex[$0] ?? [] }).sorted()
                    recorded.append(CoverageMap.Test(id: tests[key]!, functions: indices))
                } else {
                    notes.append("coverage map: no readable profile for \(tests[key]!): it is left out of the map, so it always runs")
                }
                start()
            }
        }
        let map = CoverageMap(
            commit: commit, dirty: dirty, recordedAt: Date(), files: files, functions: placed.map(\.function),
            tests: recorded.sorted { $0.id < $1.id })
        return (map, notes)
    }

    /// The functions one test's profiles entered; nil when none of them could be read.
    private func coveredFunctions(_ names: [String]) async -> (Set<String>?, [String]) {
        var covered: Set<String>?
        var problems: [String] = []
        for name in names {
            let path = "\(profileDirectory)/\(name)"
            let output = "\(path).covered"
            let result = await CommandOutput.of(
                ChildProcess(executable: tools.profdata, arguments: ["show", "--covered", "--output=\(output)", path]))
            defer { try? FileManager.default.removeItem(atPath: output) }
            guard result.succeeded, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
                problems.append("coverage map: \(name) cannot be read (\(result.lines.suffix(1).joined())); the rest of its test's profiles are used")
                continue
            }
            // One function a line, a private one with its file in front (`FunctionExtents.symbol`).
            covered = (covered ?? []).union(text.split(separator: "\n").map { FunctionExtents.symbol(String($0)) })
        }
        return (covered, problems)
    }

    private func functionExtents(testBinary: String, mergedProfile: String) async throws(CoverageFailure) -> FunctionExtents {
        let output = "\(profileDirectory)/functions.json"
        var arguments = ["export", "-format=text", "-instr-profile=\(mergedProfile)", CoverageExport.executable(of: testBinary)]
        for object in CoverageExport.linkedLibraries(of: testBinary) { arguments += ["-object", object] }
        var process = ChildProcess(executable: tools.cov, arguments: arguments)
        process.standardOutputFile = output
        let result = await CommandOutput.of(process)
        defer { try? FileManager.default.removeItem(atPath: output) }
        guard result.succeeded else {
            throw CoverageFailure("`\(process.commandLine)` failed: \(result.lines.suffix(10).joined(separator: "\n"))")
        }
        do {
            return try FunctionExtents.parse(try Data(contentsOf: URL(fileURLWithPath: output), options: .alwaysMapped))
        } catch {
            throw CoverageFailure("cannot read llvm-cov's functions from \(output): \(error)")
        }
    }

    private func profileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: profileDirectory)) ?? []).filter { $0.hasSuffix(".profraw") }
    }

    /// Git's blob ids of `paths` (relative to `root`), as `git ls-tree` names committed files.
    static func fingerprints(of paths: [String], in root: String) async throws(CoverageFailure) -> [String: String] {
        var result: [String: String] = [:]
        // 500 paths a call, so a large package's paths stay within the command line's limit.
        for chunk in stride(from: 0, to: paths.count, by: 500).map({ Array(paths[$0..<min($0 + 500, paths.count)]) }) {
            let output = await CommandOutput.of(
                ChildProcess(executable: "git", arguments: ["hash-object", "--"] + chunk, workingDirectory: root))
            let ids = output.lines.filter { !$0.isEmpty }
            guard output.succeeded, ids.count == chunk.count else {
                throw CoverageFailure("`git hash-object` failed in \(root): \(output.lines.suffix(3).joined(separator: "\n"))")
            }
            for (path, id) in zip(chunk, ids) { result[path] = id }
        }
        return result
    }
}
