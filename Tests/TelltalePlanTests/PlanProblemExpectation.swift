import TelltaleJSONSchema
import TelltalePlan
import Testing

/// The parts of a problem tests pin down: where, which key, and a phrase of
/// the message (whole messages would make every wording change a test change).
struct PlanProblemExpectation: CustomStringConvertible {
    var line: Int
    var column: Int
    var keyPath: String
    var phrase: String

    init(_ line: Int, _ column: Int, _ keyPath: String, _ phrase: String) {
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.phrase = phrase
    }

    var location: String { "\(line):\(column) \(keyPath)" }
    var description: String { "\(location): …\(phrase)…" }
}

extension LocatedProblem {
    var location: String { "\(line):\(column) \(keyPath)" }
}

/// The problems `parse` reports for `yaml`; empty when it parses.
func problems(in yaml: String, file: String = "plan.yml") -> [LocatedProblem] {
    do {
        _ = try PlanLoader().parse(yaml: yaml, file: file)
        return []
    } catch {
        return error.problems
    }
}

/// Expects exactly these problems, in this order.
func expectProblems(
    _ actual: [LocatedProblem], _ expected: [PlanProblemExpectation],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.map(\.location) == expected.map(\.location), sourceLocation: sourceLocation)
    for (problem, expectation) in zip(actual, expected) {
        #expect(problem.message.contains(expectation.phrase), "\(problem)", sourceLocation: sourceLocation)
    }
}
