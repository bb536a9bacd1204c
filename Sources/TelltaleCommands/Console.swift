import Foundation

/// Messages for people, on stderr, so stdout stays for results.
enum Console {
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

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
