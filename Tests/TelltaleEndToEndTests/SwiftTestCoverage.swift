import Foundation
import TelltaleTestSupport
import Testing

/// `swift test --enable-code-coverage`'s own measure of a package, line by line: llvm-cov's LCOV
/// export of the profile SwiftPM merged, read independently of Telltale's readers.
///
/// Not SwiftPM's JSON: its file summaries count a line once for every function whose code covers
/// it (a closure's lines again for the function around it). In LCOV each line is one `DA:` record
/// of its file; a count of 2^63 or more is a counter that went below zero (tests running in
/// parallel race on counters), so that line is executable but whether it ran is unknown.
enum SwiftTestCoverage {
    struct Lines: Equatable, CustomStringConvertible {
        var covered: Set<Int> = []
        var uncovered: Set<Int> = []
        var unknown: Set<Int> = []

        var executable: Set<Int> { covered.union(uncovered).union(unknown) }

        var description: String {
            "covered \(covered.sorted()), not run \(uncovered.sorted())" + (unknown.isEmpty ? "" : ", unknown \(unknown.sorted())")
        }
    }

    /// Each `SF:` file's lines. A line listed twice (a file in two records) ran if either says so.
    static func read(lcov text: String) throws -> [String: Lines] {
        var files: [String: Lines] = [:]
        var current: String?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("SF:") { current = String(line.dropFirst(3)) }
            if line == "end_of_record" { current = nil }
            guard line.hasPrefix("DA:") else { continue }
            let fields = line.dropFirst(3).split(separator: ",")
            guard let file = current, fields.count >= 2, let lineNumber = Int(fields[0]), let count = UInt64(fields[1]) else {
                throw Malformed(line: number + 1, text: String(line))
            }
            var lines = files[file, default: Lines()]
            if count >= 1 << 63 {
                if !lines.covered.contains(lineNumber) {
                    lines.unknown.insert(lineNumber)
                    lines.uncovered.remove(lineNumber)
                }
            } else if count > 0 {
                lines.covered.insert(lineNumber)
                lines.unknown.remove(lineNumber)
                lines.uncovered.remove(lineNumber)
            } else if !lines.covered.contains(lineNumber) && !lines.unknown.contains(lineNumber) {
                lines.uncovered.insert(lineNumber)
            }
            files[file] = lines
        }
        return files
    }

    struct Malformed: LocalizedError {
        var line: Int
        var text: String
        var errorDescription: String? { "LCOV line \(line) is not `DA:line,count` of a file: \(text)" }
    }

    /// `swift test --enable-code-coverage` on a copy of `package`'s sources, and llvm-cov's LCOV
    /// of its profile: the package's own files (not its tests, nor what `.build` holds), by their
    /// path in the package.
    static func measure(package: String) async throws -> [String: Lines] {
        let folder = try TelltaleProcess.temporaryDirectory("swift-test-coverage")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = "\(folder)/\(URL(fileURLWithPath: package).lastPathComponent)"
        try FixtureSources.copy(package, to: copy)
        return try await measure(inPlace: copy)
    }

    /// `swift test --enable-code-coverage` in `copy` itself, leaving its build there (as a user's
    /// own coverage run leaves it), and llvm-cov's LCOV of its profile.
    static func measure(inPlace copy: String) async throws -> [String: Lines] {
        let test = try await TelltaleProcess.runProcess("/usr/bin/env", ["swift", "test", "--enable-code-coverage"], in: copy)
        try #require(test.status == 0, "swift test --enable-code-coverage: \(test.stdout)\(test.stderr)")
        let bin = try await TelltaleProcess.runProcess("/usr/bin/env", ["swift", "build", "--show-bin-path"], in: copy)
        let binPath = bin.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let products = try FileManager.default.contentsOfDirectory(atPath: binPath)
        let binary = try #require(products.first { $0.hasSuffix("PackageTests.xctest") }, "no test binary in \(binPath)")
        let export = try await TelltaleProcess.runProcess(
            try llvmCov(), ["export", "-format=lcov", "-instr-profile=\(binPath)/codecov/default.profdata", "\(binPath)/\(binary)"], in: copy)
        try #require(export.status == 0, "llvm-cov export: \(export.stderr)")
        let root = URL(fileURLWithPath: copy).resolvingSymlinksInPath().path + "/"
        var files: [String: Lines] = [:]
        for (path, lines) in try read(lcov: export.stdout) where path.hasPrefix(root) {
            let relative = String(path.dropFirst(root.count))
            if relative.hasPrefix(".build/") || relative.hasPrefix("Tests/") { continue }
            files[relative] = lines
        }
        return files
    }

    /// The toolchain's llvm-cov, beside `swift`.
    static func llvmCov() throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }
        let swift = try #require(path.first(where: FileManager.default.isExecutableFile(atPath:)), "no swift on PATH")
        let tool = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("llvm-cov").path
        try #require(FileManager.default.isExecutableFile(atPath: tool), "no llvm-cov beside \(swift)")
        return tool
    }

    /// Where `ours` (Telltale's coverage.lcov, paths relative to the package) and `theirs`
    /// differ: a file only one names, other executable lines, or a line one ran and the other did
    /// not (lines unknown on either side aside).
    static func differences(ours: [String: Lines], theirs: [String: Lines]) -> [String] {
        var found: [String] = []
        for file in Set(ours.keys).union(theirs.keys).sorted() {
            guard let mine = ours[file], let reference = theirs[file] else {
                found.append("\(file): only \(ours[file] == nil ? "swift test" : "Telltale") measured it")
                continue
            }
            if mine.executable != reference.executable {
                found.append("\(file): executable lines: Telltale \(mine.executable.sorted()), swift test \(reference.executable.sorted())")
                continue
            }
            let known = mine.executable.subtracting(mine.unknown).subtracting(reference.unknown)
            if mine.covered.intersection(known) != reference.covered.intersection(known) {
                found.append("\(file): Telltale \(mine), swift test \(reference)")
            }
        }
        return found
    }
}
