import Foundation
import TelltaleModel

/// The `telltale run` that shows an order dependency again: exactly the given tests, in one
/// process per framework (one worker), one at a time, without retries or history.
enum ReproductionCommand {
    static func text(_ command: [String], running tests: [TestID]) -> String {
        let filters = tests.flatMap { ["--filter", "^" + TestIDPattern.escaped($0.rawValue) + "$"] }
        let arguments = command + filters + ["--workers", "1", "--retries", "0", "--no-parallel", "--no-history"]
        return arguments.map(shellQuoted).joined(separator: " ")
    }

    /// `text` as one shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0)) }
        if safe, !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
