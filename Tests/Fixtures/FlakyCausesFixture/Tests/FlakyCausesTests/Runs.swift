import Foundation

/// State one test leaves behind for the tests after it in the same process.
enum Shared {
    nonisolated(unsafe) static var polluted = false
    nonisolated(unsafe) static var primed = false
}

/// How many times a test has run, this time included, counted in a file of the folder
/// `FLAKY_FIXTURE_COUNTERS` names (every run is the first without it).
enum Runs {
    static func next(_ name: String) -> Int {
        guard let folder = ProcessInfo.processInfo.environment["FLAKY_FIXTURE_COUNTERS"] else { return 1 }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/\(name)"
        let count = (Int((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") ?? 0) + 1
        try? String(count).write(toFile: path, atomically: true, encoding: .utf8)
        return count
    }

    /// Fails runs 3, 6 and 9 of every ten: 30%, never two runs in a row, so a retry (and a
    /// bisection's first run after it) passes, as a test that fails at random mostly does.
    static func isUnlucky(_ name: String) -> Bool {
        [3, 6, 9].contains(next(name) % 10)
    }

    /// Every third run is slow, a second instead of a hundredth.
    static func isSlow(_ name: String) -> Bool {
        next(name) % 3 == 2
    }
}
