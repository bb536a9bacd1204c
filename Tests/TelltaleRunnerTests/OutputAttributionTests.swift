import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleRunner

@Suite(.tags(.small))
struct OutputAttributionTests {
    func line(_ text: String, _ time: Double) -> OutputLine {
        OutputLine(text, time: Date(timeIntervalSince1970: time))
    }

    @Test func linesGoToTheOnlyRunningTest() {
        let a = TestID("M.S/a()")
        let b = TestID("M.S/b()")
        let assigned = OutputAttribution.assign(
            lines: [line("a1", 1.1), line("both", 2.5), line("b1", 3.5), line("late b", 4.03), line("nobody", 9)],
            windows: [a: 1...3, b: 2...4]
        )
        #expect(assigned[a] == ["a1"])
        #expect(assigned[b] == ["b1", "late b"])
    }

    @Test func frameworkChatterIsNotTestOutput() {
        let a = TestID("M.S/a()")
        let assigned = OutputAttribution.assign(
            lines: [line("◇ Test a() started.", 1.1), line("\u{1B}[92m✔\u{1B}[0m Test a() passed", 1.2), line("mine", 1.3)],
            windows: [a: 1...2]
        )
        #expect(assigned[a] == ["mine"])
    }
}
