import Foundation
import Testing

/// What PyPI's junitparser (a JUnit consumer library, installed by
/// Scripts/install-dependencies.sh) reads from a JUnit file: the root's totals, the
/// suites' declared totals summed, and the test cases it counts.
public enum JUnitParserTotals {
    public static func read(path: String) async throws -> [String: [String: Int]] {
        let script = """
            import json, sys
            from junitparser import JUnitXml, Failure, Error, Skipped
            xml = JUnitXml.fromfile(sys.argv[1])
            counted = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
            declared = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
            for suite in xml:
                for key in declared:
                    declared[key] += getattr(suite, key)
                for case in suite:
                    counted["tests"] += 1
                    kinds = [type(r) for r in case.result]
                    counted["failures"] += Failure in kinds
                    counted["errors"] += Error in kinds
                    counted["skipped"] += Skipped in kinds
            print(json.dumps({"root": {k: getattr(xml, k) for k in declared}, "declared": declared, "counted": counted}))
            """
        // python3 from PATH, where pip installed junitparser.
        let result = try await ChildProcesses.run("python3", ["-c", script, path])
        try #require(
            result.status == 0,
            "junitparser could not read \(path) (run Scripts/install-dependencies.sh if it is missing): \(result.stderrText)"
        )
        return try JSONDecoder().decode([String: [String: Int]].self, from: result.stdout)
    }
}
