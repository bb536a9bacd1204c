import Foundation
import Testing

/// Drives Debian's real headless `chromium` (installed by Scripts/install-dependencies.sh):
/// dump a page's DOM after its scripts ran, or take a screenshot. No sleeps: `--dump-dom`
/// returns after the load event (and, with a virtual-time budget, after every timer the page
/// set within that budget ran); a watchdog kills a browser that misses the deadline.
public enum Chromium {
    public static func executable() throws -> String {
        let candidates = [
            ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
        ]
        return try #require(
            candidates.compactMap { $0 }.first(where: FileManager.default.isExecutableFile(atPath:)),
            "chromium is missing: run Scripts/install-dependencies.sh"
        )
    }

    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var seconds: Double
    }

    /// Runs chromium headless on `url` with `arguments` added, in a fresh profile.
    public static func run(_ arguments: [String], url: URL, deadline: Duration = .seconds(60)) async throws -> Result {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let errorFile = profile.appendingPathExtension("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments =
            [
                "--headless=new", "--disable-gpu", "--no-sandbox", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)",
            ] + arguments + [url.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let started = ContinuousClock.now
        try process.run()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(deadline.components.seconds * 1000)), execute: watchdog)
        // Off the cooperative pool: a blocked pool thread starves other tests' async code.
        let stdout = await ChildProcesses.drain(output)
        await ChildProcesses.waitForExit(process)
        watchdog.cancel()
        let elapsed = ContinuousClock.now - started
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(stderr.suffix(4000)),
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        )
    }

    /// The DOM after the page's scripts ran, and timers within `virtualTime` milliseconds.
    public static func dumpDOM(_ url: URL, virtualTime: Int? = 5000) async throws -> Result {
        var arguments = ["--dump-dom"]
        if let virtualTime { arguments.append("--virtual-time-budget=\(virtualTime)") }
        let result = try await run(arguments, url: url)
        try #require(result.status == 0 && !result.stdout.isEmpty, "chromium --dump-dom failed (\(result.status)): \(result.stderr)")
        return result
    }

    public static func screenshot(_ url: URL, to path: String, width: Int = 1440, height: Int = 900, dark: Bool = false) async throws {
        try? FileManager.default.removeItem(atPath: path)
        var arguments = ["--screenshot=\(path)", "--window-size=\(width),\(height)", "--hide-scrollbars", "--virtual-time-budget=3000"]
        if dark { arguments += ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"] }
        let result = try await run(arguments, url: url)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        try #require(result.status == 0 && size > 10_000, "chromium --screenshot wrote no image (\(result.status)): \(result.stderr)")
    }
}
