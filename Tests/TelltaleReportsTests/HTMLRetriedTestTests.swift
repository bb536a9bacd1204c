import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

/// A retried test's events, one attempt at a time: its analytics checks see its last attempt's
/// events only, so the page shows each attempt's events under that attempt, with offsets from
/// that attempt's start, and the count beside the checks agrees with the events shown beside them.
@Suite(.tags(.medium))
struct HTMLRetriedTestTests {
    static let retried = TestID("SampleTests.Retry/testEventuallyPasses")

    /// The verified sample, its retried test (attempts from +3 s and +4 s, the last from +5 s)
    /// sending two events in its first attempt, none in its second and two in its last, which
    /// its checks counted.
    static let record: RunRecord = {
        var record = SampleRecord.verifiedRecord
        func event(_ id: String, at seconds: Double, _ name: String) -> Event {
            Event(
                id: id, receivedAt: SampleRecord.start.addingTimeInterval(seconds), session: "s2", test: retried, source: .telltale,
                name: name, params: ["sent": .number(seconds)], raw: ["name": .string(name)])
        }
        record.events =
            (record.events + [event("r1", at: 3.25, "cart_viewed"), event("r2", at: 3.5, "checkout_started"), event("r3", at: 5.5, "cart_viewed")])
            .sorted { $0.receivedAt < $1.receivedAt }
        let index = record.verification!.tests.firstIndex { $0.test == retried }!
        record.verification!.tests[index] = TestVerification(test: retried, eventCount: 2)
        return record
    }()

    /// The page's payload for `record`: its `events` array and the retried test's entry.
    static func retriedTestPayload(_ record: RunRecord) throws -> (events: [[Any]], test: [String: Any]) {
        let bytes = HTMLReportWriter().payload(record, context: SampleRecord.context)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let events = try #require(json["events"] as? [[Any]])
        let test = try #require((json["tests"] as? [[String: Any]])?.first { $0["id"] as? String == retried.rawValue })
        return (events, test)
    }

    /// The events a `[start, count]` range of the payload names, each as `name offset`.
    static func shown(_ range: Any?, in events: [[Any]]) throws -> [String] {
        let range = try #require(range as? [Int])
        return events[range[0]..<range[0] + range[1]].map { "\($0[1]) \($0[0])" }
    }

    @Test func eachAttemptHasItsOwnEventsWithOffsetsFromItsStart() throws {
        let (events, test) = try Self.retriedTestPayload(Self.record)
        func shown(_ range: Any?) throws -> [String] { try Self.shown(range, in: events) }
        let attempts = try #require(test["a"] as? [[String: Any]])
        #expect(try shown(attempts[0]["e"]) == ["cart_viewed 250", "checkout_started 500"])
        #expect(attempts[1]["e"] == nil, "the second attempt sent nothing")
        #expect(try shown(test["e"]) == ["cart_viewed 500", "retry_seen 1000"])
        #expect((test["v"] as? [String: Any])?["n"] as? Int == (test["e"] as? [Int])?[1], "the checks count what the last attempt shows")
    }

    /// The page places each event under the attempt the record decided (`Event.attempt`), not by
    /// its own reading of the clock: an event the record gives the last attempt is shown there,
    /// whenever it was received.
    @Test func theRecordsAttemptDecidesWhereAnEventIsShown() throws {
        var record = Self.record
        for index in record.events.indices where record.events[index].test == Self.retried {
            record.events[index].attempt = record.events[index].id == "r1" ? 1 : 3
        }
        let (events, test) = try Self.retriedTestPayload(record)
        // Names only: offsets are not what this test is about.
        func names(_ range: Any?) throws -> [String] { try Self.shown(range, in: events).map { String($0.prefix { $0 != " " }) } }
        let attempts = try #require(test["a"] as? [[String: Any]])
        #expect(try names(attempts[0]["e"]) == ["cart_viewed"])
        #expect(try names(test["e"]).contains("checkout_started"), "r2 is where the record put it: the last attempt")
    }

    struct Observations: Decodable {
        var heading: String
        var sections: [String]
        var checks: String
        var attemptLabels: [[String]]
        var attemptOffsets: [[String]]
        var lastOffsets: [String]
        var text: String
    }

    @Test func thePaneCountsOneAttemptsEventsAtATime() async throws {
        let driver = #"""
            <script>
            window.addEventListener('load', function () {
              function texts(root, selector) { return Array.prototype.map.call(root.querySelectorAll(selector), function (e) { return e.textContent; }); }
              var detail = document.getElementById('detail');
              var r = { heading: detail.querySelector('h2').textContent, sections: texts(detail, 'section.block > h3') };
              r.checks = detail.querySelector('.vsum').textContent;
              var boxes = Array.prototype.slice.call(detail.querySelectorAll('.attempt'));
              r.attemptLabels = boxes.map(function (box) { return texts(box, '.label'); });
              r.attemptOffsets = boxes.map(function (box) { return texts(box, '.offset'); });
              var blocks = Array.prototype.slice.call(detail.querySelectorAll('section.block'));
              r.lastOffsets = texts(blocks[blocks.length - 1], '.offset');
              r.text = detail.textContent;
            \#(HTMLReportBrowserTests.driverResult)
            });
            </script>
            """#
        let page = try HTMLReportBrowserTests.pageWithDriver(HTMLReportWriter().write(Self.record, context: SampleRecord.context), driver: driver)
        defer { try? FileManager.default.removeItem(at: page) }
        var link = URLComponents(url: page, resolvingAgainstBaseURL: false)!
        link.percentEncodedFragment = "test=" + Self.retried.rawValue.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let seen: Observations = try await HTMLReportBrowserTests.observe(link.url!)

        #expect(seen.heading == Self.retried.rawValue)
        #expect(seen.sections == ["Analytics checks", "Retries: 2 earlier attempts", "Output", "Events of the last attempt (2)"])
        #expect(seen.checks == "2 events · every check passed")
        #expect(seen.attemptLabels == [["Events (2)"], []])
        #expect(seen.attemptOffsets == [["+0.250 s", "+0.500 s"], []])
        #expect(seen.lastOffsets == ["+0.500 s", "+1.000 s"])
        #expect(!seen.text.contains("\u{2212}"), "no offset before its attempt's start")
    }
}
