import ArgumentParser

/// `--postgres-timeout SECONDS` as `run` and the `queue` commands take it: how long one call to
/// PostgreSQL (a shared history, a queue) may take before it is given up.
enum PostgresTimeoutOption {
    static let help = ArgumentHelp(
        "Seconds one call to PostgreSQL (the history, the queue), the wait for a connection included, may take before it is given up (default: the plan's postgresTimeout, else 120).",
        discussion: "A history that stalls is given up after one such call and the run goes on without it, with a note.",
        valueName: "seconds")

    /// Refuses zero, negative and NaN seconds (`--postgres-timeout nan` parses as a `Double`):
    /// `!(seconds > 0)`, unlike `seconds <= 0`, is true for NaN.
    static func validate(_ seconds: Double?) throws {
        if let seconds, !(seconds > 0) { throw ValidationError("--postgres-timeout must be more than 0 seconds") }
    }

    /// Rounded to the millisecond; nil (not given) leaves it to the plan's `postgresTimeout`, else
    /// `PostgresConnector.defaultCallTimeout`.
    static func duration(_ seconds: Double?) -> Duration? {
        seconds.map { .milliseconds(Int64(($0 * 1000).rounded())) }
    }
}
