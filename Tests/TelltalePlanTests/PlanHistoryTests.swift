import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltalePlan

/// `history:` and `quarantine:` in a plan.
@Suite(.tags(.small))
struct PlanHistoryTests {
    @Test func historyIsBesideThePackageUnlessOffOrAFile() throws {
        func history(_ line: String) throws -> PlanHistory {
            try PlanLoader().parse(yaml: "version: 1\n" + line, file: "plan.yml").history
        }
        #expect(try history("") == .beside)
        #expect(try history("history: true\n") == .beside)
        #expect(try history("history: false\n") == .off)
        #expect(try history("history: ci/history.sqlite\n") == .file("ci/history.sqlite"))
        #expect(PlanHistory.defaultPath(package: "App") == "App/.telltale/history.sqlite")
    }

    /// A URL is a database, not a path: never resolved against the plan's folder, and printed
    /// without its password.
    @Test func aPostgresURLIsADatabaseKeptAsWrittenAndPrintedWithoutItsPassword() throws {
        let url = "postgres://ci:s3cret@db.example.com:5432/telltale?sslmode=require"
        let plan = try PlanLoader().parse(yaml: "version: 1\nhistory: \(url)\n", file: "Plans/app.yml")
        #expect(plan.history == .database(url))
        #expect(plan.resolvingPaths().history == .database(url))
        #expect(try PlanLoader().parse(yaml: "version: 1\nhistory: postgresql://db/h\n", file: "plan.yml").history == .database("postgresql://db/h"))
        let printed = PlanPrinter.yaml(plan)
        #expect(printed.contains("postgres://ci:***@db.example.com:5432/telltale?sslmode=require"), "\(printed)")
        #expect(!printed.contains("s3cret"))
    }

    @Test func quarantineEntriesParseAndPrintBack() throws {
        let yaml = """
            version: 1
            quarantine:
              - test: App.CheckoutTests/testRefund
                reason: races the payment stub
                owner: "@ana"
                until: 2026-12-31
              - { test: /Flaky.*/, reason: known, owner: team-b, until: 2027-01-15 }
            """
        let plan = try PlanLoader().parse(yaml: yaml, file: "plan.yml")
        #expect(
            plan.quarantine == [
                QuarantineEntry(test: "App.CheckoutTests/testRefund", reason: "races the payment stub", owner: "@ana", until: "2026-12-31"),
                QuarantineEntry(test: "/Flaky.*/", reason: "known", owner: "team-b", until: "2027-01-15"),
            ])
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "plan.yml") == plan)
    }

    @Test func aBadQuarantineEntryIsReportedByLineWithAHint() throws {
        let yaml = """
            version: 1
            quarantine:
              - test: App.S/t
                reason: r
                until: 2026-02-30
              - test: /(unclosed/
                reason: r
                owner: o
                until: 2026-01-01
            """
        #expect {
            try PlanLoader().parse(yaml: yaml, file: "plan.yml")
        } throws: { error in
            let problems = (error as? PlanError)?.problems ?? []
            return problems.map(\.location) == ["3:5 quarantine[0].owner", "5:12 quarantine[0].until", "6:11 quarantine[1].test"]
                && problems[1].hint?.contains("YYYY-MM-DD") == true
        }
    }
}

/// Applying entries to results.
@Suite(.tags(.small))
struct QuarantineListTests {
    let today = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    func result(_ id: String, _ outcome: TestOutcome) -> TestResult {
        TestResult(id: TestID(id), framework: .swiftTesting, outcome: outcome)
    }

    @Test func aFailingQuarantinedTestKeepsItsOutcomeButNoLongerFailsTheRun() {
        let entry = QuarantineEntry(test: "App.S/flaky()", reason: "r", owner: "o", until: "2026-11-18")
        let (results, notes) = QuarantineList([entry]).apply(
            to: [result("App.S/flaky()/S.swift:3:4", .failed), result("App.S/other()", .failed), result("App.S/ok()", .passed)], on: today)
        #expect(results.map(\.outcome) == [.failed, .failed, .passed])
        #expect(results.map(\.quarantine) == [entry, nil, nil])
        #expect(results.map(\.failsRun) == [false, true, false])
        #expect(notes.isEmpty)
    }

    @Test func anEntryWithoutAVariantHoldsForEveryVariantAndOneWithAVariantForItAlone() {
        let every = QuarantineEntry(test: "App.S/pay()", reason: "r", owner: "o", until: "2030-01-01")
        let one = QuarantineEntry(test: "App.S/refund() [loggedOut]", reason: "r", owner: "o", until: "2030-01-01")
        let (results, _) = QuarantineList([every, one]).apply(
            to: [
                result("App.S/pay() [loggedOut]", .failed), result("App.S/pay()/S.swift:3:4 [mock]", .failed),
                result("App.S/refund() [loggedOut]", .failed), result("App.S/refund() [mock]", .failed),
            ], on: today)
        #expect(results.map(\.quarantine) == [every, every, one, nil])
    }

    @Test func aRegexEntryMatchesAnywhereInTheID() {
        let entry = QuarantineEntry(test: "/Network/", reason: "r", owner: "o", until: "2030-01-01")
        let (results, _) = QuarantineList([entry]).apply(to: [result("App.NetworkTests/a()", .error)], on: today)
        #expect(results[0].quarantine == entry)
    }

    @Test func anExpiredEntryNoLongerAppliesAndTheRunSaysSo() {
        let entry = QuarantineEntry(test: "App.S/flaky()", reason: "r", owner: "@ana", until: "2026-11-17")
        let (results, notes) = QuarantineList([entry]).apply(to: [result("App.S/flaky()", .failed)], on: today)
        #expect(results[0].quarantine == nil)
        #expect(results[0].failsRun)
        #expect(
            notes == [
                "quarantine entry for `App.S/flaky()` (owner @ana) expired after 2026-11-17: its test counts again; fix the test, or extend `until`"
            ])
    }
}

extension QuarantineListTests {
    @Test func anEntryInForceExcusesItsTestsOnly() {
        let list = QuarantineList([
            QuarantineEntry(test: "/Flaky/", reason: "r", owner: "o", until: "2026-11-18"),
            QuarantineEntry(test: "App.S/old()", reason: "r", owner: "o", until: "2026-11-17"),
        ])
        #expect(list.excuses(TestID("App.FlakyTests/a()"), on: today))
        #expect(!list.excuses(TestID("App.S/old()"), on: today))
        #expect(!list.excuses(TestID("App.S/other()"), on: today))
    }
}
