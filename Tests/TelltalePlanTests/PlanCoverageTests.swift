import TelltalePlan
import TelltaleTestSupport
import Testing

/// `coverage:` in a plan.
@Suite(.tags(.small))
struct PlanCoverageTests {
    private func coverage(_ text: String) throws -> PlanCoverage {
        try PlanLoader().parse(yaml: "version: 1\n" + text, file: "plan.yml").coverage
    }

    @Test func coverageIsOffUnlessTrueOrAMapping() throws {
        #expect(try coverage("") == PlanCoverage())
        #expect(try coverage("coverage: false\n") == PlanCoverage())
        #expect(try coverage("coverage: true\n") == PlanCoverage(enabled: true))
        #expect(try coverage("coverage: { minimum: 80 }\n") == PlanCoverage(enabled: true, minimum: 80))
    }

    @Test func everyKeyParsesAndPrintsBack() throws {
        let yaml = """
            version: 1
            coverage:
              include: [Sources/**]
              exclude:
                - Sources/Generated/**
                - "*+Mock.swift"
              minimum: 72.5
              diffMinimum: 90%
            """
        let plan = try PlanLoader().parse(yaml: yaml, file: "plan.yml")
        #expect(
            plan.coverage
                == PlanCoverage(
                    enabled: true, include: ["Sources/**"], exclude: ["Sources/Generated/**", "*+Mock.swift"], minimum: 72.5, diffMinimum: 90
                ))
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "plan.yml") == plan)
        let off = try PlanLoader().parse(yaml: "version: 1\n", file: "plan.yml")
        #expect(PlanPrinter.yaml(off).contains("\ncoverage: false\n"))
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(off), file: "plan.yml") == off)
    }

    @Test func badThresholdsAndKeysAreReportedWithTheirLine() {
        let yaml = """
            version: 1
            coverage:
              minimum: 120
              diffMinimum: most
              inclde: [Sources/**]
            """
        expectProblems(
            problems(in: yaml),
            [
                PlanProblemExpectation(3, 12, "coverage.minimum", "percentage from 0 to 100"),
                PlanProblemExpectation(4, 16, "coverage.diffMinimum", "percentage from 0 to 100"),
                PlanProblemExpectation(5, 3, "coverage.inclde", "unknown key"),
            ])
        expectProblems(problems(in: "version: 1\ncoverage: sometimes\n"), [PlanProblemExpectation(2, 11, "coverage", "true or false")])
    }

    @Test func aMapAndTestLevelSelectionParseAndPrintBack() throws {
        let yaml = """
            version: 1
            coverage: { map: true }
            changed: { select: tests }
            """
        let plan = try PlanLoader().parse(yaml: yaml, file: "plan.yml")
        #expect(plan.coverage == PlanCoverage(enabled: true, map: true))
        #expect(plan.changed == PlanChanged(select: .tests))
        #expect(try PlanLoader().parse(yaml: PlanPrinter.yaml(plan), file: "plan.yml") == plan)
        #expect(try PlanLoader().parse(yaml: "version: 1\n", file: "plan.yml").changed.select == .targets)
    }

    @Test func anUnknownSelectionLevelIsReportedWithItsLine() {
        expectProblems(
            problems(in: "version: 1\nchanged:\n  select: lines\n"),
            [PlanProblemExpectation(3, 11, "changed.select", "one of `targets`, `tests`")])
        expectProblems(problems(in: "version: 1\nchanged:\n  selct: tests\n"), [PlanProblemExpectation(3, 3, "changed.selct", "unknown key")])
    }
}
