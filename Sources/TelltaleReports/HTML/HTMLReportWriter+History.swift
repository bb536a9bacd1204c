import TelltaleModel

/// The run history in the page's data: the trend of recent runs, and each test's record.
extension HTMLReportWriter {
    /// `history: {runs: [[startedAt, passed, failed, tests, duration, commit]], window}`, oldest run first.
    func runHistory(_ history: HistoryDigest, into json: inout ScriptJSON) {
        json.object("history") { json in
            json.array("runs") { json in
                for run in history.runs {
                    json.array { json in
                        json.string(Self.iso8601(run.startedAt))
                        json.int(run.passed)
                        json.int(run.failed)
                        json.int(run.tests)
                        json.number(Self.milliseconds(run.duration))
                        json.string(run.commit ?? "")
                    }
                }
            }
            json.field("window", history.window)
        }
    }

    /// A test's `h`: outcome letters `s` (p, f, e, s), durations `d`, flaky runs `fn` of `rn`
    /// and rate `fr`, usual duration `u`, `slow` when it took more than twice that, and `fc`
    /// (`{k: kind, l: label, e: evidence}`) why it was flaky across those runs.
    func testHistory(_ history: TestHistory, into json: inout ScriptJSON) {
        // `ppfp`: one letter a run, oldest first, as the outcome strip draws them.
        let letters: [TestOutcome: Character] = [.passed: "p", .failed: "f", .error: "e", .skipped: "s"]
        json.object { json in
            json.field("s", String(history.outcomes.map { letters[$0] ?? "e" }))
            json.array("d") { json in
                for seconds in history.durations { json.number(Self.milliseconds(seconds)) }
            }
            json.field("fn", history.flakyRuns)
            json.field("rn", history.runs)
            json.field("fr", Self.milliseconds(history.flakyRate))
            if let usual = history.usualDuration { json.field("u", Self.milliseconds(usual)) }
            if history.slowerThanUsual { json.field("slow", true) }
            if let cause = history.flakyCause {
                json.object("fc") { json in
                    json.field("k", cause.kind.rawValue)
                    json.field("l", cause.kind.label)
                    json.field("e", PlainText.clean(cause.evidence))
                }
            }
        }
    }
}
