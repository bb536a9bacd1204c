import Foundation
import TelltaleModel
import TelltalePostgres

/// Where a history is kept: a SQLite file (the default, `.telltale/history.sqlite`), or a
/// PostgreSQL database a team's machines share (a `postgres://` or `postgresql://` URL).
package enum HistoryLocation: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite file's path.
    case file(String)
    /// A database, as its URL and libpq's variables name it.
    case postgres(PostgresLocation)

    /// Names a history for every command that takes `--history`, when that option is not given.
    package static let environmentVariable = "TELLTALE_HISTORY_URL"

    /// `value` as `--history`, `TELLTALE_HISTORY_URL` or a plan's `history:` gives it: a
    /// PostgreSQL URL (libpq's variables in `environment` fill in what it leaves out), else a path.
    package init(_ value: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PostgresURLError) {
        if URLPassword.isPostgresURL(value) {
            self = .postgres(try PostgresLocation(url: value, environment: environment))
        } else {
            self = .file(value)
        }
    }

    /// The path, or the URL without its password: what every message and file shows.
    package var description: String {
        switch self {
        case .file(let path): path
        case .postgres(let location): location.description
        }
    }
}
