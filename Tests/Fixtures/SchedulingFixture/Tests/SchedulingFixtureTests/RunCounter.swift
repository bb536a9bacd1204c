import Foundation

/// Counts how often a test has run in this Telltale run, in a file under the
/// run's folder, so a test can fail the first time and pass on a retry.
enum RunCounter {
    static func increment(_ name: String) -> Int {
        let folder = ProcessInfo.processInfo.environment["TELLTALE_RUN_DIR"] ?? NSTemporaryDirectory()
        let path = "\(folder)/\(name).count"
        let previous = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0) } ?? 0
        try? String(previous + 1).write(toFile: path, atomically: true, encoding: .utf8)
        return previous + 1
    }

    /// `session=… start=… end=…`, for tests that check which worker ran a test and when.
    static func sleepAndReport(seconds: Double) {
        let start = Date().timeIntervalSince1970
        Thread.sleep(forTimeInterval: seconds)
        let end = Date().timeIntervalSince1970
        let session = ProcessInfo.processInfo.environment["TELLTALE_SESSION"] ?? "none"
        print("session=\(session) start=\(start) end=\(end)")
    }
}
