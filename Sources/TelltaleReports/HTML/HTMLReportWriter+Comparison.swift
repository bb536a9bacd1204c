import TelltaleModel

/// The comparison with the base in the page's data: the run's, and each classed test's `cmp`.
extension HTMLReportWriter {
    /// `comparison: {base, desc, headline, failOn, excused, removed}` (`missing` without a
    /// baseline): `excused` counts the failures that do not fail the run under `--fail-on new`.
    func comparison(_ comparison: BaselineComparison, record: RunRecord, into json: inout ScriptJSON) {
        json.object("comparison") { json in
            guard let baseline = comparison.baseline else {
                json.field("missing", PlainText.clean(comparison.missing ?? "none was found"))
                return
            }
            json.field("base", PlainText.clean(baseline.name))
            json.field("desc", PlainText.clean(baseline.description))
            json.field("headline", PlainText.clean(comparison.headline))
            if let failOn = record.failOn { json.field("failOn", failOn.rawValue) }
            json.field("excused", record.excusedByBaseline.count)
            json.array("removed") { json in
                for id in comparison.removed { json.string(PlainText.clean(id)) }
            }
        }
    }

    /// A test's `cmp: {c: class, b: its outcome on the base, bd: its median seconds there}`.
    func comparisonField(_ compared: TestComparison, into json: inout ScriptJSON) {
        json.object("cmp") { json in
            json.field("c", compared.change.rawValue)
            if let base = compared.base { json.field("b", base.rawValue) }
            if let seconds = compared.baseDuration { json.field("bd", Self.milliseconds(seconds)) }
        }
    }
}
