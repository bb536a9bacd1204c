import TelltaleProcesses

/// The message recorded for a test whose process died under it.
enum CrashReport {
    static let tailLineCount = 40

    /// `reason` replaces the crash explanation when Telltale itself stopped the process (a timeout).
    static func message(exit: ProcessExit, lastLines: [String], reason: String? = nil) -> String {
        let crash: String =
            switch exit {
            case .signaled: "the test process crashed with \(exit) while this test was running"
            case .exited: "the test process exited with \(exit) while this test was running"
            }
        let reason = reason ?? crash
        let fatal = lastLines.first { $0.contains("Fatal error") }
        var text = reason
        if let fatal { text += "\n" + fatal }
        if !lastLines.isEmpty {
            text += "\n\nlast lines of output:\n" + lastLines.joined(separator: "\n")
        }
        return text
    }
}
