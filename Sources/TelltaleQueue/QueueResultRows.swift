import Foundation
import TelltaleModel
import TelltaleRunner

/// A unit's results as the queue keeps them: one row per test and attempt, the result as
/// run.json has it (`TestResult`'s JSON), its output and its earlier attempts' outputs cut to
/// `outputCap` characters with a note saying so, so one test that prints without end cannot
/// swell the build's rows.
struct QueueResultRows: Sendable {
    static let outputCap = 64 * 1024

    var units: [Int] = []
    var tests: [String] = []
    var attempts: [Int] = []
    var outcomes: [String] = []
    var results: [String] = []

    /// The rows of several units, each with its own tests' results.
    init(_ units: [(unit: SharedWorkUnit, results: [TestResult])], machine: String) {
        for (unit, results) in units {
            for var result in results {
                result.machine = machine
                // The queue keeps each attempt as a row of its own.
                result.previousAttempts = []
                result.output = Self.capped(result.output)
                self.units.append(unit.id)
                tests.append(result.id.rawValue)
                attempts.append(unit.attempt)
                outcomes.append(result.outcome.rawValue)
                self.results.append(Self.encode(result))
            }
        }
    }

    init(_ results: [TestResult], unit: SharedWorkUnit, machine: String) {
        self.init([(unit, results)], machine: machine)
    }

    static func capped(_ output: String) -> String {
        guard output.count > outputCap else { return output }
        return String(output.prefix(outputCap))
            + "\n[telltale: output cut to its first \(outputCap) of \(output.count) characters to keep the queue's rows small]"
    }

    /// A result as a row keeps it: run.json's form (at least its id).
    static func encode(_ result: TestResult) -> String {
        let json = (try? JSONValueEncoder().encode(result)).map { String(decoding: $0.serialized(JSONFormatting()), as: UTF8.self) }
        return json ?? #"{"id":"\#(result.id.rawValue)"}"#
    }

    static func decode(_ text: String) -> TestResult? {
        guard let value = try? JSONValue(parsing: Data(text.utf8)) else { return nil }
        return try? JSONValueDecoder().decode(TestResult.self, from: value)
    }

    /// Each test's attempts (in attempt order) as one result: the last, carrying the ones before.
    static func finalResults(_ attempts: [TestResult]) -> [TestResult] {
        var order: [TestID] = []
        var byTest: [TestID: [TestResult]] = [:]
        for result in attempts {
            if byTest[result.id] == nil { order.append(result.id) }
            byTest[result.id, default: []].append(result)
        }
        return order.map { id in
            let all = byTest[id]!
            var last = all.last!
            last.previousAttempts = all.dropLast().map(TestAttempt.init)
            return last
        }
    }
}
