import TelltaleModel

/// The run history in the page's data: the trend of recent runs, and each test's record.
extension HTMLReportWriter {
    /// `history: {runs: [[startedAt, passed, failed, tests, duration, commit]], window}`, oldest run first.
    func runHistory(_ history: HistoryDigest, into json: inout ScriptJSON) {
        json.key("history")
        json.raw("{\"runs\":[")
        for (index, run) in history.runs.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("[")
            json.string(Self.iso8601(run.startedAt))
            json.raw(",")
            json.int(run.passed)
            json.raw(",")
            json.int(run.failed)
            json.raw(",")
            json.int(run.tests)
            json.raw(",")
            json.number((run.duration * 1000).rounded() / 1000)
            json.raw(",")
            json.string(run.commit ?? "")
            json.raw("]")
        }
        json.raw("],")
        json.key("window")
        json.int(history.window)
        json.raw("}")
    }

    /// A test's `h`: outcome letters `s` (p, f, e, s), durations `d`, flaky runs `fn` of `rn`
    /// and rate `fr`, usual duration `u`, and `slow` when it took more than twice that.
    func testHistory(_ history: TestHistory, into json: inout ScriptJSON) {
        let letters: [TestOutcome: Character] = [.passed: "p", .failed: "f", .error: "e", .skipped: "s"]
        json.raw("{")
        json.key("s")
        json.string(String(history.outcomes.map { letters[$0] ?? "e" }))
        json.raw(",")
        json.key("d")
        json.raw("[")
        for (index, seconds) in history.durations.enumerated() {
            if index > 0 { json.raw(",") }
            json.number((seconds * 1000).rounded() / 1000)
        }
        json.raw("],")
        json.key("fn")
        json.int(history.flakyRuns)
        json.raw(",")
        json.key("rn")
        json.int(history.runs)
        json.raw(",")
        json.key("fr")
        json.number((history.flakyRate * 1000).rounded() / 1000)
        if let usual = history.usualDuration {
            json.raw(",")
            json.key("u")
            json.number((usual * 1000).rounded() / 1000)
        }
        if history.slowerThanUsual {
            json.raw(",")
            json.key("slow")
            json.bool(true)
        }
        json.raw("}")
    }
}
