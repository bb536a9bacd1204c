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

    func verificationSummary(
        _ report: VerificationReport, position: [TestID: Int], context: ReportContext, into json: inout ScriptJSON
    ) {
        json.key("verification")
        json.raw("{")
        json.key("ok")
        json.bool(report.passed)
        json.raw(",")
        json.key("events")
        json.int(report.eventCount)
        json.raw(",")
        json.key("unattributedEvents")
        json.int(report.unattributedEventCount)
        json.raw(",")
        json.key("checked")
        json.int(report.tests.count)

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
        json.raw(",")
        json.key("failed")
        json.raw("[")
        for (offset, index) in failed.sorted().enumerated() {
            if offset > 0 { json.raw(",") }
            json.int(index)
        }
        json.raw("]")
        if !others.isEmpty {
            json.raw(",")
            json.key("others")
            json.raw("[")
            for (index, verification) in others.enumerated() {
                if index > 0 { json.raw(",") }
                json.raw("{")
                json.key("id")
                json.string(verification.test.rawValue)
                json.raw(",")
                json.key("v")
                testVerification(verification, origin: nil, messages: [], context: context, into: &json)
                json.raw("}")
            }
            json.raw("]")
        }
        if let coverage = report.coverage {
            json.raw(",")
            json.key("coverage")
            json.raw("[")
            for (index, entry) in coverage.events.enumerated() {
                if index > 0 { json.raw(",") }
                json.raw("[")
                json.string(entry.name)
                json.raw(",")
                json.int(entry.count)
                json.raw("]")
            }
            json.raw("]")
        }
        json.raw(",")
        json.key("unattributed")
        violations(report.unattributed, into: &json)
        json.raw(",")
        json.key("unused")
        json.raw("[")
        for (index, selector) in report.unusedSelectors.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(selector)
        }
        json.raw("]}")
    }

    /// One test's verdict. `origin` is when the test started (closest events get an offset from
    /// it, as the timeline shows them); `messages` are the test's own, to leave out repeats.
    func testVerification(
        _ verification: TestVerification, origin: Date?, messages: [TestMessage], context: ReportContext,
        into json: inout ScriptJSON
    ) {
        json.raw("{")
        json.key("n")
        json.int(verification.eventCount)
        if !verification.failures.isEmpty {
            json.raw(",")
            json.key("f")
            json.raw("[")
            for (index, failure) in verification.failures.enumerated() {
                if index > 0 { json.raw(",") }
                self.failure(failure, origin: origin, messages: messages, context: context, into: &json)
            }
            json.raw("]")
        }
        if !verification.violations.isEmpty {
            json.raw(",")
            json.key("x")
            violations(verification.violations, into: &json)
        }
        json.raw("}")
    }

    private func failure(
        _ failure: VerificationFailure, origin: Date?, messages: [TestMessage], context: ReportContext,
        into json: inout ScriptJSON
    ) {
        json.raw("{")
        json.key("k")
        json.string(failure.kind.rawValue)
        if let event = failure.event {
            json.raw(",")
            json.key("ev")
            json.string(event)
        }
        if let location = failure.expectation {
            json.raw(",")
            json.key("l")
            json.string(context.relativeLocation(location))
        }
        let message = PlainText.clean(failure.message)
        if !messages.contains(where: { PlainText.clean($0.text).contains(message) }) {
            json.raw(",")
            json.key("t")
            json.string(message)
        }
        if !failure.eventIDs.isEmpty {
            json.raw(",")
            eventIDs(failure.eventIDs, into: &json)
        }
        if !failure.closest.isEmpty {
            json.raw(",")
            json.key("c")
            json.raw("[")
            for (index, event) in failure.closest.enumerated() {
                if index > 0 { json.raw(",") }
                json.raw("{")
                json.key("id")
                json.string(event.eventID)
                json.raw(",")
                json.key("ev")
                json.string(event.name)
                if !event.sameName {
                    json.raw(",")
                    json.key("other")
                    json.bool(true)
                }
                json.raw(",")
                json.key("m")
                json.int(event.matchedParams)
                json.raw(",")
                json.key("p")
                json.int(event.paramCount)
                if let origin {
                    json.raw(",")
                    json.key("at")
                    json.int(Int((event.receivedAt.timeIntervalSince(origin) * 1000).rounded()))
                }
                json.raw(",")
                json.key("d")
                json.raw("[")
                for (offset, difference) in event.differences.enumerated() {
                    if offset > 0 { json.raw(",") }
                    json.raw("{")
                    json.key("p")
                    json.string(difference.path)
                    json.raw(",")
                    json.key("e")
                    json.string(difference.expected)
                    if let actual = difference.actual {
                        json.raw(",")
                        json.key("a")
                        json.string(actual)
                    }
                    json.raw("}")
                }
                json.raw("],")
                json.key("params")
                json.object(event.params)
                json.raw("}")
            }
            json.raw("]")
        }
        json.raw("}")
    }

    private func violations(_ violations: [CatalogViolation], into json: inout ScriptJSON) {
        json.raw("[")
        for (index, violation) in violations.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{")
            json.key("k")
            json.string(violation.kind.rawValue)
            json.raw(",")
            json.key("ev")
            json.string(violation.event)
            if !violation.path.isEmpty {
                json.raw(",")
                json.key("p")
                json.string(violation.path)
            }
            json.raw(",")
            json.key("e")
            json.string(violation.expected)
            if let actual = violation.actual {
                json.raw(",")
                json.key("a")
                json.string(actual)
            }
            json.raw(",")
            json.key("n")
            json.int(violation.count)
            if !violation.eventIDs.isEmpty {
                json.raw(",")
                eventIDs(violation.eventIDs, into: &json)
            }
            json.raw("}")
        }
        json.raw("]")
    }

    /// `"ids":[…]`, and `"more":N` when more than `maxEventIDs` were cut.
    private func eventIDs(_ ids: [String], into json: inout ScriptJSON) {
        json.key("ids")
        json.raw("[")
        for (index, id) in ids.prefix(Self.maxEventIDs).enumerated() {
            if index > 0 { json.raw(",") }
            json.string(id)
        }
        json.raw("]")
        if ids.count > Self.maxEventIDs {
            json.raw(",")
            json.key("more")
            json.int(ids.count - Self.maxEventIDs)
        }
    }
}
