import Foundation

/// Forces a child's C stdio to line buffering through coreutils' `stdbuf`, so that output
/// printed just before a crash is not lost in a buffer.
///
/// Without `stdbuf` (macOS has none by default, minimal images may lack coreutils) a child's
/// standard output to a pipe is block-buffered: XCTest flushes after each of its lines, so
/// its results, a test's `print`s before its end line and the crash report (standard error
/// is unbuffered) still arrive whole; what is lost is timing. A Swift Testing test's prints
/// arrive in blocks of up to 4 KiB or at exit, so they may land outside the test's window
/// and stay in the worker's log only, and a crash loses the block not yet flushed.
package enum LineBuffering {
    static let stdbufPath = "/usr/bin/stdbuf"

    /// `TELLTALE_STDBUF=off` runs children without `stdbuf` even where it exists (tests use it).
    package static let environmentVariable = "TELLTALE_STDBUF"

    package static let available: Bool =
        ProcessInfo.processInfo.environment[environmentVariable] != "off" && FileManager.default.isExecutableFile(atPath: stdbufPath)

    /// The command that runs `executable arguments` line-buffered, where `stdbuf` is available.
    static func wrap(_ executable: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        guard available else { return (executable, arguments) }
        return (stdbufPath, ["-oL", "-eL", executable] + arguments)
    }
}
