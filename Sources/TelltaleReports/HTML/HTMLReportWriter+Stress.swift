import TelltaleModel

/// `--stress-new` in the page's data: each stressed test's `st`.
extension HTMLReportWriter {
    /// `st: {v: verdict, r: [reasons], n: runs, p: passed, x: extra runs, ro: report only}`.
    func stressFields(_ stress: TestStress, into json: inout ScriptJSON) {
        json.object("st") { json in
            json.field("v", stress.verdict.rawValue)
            json.array("r") { json in
                for reason in stress.reasons { json.string(PlainText.clean(reason)) }
            }
            json.field("n", stress.runs)
            json.field("p", stress.passed)
            json.field("x", stress.extraRuns)
            if stress.reportOnly { json.field("ro", true) }
        }
    }
}
