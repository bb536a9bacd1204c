import ArgumentParser
import Foundation
import TelltaleHistory
import TelltaleModel
import TelltaleOrchestrator
import TelltalePlan

extension HistoryCommand {
    /// `telltale history flaky`: the tests flaky in recent runs, grouped by cause with their evidence.
    struct Flaky: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List tests flaky in recent runs, grouped by cause, with how often and the evidence.",
            discussion: """
                A run counts as flaky for a test when it failed and then passed on a retry, or when it \
                failed where another run of the same commit (with no uncommitted changes) passed. The cause \
                is judged over every attempt in those runs: order-dependent (a bisection found its polluter \
                or state-setter), slow when failing, machine- or worker-specific, or unexplained.
                """
        )

        @OptionGroup var location: Location

        @Option(help: "How many recent runs to count over.")
        var runs: Int = HistoryStore.defaultWindow

        @Flag(help: "Print ready-to-paste `quarantine:` entries for tests at or above --threshold.")
        var suggest = false

        @Option(help: "The flaky rate (0–1) from which --suggest proposes quarantine.")
        /// Compared with `FlakyScore.rate`: the share of the test's runs in the window that were flaky.
        var threshold: Double = 0.1

        @Option(help: "The owner --suggest writes into each entry (default: git's user.email).")
        var owner: String?

        @Option(help: "How many days a suggested entry holds.")
        var days: Int = 14

        func validate() throws {
            if runs < 1 { throw ValidationError("--runs must be at least 1") }
            if !(0...1).contains(threshold) { throw ValidationError("--threshold is a rate between 0 and 1, e.g. 0.1") }
            if days < 1 { throw ValidationError("--days must be at least 1") }
        }

        func run() async throws {
            let (scores, recorded, place) = try await location.withStore(mustExist: true) { store in
                do {
                    return (try await store.flakyScores(window: runs), try await store.runCount(), store.location.description)
                } catch {
                    Console.error("\(error)")
                    throw ExitCode(TelltaleExitCode.infrastructure)
                }
            }
            // The window as it is: a young history holds fewer runs than `--runs`.
            let counted = min(runs, recorded)
            if suggest {
                // Each entry lapses `--days` from today, so a quarantined test comes back to be looked at.
                let until = QuarantineEntry.day(of: Date().addingTimeInterval(Double(days) * 86_400))
                // git is asked only without `--owner`; with neither, the entry gets a placeholder to fill in.
                let gitUser = owner == nil ? await GitIdentity.userEmail(in: location.package) : nil
                let entries = scores.filter { $0.rate >= threshold }.map { score in
                    QuarantineEntry(test: score.testID, reason: Self.reason(score), owner: owner ?? gitUser ?? "TODO", until: until)
                }
                guard !entries.isEmpty else {
                    // A YAML comment too, so output appended to a plan never breaks it.
                    print("# no test was flaky in \(Self.percent(threshold)) or more of the last \(counted) runs")
                    return
                }
                // Lines starting `#` are YAML comments: the whole output pastes into a plan as it is.
                print("# paste into the plan; remove each entry once its test is fixed")
                print(PlanPrinter.quarantineYAML(entries), terminator: "")
                return
            }
            guard !scores.isEmpty else {
                print("no flaky tests in the last \(counted) runs (\(place))")
                return
            }
            print("flaky tests in the last \(counted) runs (\(place)), by cause:")
            for (kind, group) in FlakyScore.byCause(scores) {
                print("\(kind.label) (\(group.count)):")
                for score in group {
                    let percent = Self.percent(score.rate)
                    // Right-aligned in four columns (`  7%`, `100%`), so the counts after it line up.
                    let rate = String(repeating: " ", count: max(0, 4 - percent.count)) + percent
                    print("  \(rate)  \(score.flakyRuns) of \(score.runs) runs  \(score.testID)")
                    if let evidence = score.cause?.evidence, !evidence.isEmpty { print("        \(evidence)") }
                    // For an order dependency a bisection found, the command that shows it again.
                    if kind == .orderDependent, let reproduce = score.orderDependency?.reproduce { print("        reproduce: \(reproduce)") }
                }
            }
        }

        /// `flaky in 3 of 12 recent runs (25%); order-dependent: victim: fails after …`: the
        /// entry says why, so whoever fixes the test starts from the cause.
        static func reason(_ score: FlakyScore) -> String {
            let rate = "flaky in \(score.flakyRuns) of \(score.runs) recent runs (\(percent(score.rate)))"
            guard let cause = score.cause else { return rate }
            return "\(rate); \(cause.kind.label)" + (cause.evidence.isEmpty ? "" : ": \(cause.evidence)")
        }

        /// A rate as a whole percentage, rounded half away from zero: 0.125 is `13%`.
        static func percent(_ rate: Double) -> String { "\(Int((rate * 100).rounded()))%" }
    }
}
