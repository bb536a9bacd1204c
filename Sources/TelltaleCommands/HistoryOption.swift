import ArgumentParser
import Foundation
import TelltaleHistory

/// `--history PATH|URL` as `run`, `merge` and `import xcresult` take it (the `history`
/// commands' own is `HistoryCommand.Location`): a URL that cannot be used, given or in
/// `TELLTALE_HISTORY_URL`, is a usage error (exit 2) before anything starts.
enum HistoryOption {
    static let help: ArgumentHelp =
        "The run history: a file, or a PostgreSQL URL (postgres://USER@HOST:PORT/DATABASE; the password from PGPASSWORD or ~/.pgpass) (default: TELLTALE_HISTORY_URL, else the plan's `history`, else .telltale/history.sqlite in the package)."

    /// The history that would be used is one that can be: `option`, else the variable.
    static func validate(_ option: String?, noHistory: Bool) throws {
        if option != nil, noHistory { throw ValidationError("--history and --no-history cannot be used together") }
        // With `--no-history` the variable is never read, so a bad one does not matter.
        guard !noHistory else { return }
        // An empty variable is unset, as `RunHistory.value` reads it. The variable is checked even when
        // the plan says `history: false`, which makes the run ignore it.
        let environment = ProcessInfo.processInfo.environment[HistoryLocation.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let value = option ?? environment else { return }
        do {
            _ = try HistoryLocation(value)
        } catch {
            // Names where the bad value came from: a variable set in CI is easy to forget.
            throw ValidationError("\(option == nil ? HistoryLocation.environmentVariable : "--history"): \(error.description)")
        }
    }
}
