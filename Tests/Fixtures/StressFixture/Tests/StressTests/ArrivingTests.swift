import Foundation
import Testing

/// Two new tests: one stable, one that fails one run in three. Which run fails is set by the
/// environment, never by chance: each run counts itself in a file under
/// `STRESS_FIXTURE_COUNTERS` (the plan's `environment:`), and run k fails when k % 3 == 2.
/// Without the variable every run is run 0, and passes.
@Suite struct Arriving {
    @Test func flakyOneRunInThree() throws {
        let run = try RunCounter.next("flakyOneRunInThree")
        #expect(run % 3 != 2, "run \(run) fails, as every third run does")
    }

    @Test func stable() throws {
        _ = try RunCounter.next("stable")
        #expect(1 + 1 == 2)
    }
}

enum RunCounter {
    /// How many runs of `name` this counter folder saw before this one.
    static func next(_ name: String) throws -> Int {
        guard let folder = ProcessInfo.processInfo.environment["STRESS_FIXTURE_COUNTERS"], !folder.isEmpty else { return 0 }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/\(name).count"
        let run = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0) } ?? 0
        try String(run + 1).write(toFile: path, atomically: true, encoding: .utf8)
        return run
    }
}
