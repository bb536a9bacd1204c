import TelltaleModel

/// Order and flakiness in the page's data: the run's `order` and each test's `od` (order
/// dependency), `fc` (flaky cause), `rp` (repeats) and `pl` (where each attempt ran).
extension HTMLReportWriter {
    /// `"order":{"seed":12345,"reps":10,"uf":true}`.
    func runOrder(_ order: RunOrder, into json: inout ScriptJSON) {
        json.object("order") { json in
            if let seed = order.seed { json.field("seed", seed) }
            json.field("reps", order.repetitions)
            if order.untilFailure { json.field("uf", true) }
        }
    }

    /// `od: {k: kind, v: verdict, t: [tests], n: runs, p: predecessors, s: seconds, r: reproduce, x: summary}`,
    /// `fc: {k: kind, l: label, e: evidence}`, `rp: {n: runs, f: failures, r: repetitions, fr: failed repetitions, pct, x: summary}`.
    func orderFields(_ test: TestResult, into json: inout ScriptJSON) {
        if let dependency = test.orderDependency {
            json.object("od") { json in
                json.field("k", dependency.kind.rawValue)
                json.field("v", dependency.verdict.rawValue)
                json.array("t") { json in
                    for id in dependency.tests { json.string(id.rawValue) }
                }
                json.field("n", dependency.runs)
                json.field("p", dependency.predecessors)
                json.field("s", Self.milliseconds(dependency.seconds))
                if let reproduce = dependency.reproduce { json.field("r", PlainText.clean(reproduce)) }
                json.field("x", PlainText.clean(dependency.summary))
            }
        }
        if let cause = test.flakyCause {
            json.object("fc") { json in
                json.field("k", cause.kind.rawValue)
                json.field("l", cause.kind.label)
                json.field("e", PlainText.clean(cause.evidence))
            }
        }
        if let repeats = test.repeats {
            json.object("rp") { json in
                json.field("n", repeats.runs)
                json.field("f", repeats.failures)
                json.field("r", repeats.repetitions)
                json.field("fr", repeats.failedRepetitions)
                json.field("pct", repeats.percentText)
                json.field("x", repeats.summary)
            }
        }
    }

    /// `pl: {p: process, i: position, w: worker, s: seed, r: repetition}` of one attempt.
    func placement(_ placement: TestPlacement?, repetition: Int?, into json: inout ScriptJSON) {
        guard let placement else { return }
        json.object("pl") { json in
            json.field("p", placement.process)
            json.field("i", placement.position)
            json.field("w", placement.worker)
            if let seed = placement.seed { json.field("s", seed) }
            if let repetition { json.field("r", repetition) }
        }
    }
}
