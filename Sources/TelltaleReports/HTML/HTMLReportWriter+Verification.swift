import Foundation
import TelltaleModel

/// The analytics verdict (`record.verification`) in the page's data. Nothing here is written
/// for a record without one, so such a record's page is what it was before verification existed.
///
/// Run level, under `"verification"`:
///
///     {"ok":false,"events":4,"unattributedEvents":1,"checked":8,
///      "failed":[0,2],                      indices into "tests" of tests whose checks failed
///      "others":[{"id":"…","v":{…}}],        failed checks of tests that are not in the list
///      "coverage":[["app_opened",0],…],      absent without a tracking plan
///      "unattributed":[violation…],"unused":["selector"…]}
///
/// Per test, under `"v"`: `{"n":events,"f":[failure…],"x":[violation…]}`, the arrays left out
/// when empty. A failure is `{"k":kind,"ev":event,"l":"plan.yml:12:9","t":message,"ids":[…],"more":N,
/// "c":[closest…]}`; `t` only when none of the test's messages holds it already (the
/// orchestrator adds every failure to its test's messages, and the page shows those above).
/// A closest event is `{"id","ev","other":true,"m":matched,"p":params,"at":ms from the test's
/// start,"d":[{"p":path,"e":expected,"a":actual}],"params":{…}}`; a violation
/// `{"k","ev","p":path,"e":expected,"a":actual,"n":count,"ids":[…]}`.
extension HTMLReportWriter {
    /// At most this many event ids per failure or violation go into the page.
    static let maxEventIDs = 20

    /// `"verification":{…}`; `position` is each test's index in the page's `tests`, which
    /// `failed` lists (each once, in list order).
    func verificationSummary(
        _ report: VerificationReport, position: [TestID: Int], context: ReportContext, into json: inout ScriptJSON
    ) {
        var failed: [Int] = []
        var others: [TestVerification] = []
        var seen = Set<Int>()
        for verification in report.tests where !verification.passed {
            if let index = position[verification.test] {
                if seen.insert(index).inserted { failed.append(index) }
            } else {
                others.append(verification)
            }
        }
        json.object("verification") { json in
            json.field("ok", report.passed)
            json.field("events", report.eventCount)
            json.field("unattributedEvents", report.unattributedEventCount)
            json.field("checked", report.tests.count)
            json.array("failed") { json in
                for index in failed.sorted() { json.int(index) }
            }
            if !others.isEmpty {
                json.array("others") { json in
                    for verification in others {
                        json.object { json in
                            json.field("id", verification.test.rawValue)
                            json.key("v")
                            testVerification(verification, origin: nil, messages: [], context: context, into: &json)
                        }
                    }
                }
            }
            if let coverage = report.coverage {
                json.array("coverage") { json in
                    for entry in coverage.events {
                        json.array { json in
                            json.string(entry.name)
                            json.int(entry.count)
                        }
                    }
                }
            }
            json.key("unattributed")
            violations(report.unattributed, into: &json)
            json.array("unused") { json in
                for selector in report.unusedSelectors { json.string(selector) }
            }
        }
    }

    /// One test's verdict. `origin` is when the test started (closest events get an offset from
    /// it, as the timeline shows them); `messages` are the test's own, to leave out repeats.
    func testVerification(
        _ verification: TestVerification, origin: Date?, messages: [TestMessage], context: ReportContext,
        into json: inout ScriptJSON
    ) {
        json.object { json in
            json.field("n", verification.eventCount)
            if !verification.failures.isEmpty {
                json.array("f") { json in
                    for failure in verification.failures {
                        self.failure(failure, origin: origin, messages: messages, context: context, into: &json)
                    }
                }
            }
            if !verification.violations.isEmpty {
                json.key("x")
                violations(verification.violations, into: &json)
            }
        }
    }

    /// A failed expectation; `t` is left out when one of the test's messages already holds it, so
    /// the details do not say it twice.
    private func failure(
        _ failure: VerificationFailure, origin: Date?, messages: [TestMessage], context: ReportContext,
        into json: inout ScriptJSON
    ) {
        json.object { json in
            json.field("k", failure.kind.rawValue)
            if let event = failure.event { json.field("ev", event) }
            if let location = failure.expectation { json.field("l", context.relativeLocation(location)) }
            let message = PlainText.clean(failure.message)
            if !messages.contains(where: { PlainText.clean($0.text).contains(message) }) { json.field("t", message) }
            if !failure.eventIDs.isEmpty { eventIDs(failure.eventIDs, into: &json) }
            if !failure.closest.isEmpty {
                json.array("c") { json in
                    for event in failure.closest { closest(event, origin: origin, into: &json) }
                }
            }
        }
    }

    /// A near miss: `other` when its name differs from the expected event's, `m` of `p` params
    /// matched, and each differing param (`≠ value "9.99" (string) · expected number > 0` in the page).
    private func closest(_ event: ClosestEvent, origin: Date?, into json: inout ScriptJSON) {
        json.object { json in
            json.field("id", event.eventID)
            json.field("ev", event.name)
            if !event.sameName { json.field("other", true) }
            json.field("m", event.matchedParams)
            json.field("p", event.paramCount)
            if let origin { json.field("at", Int((event.receivedAt.timeIntervalSince(origin) * 1000).rounded())) }
            json.array("d") { json in
                for difference in event.differences {
                    json.object { json in
                        json.field("p", difference.path)
                        json.field("e", difference.expected)
                        if let actual = difference.actual { json.field("a", actual) }
                    }
                }
            }
            json.key("params")
            json.object(event.params)
        }
    }

    /// Tracking-plan violations, each `n` times over the events in `ids`.
    private func violations(_ violations: [CatalogViolation], into json: inout ScriptJSON) {
        json.array { json in
            for violation in violations {
                json.object { json in
                    json.field("k", violation.kind.rawValue)
                    json.field("ev", violation.event)
                    if !violation.path.isEmpty { json.field("p", violation.path) }
                    json.field("e", violation.expected)
                    if let actual = violation.actual { json.field("a", actual) }
                    json.field("n", violation.count)
                    if !violation.eventIDs.isEmpty { eventIDs(violation.eventIDs, into: &json) }
                }
            }
        }
    }

    /// `"ids":[…]`, and `"more":N` when more than `maxEventIDs` were cut.
    private func eventIDs(_ ids: [String], into json: inout ScriptJSON) {
        json.array("ids") { json in
            for id in ids.prefix(Self.maxEventIDs) { json.string(id) }
        }
        if ids.count > Self.maxEventIDs { json.field("more", ids.count - Self.maxEventIDs) }
    }
}
