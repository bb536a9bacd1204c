import TelltaleProcesses

/// The message recorded for a test whose process died under it: what ended the process, the
/// runtime's own message (`File.swift:12: Fatal error: …`), the crashed thread's frames from
/// Swift's backtrace, and the last lines the test printed before it.
///
/// Test processes get Swift's default backtracer settings, as under `swift test` (which is also
/// what lets Swift Testing turn the backtracer off in an exit test's child, whose crash is
/// expected): every thread, registers and images. Only the crashed thread is kept here.
enum CrashReport {
    static let tailLineCount = 40
    /// Frames of the crashed thread kept in the message.
    static let frameLimit = 32

    /// `output` is what the process printed (for XCTest, the test's own lines); `reason` replaces
    /// the crash explanation when Telltale itself stopped the process (a timeout).
    static func message(exit: ProcessExit, output: [String], reason: String? = nil) -> String {
        let crash: String =
            switch exit {
            case .signaled: "the test process crashed with \(exit) while this test was running"
            case .exited: "the test process exited with \(exit) while this test was running"
            }
        var text = reason ?? crash
        let (own, backtrace) = split(output)
        if let fatal = own.last(where: { line in CrashLocation.runtimeMessages.contains { line.contains($0) } }) {
            text += "\n" + fatal
        }
        let thread = crashedThread(in: backtrace)
        if !thread.isEmpty {
            text += "\n\n" + thread.joined(separator: "\n")
        }
        let tail = own.suffix(tailLineCount)
        if !tail.isEmpty {
            text += "\n\nlast lines of output:\n" + tail.joined(separator: "\n")
        }
        return text
    }

    /// The lines before Swift's backtrace (`*** Signal 4: Backtracing from 0x…`, which may follow
    /// a partial line) and the backtrace itself.
    static func split(_ output: [String]) -> (own: [String], backtrace: [String]) {
        guard let start = output.firstIndex(where: { $0.contains("*** Signal ") && $0.contains("Backtracing") }) else {
            return (output, [])
        }
        var own = Array(output[..<start])
        var backtrace = Array(output[start...])
        let first = output[start]
        if let marker = first.range(of: "*** Signal "), marker.lowerBound != first.startIndex {
            own.append(String(first[..<marker.lowerBound]))
            backtrace[0] = String(first[marker.lowerBound...])
        }
        while own.last?.isEmpty == true { own.removeLast() }
        return (own, backtrace)
    }

    /// `Thread 4 "name" crashed:` and its frames, up to `frameLimit`.
    static func crashedThread(in backtrace: [String]) -> [String] {
        guard let header = backtrace.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix("crashed:") }) else { return [] }
        var frames: [String] = []
        for line in backtrace[(header + 1)...] {
            if line.trimmingPrefix(" ").isEmpty {
                if frames.isEmpty { continue }
                break
            }
            if frames.count == frameLimit {
                frames.append("...")
                break
            }
            frames.append(line)
        }
        return [backtrace[header]] + frames
    }
}
