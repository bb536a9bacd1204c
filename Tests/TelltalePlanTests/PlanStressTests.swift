import TelltalePlan
import TelltaleTestSupport
import Testing

/// `stress:` in a plan.
@Suite(.tags(.small))
struct PlanStressTests {
    private func stress(_ text: String) throws -> PlanStress {
        try PlanLoader().parse(yaml: "version: 1\n" + text, file: "plan.yml").stress
    }

    @Test func stressIsOffUnlessAskedForAndFailsOnFlakyByDefault() throws {
        #expect(try stress("") == PlanStress())
        #expect(try stress("stress:\n") == PlanStress())
        #expect(try stress("stress: { new: 3 }\n") == PlanStress(new: 3, onFlaky: .fail))
        #expect(try stress("stress: { new: 2, onFlaky: report }\n") == PlanStress(new: 2, onFlaky: .report))
    }

    @Test func itPrintsBackAsWritten() throws {
        let plan = try PlanLoader().parse(yaml: "version: 1\nstress: { new: 5, onFlaky: report }\n", file: "plan.yml")
        #expect(PlanPrinter.yaml(plan).contains("\nstress:\n  new: 5\n  onFlaky: report\n"))
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "plan.yml") == plan)
    }

    @Test func badValuesAndKeysAreReportedWithTheirLine() {
        let yaml = """
            version: 1
            stress:
              new: -1
              onFlaky: ignore
              nwe: 3
            """
        expectProblems(
            problems(in: yaml),
            [
                PlanProblemExpectation(3, 8, "stress.new", "must not be negative"),
                PlanProblemExpectation(4, 12, "stress.onFlaky", "expected one of `fail`, `report`"),
                PlanProblemExpectation(5, 3, "stress.nwe", "unknown key"),
            ])
        expectProblems(problems(in: "version: 1\nstress: 3\n"), [PlanProblemExpectation(2, 9, "stress", "expected a mapping")])
    }
}
