/// Where a run's history is kept: `history:` in a plan.
package enum PlanHistory: Sendable, Equatable {
    /// `.telltale/history.sqlite` beside the package (the default; `history: true`).
    case beside
    /// `history: false`: the run neither reads nor records history.
    case off
    /// `history: path/to/file.sqlite`, relative to the plan file's folder as written.
    case file(String)
    /// `history: postgres://…` (or `postgresql://`): a PostgreSQL database a team shares.
    case database(String)

    /// The default file, under the package: `.telltale/` keeps a `.gitignore` of its own.
    package static func defaultPath(package: String) -> String {
        "\(package)/.telltale/history.sqlite"
    }
}
