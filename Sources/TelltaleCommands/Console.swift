import Foundation

/// Messages for people, on stderr, so stdout stays for results.
enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}
