import Foundation

/// Messages for people, on stderr, so stdout stays for results.
enum Console {
    /// `error: message`, for what stops the command; the caller then throws the `ExitCode` it maps to.
    static func error(_ message: String) {
        write("error: \(message)")
    }

    /// A problem that does not stop the command; `message` starts with `warning:`.
    static func warning(_ message: String) {
        write(message)
    }

    /// Text that is already in `file:line:column: error: …` form, printed as is.
    static func diagnostics(_ text: String) {
        write(text)
    }

    /// One line, straight to the descriptor: unlike `print` to a pipe, it is never held in a buffer.
    private static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
