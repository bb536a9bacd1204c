import Foundation

/// A service's output: every line goes to its log file with a timestamp (so a
/// report can cut out the lines written during one test), the last lines are
/// kept for error messages, and readiness probes can wait for a line.
actor ServiceOutput {
    let path: String
    private let file: FileHandle
    /// The current instance's last `ServiceError.tailLength` lines, oldest first.
    private var tail: [String] = []
    /// The log readiness pattern watched for; `matched` once a line of this instance matched it.
    private var pattern: Regex<AnyRegexOutput>?
    private var matched = false
    /// Signalled when a line matches the watched pattern.
    nonisolated let matches = Beacon()
    /// Signalled on every line: it wakes a readiness probe early, since services
    /// tend to print "listening" the moment they are ready.
    nonisolated let lines = Beacon()

    init(path: String) throws(ServiceErrorReason) {
        self.path = path
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
            )
            // Appending: a restarted instance, or a second start in one run, keeps what came before.
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
            }
            file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try file.seekToEnd()
        } catch {
            throw ServiceErrorReason(error.localizedDescription)
        }
    }

    deinit {
        try? file.close()
    }

    /// One line the service wrote.
    func append(_ line: String) {
        let trimmed = line.hasSuffix("\n") ? String(line.dropLast()) : line
        write(Self.timestamp() + " " + trimmed)
        tail.append(trimmed)
        if tail.count > ServiceError.tailLength { tail.removeFirst(tail.count - ServiceError.tailLength) }
        // Signalled once an instance: the probe waits for the count to pass what it saw at the start.
        if let pattern, !matched, (try? pattern.firstMatch(in: trimmed)) != nil {
            matched = true
            matches.signal()
        }
        lines.signal()
    }

    /// Telltale's own note in the log ("started pid 123"), marked so it is not mistaken for the service's.
    func note(_ text: String) {
        write(Self.timestamp() + " [telltale] " + text)
    }

    /// Starts watching for a line matching `pattern`; call before the service starts.
    /// The pattern is compiled here, inside the actor, since a compiled regex is not Sendable.
    func watch(for pattern: String) throws {
        self.pattern = try Regex(pattern)
        matched = false
    }

    func lastLines() -> [String] { tail }

    /// Forgets the last lines of a previous instance, so a restart's errors show its own.
    func startInstance() {
        tail = []
        matched = false
    }

    private func write(_ text: String) {
        // A full disk must not take the run down with it; the tail still has the lines.
        try? file.write(contentsOf: Data((text + "\n").utf8))
    }

    /// ISO 8601 in UTC with milliseconds: sorts as text and lines up with run.json's times.
    static func timestamp(_ date: Date = Date()) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
