import Foundation
import Testing

/// The real readers coverage files are checked with (both installed by
/// Scripts/install-dependencies.sh): Debian's `lcov`, and `pycobertura` from PyPI.
public enum CoverageReaders {
    public struct Totals: Sendable, Equatable, CustomStringConvertible {
        public var covered: Int
        public var total: Int

        public init(covered: Int, total: Int) {
            self.covered = covered
            self.total = total
        }

        public var description: String { "\(covered)/\(total)" }
    }

    /// `lcov --summary FILE`'s `lines......: 85.0% (17 of 20 lines)`, and its functions' line.
    public static func lcovSummary(_ path: String) async throws -> (lines: Totals, functions: Totals?, output: String) {
        let lcov = try #require(
            ["/usr/bin/lcov", "/usr/local/bin/lcov", "/opt/homebrew/bin/lcov"].first(where: FileManager.default.isExecutableFile(atPath:)),
            "lcov is missing: run Scripts/install-dependencies.sh")
        let result = try await ChildProcesses.run(lcov, ["--summary", path])
        let output = result.stdoutText + result.stderrText
        try #require(result.status == 0, "lcov --summary failed: \(output)")
        func totals(_ label: String) -> Totals? {
            guard let line = output.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }),
                let match = line.firstMatch(of: /\((\d+) of (\d+)/), let covered = Int(match.1), let total = Int(match.2)
            else { return nil }
            return Totals(covered: covered, total: total)
        }
        return (try #require(totals("lines"), "no lines total in: \(output)"), totals("functions"), output)
    }

    /// pycobertura's totals for a Cobertura file: statements and the hit ones, its line rate, and
    /// each file's lines it reads as not run.
    public static func pycobertura(_ path: String) async throws -> (lines: Totals, lineRate: Double, missed: [String: [Int]]) {
        let script = """
            import json, sys
            from pycobertura import Cobertura
            c = Cobertura(sys.argv[1])
            print(json.dumps({"total": c.total_statements(), "misses": c.total_misses(), "rate": c.line_rate(),
                              "missed": {f: [n for n, s in c.line_statuses(f) if s in (False, "miss")] for f in c.files()}}))
            """
        let result = try await ChildProcesses.run("python3", ["-c", script, path])
        try #require(result.status == 0, "pycobertura could not read \(path): \(result.stderrText)")
        struct Answer: Decodable {
            var total: Int
            var misses: Int
            var rate: Double
            var missed: [String: [Int]]
        }
        let answer = try JSONDecoder().decode(Answer.self, from: result.stdout)
        return (Totals(covered: answer.total - answer.misses, total: answer.total), answer.rate, answer.missed)
    }
}
