import TelltaleHistory
import TelltalePlan
import TelltaleTestSupport
import Testing

@testable import TelltaleOrchestrator

/// Which history a run uses: `--history` beats `TELLTALE_HISTORY_URL`, which beats the plan's
/// `history:`; `--no-history` and `history: false` keep none, whatever the variable says.
@Suite(.tags(.small))
struct RunHistoryValueTests {
    static let url = "postgres://ci@db/telltale"
    static let variable = [HistoryLocation.environmentVariable: url]

    func value(_ history: PlanHistory, option: String? = nil, noHistory: Bool = false, environment: [String: String] = variable) -> String? {
        RunHistory.value(history: history, option: option, noHistory: noHistory, package: "App", environment: environment)
    }

    @Test func theOptionBeatsTheVariableWhichBeatsThePlan() {
        #expect(value(.file("plan.sqlite"), option: "option.sqlite") == "option.sqlite")
        #expect(value(.file("plan.sqlite")) == Self.url)
        #expect(value(.database("postgres://plan/db")) == Self.url)
        #expect(value(.beside) == Self.url)
        #expect(value(.database("postgres://plan/db"), environment: [:]) == "postgres://plan/db")
        #expect(value(.beside, environment: [HistoryLocation.environmentVariable: ""]) == "App/.telltale/history.sqlite")
    }

    /// A plan that keeps no history is not turned back on by a variable set for a whole CI job.
    @Test func noHistoryAndHistoryFalseBeatTheVariable() {
        #expect(value(.off) == nil)
        #expect(value(.beside, noHistory: true) == nil)
        #expect(value(.off, option: "option.sqlite") == "option.sqlite")
    }
}
