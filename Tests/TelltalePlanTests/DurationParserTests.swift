import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct DurationParserTests {
    @Test(
        .tags(.small),
        arguments: [
            ("30s", Duration.seconds(30)),
            ("500ms", .milliseconds(500)),
            ("2m", .seconds(120)),
            ("1h", .seconds(3600)),
            ("1m30s", .seconds(90)),
            ("1h2m3s", .seconds(3723)),
            ("1.5s", .milliseconds(1500)),
            ("0.25m", .seconds(15)),
            ("250us", .microseconds(250)),
            ("10ns", .nanoseconds(10)),
            (" 45s ", .seconds(45)),
        ])
    func parsesNumbersWithUnits(text: String, expected: Duration) {
        #expect(DurationParser.parse(text) == expected)
    }

    @Test(
        .tags(.small),
        arguments: [
            "30", "5 minutes", "", "s", "1.s", ".5s", "-5s", "5x", "1m 30s", "5sec", "1,5s", "1e3s",
        ])
    func rejectsAnythingElse(text: String) {
        #expect(DurationParser.parse(text) == nil)
    }

    @Test(.tags(.small)) func badTimeoutsSayHowToWriteOne() {
        let found = problems(
            in: """
                version: 1
                suites:
                  - name: a
                    timeout: { test: 30, run: 5 minutes }
                  - name: b
                    timeout: { test: 0s, run: [1m] }
                  - name: c
                    timeout: 60s
                """)
        expectProblems(
            found,
            [
                .init(4, 22, "suites[0].timeout.test", "'30' is not a duration"),
                .init(4, 31, "suites[0].timeout.run", "'5 minutes' is not a duration"),
                .init(6, 22, "suites[1].timeout.test", "must be longer than zero"),
                .init(6, 31, "suites[1].timeout.run", "expected a duration, found a list"),
                .init(8, 14, "suites[2].timeout", "expected a mapping like `{ test: 60s, run: 10m }`"),
            ])
        #expect(found[0].hint == "add a unit, e.g. `30s`; use a number with a unit: 500ms, 30s, 5m, 1h")
        #expect(found[1].hint == "use a number with a unit: 500ms, 30s, 5m, 1h")
    }
}
