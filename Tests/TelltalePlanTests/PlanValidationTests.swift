import TelltaleJSONSchema
import TelltalePlan
import TelltaleTestSupport
import Testing

@Suite struct PlanValidationTests {
    @Test(.tags(.medium)) func badPlanReportsEveryProblem() throws {
        let found = problems(in: try Fixture.text("badPlanReportsEveryProblem.yml"), file: "Plans/bad.yml")
        expectProblems(
            found,
            [
                .init(1, 10, "version", "version 2 is not supported"),
                .init(3, 10, "retries", "expected a whole number"),
                .init(4, 1, "filtre", "unknown key `filtre`"),
                .init(6, 23, "services.backend.command", "expected a list of arguments, found the command line"),
                .init(9, 29, "suites[0].filter[1]", "'(unclosed' is not a valid regular expression"),
                .init(10, 22, "suites[0].timeout.test", "'5 minutes' is not a duration"),
                .init(11, 11, "suites[1].name", "duplicate suite name 'checkout' (first used on line 8)"),
                .init(12, 5, "suites[1].workers", "unknown key `workers`"),
                .init(13, 5, "suites[2].name", "suite has no `name`"),
                .init(14, 13, "suites[2].serial", "expected true or false, found 'maybe'"),
                .init(15, 10, "workers", "must be at least 1, found -1"),
                .init(16, 14, "environment", "expected a mapping"),
            ])
        #expect(found.allSatisfy { $0.file == "Plans/bad.yml" && $0.hint != nil })
        #expect(found[2].hint == "did you mean `filter`?")
        #expect(found[5].hint == "use a number with a unit: 500ms, 30s, 5m, 1h")
    }

    @Test(.tags(.small)) func errorDescriptionIsCompilerStyleAndSortedByLine() {
        // Problems are found key by key; the description must still read top to bottom.
        let error = PlanError(problems: [
            LocatedProblem(
                file: "Plans/bad.yml", line: 4, column: 5, keyPath: "suites[0].filter[1]",
                message: "'(' is not a valid regular expression (expected ')')", hint: "escape it"),
            LocatedProblem(file: "Plans/bad.yml", line: 1, column: 10, keyPath: "version", message: "bad version"),
            LocatedProblem(file: "Plans/bad.yml", line: 1, column: 1, keyPath: "", message: "whole file"),
        ])
        #expect(
            error.errorDescription == """
                Plans/bad.yml:1:1: error: whole file
                Plans/bad.yml:1:10: error: version: bad version
                Plans/bad.yml:4:5: error: suites[0].filter[1]: '(' is not a valid regular expression (expected ')')
                  hint: escape it
                """)
        #expect(error.problems.map(\.line) == [1, 1, 4])
    }

    @Test(.tags(.small)) func problemsAreGroupedByFileInTheOrderFilesWereFound() {
        // A plan's problems, then those of the tracking plan it names: never interleaved by line.
        let problem = { (file: String, line: Int) in LocatedProblem(file: file, line: line, column: 1, keyPath: "", message: "m") }
        let error = PlanError(problems: [
            problem("Plans/demo.yml", 9), problem("Plans/events.yml", 2), problem("Plans/demo.yml", 3),
            problem("Plans/schemas/a.json", 1), problem("Plans/events.yml", 1),
        ])
        #expect(
            error.problems.map { "\($0.file):\($0.line)" } == [
                "Plans/demo.yml:3", "Plans/demo.yml:9", "Plans/events.yml:1", "Plans/events.yml:2", "Plans/schemas/a.json:1",
            ])
    }

    @Test(
        .tags(.small),
        arguments: [
            ("filters: [A]", "filter"),
            ("enviroment: {}", "environment"),
            ("env: {}", "environment"),
            ("retry: 1", "retries"),
            ("worker: 2", "workers"),
            ("Name: x", "name"),
            ("xctestPlan: a.xctestplan", "xctestplan"),
        ])
    func unknownKeySuggestsTheClosestKey(line: String, suggestion: String) {
        let found = problems(in: "version: 1\n\(line)\n")
        #expect(found.count == 1)
        #expect(found.first?.location == "2:1 \(line.prefix { $0 != ":" })")
        #expect(found.first?.hint == "did you mean `\(suggestion)`?")
    }

    @Test(.tags(.small)) func unknownKeyFarFromAnyListsTheAllowedKeys() {
        let found = problems(
            in: """
                version: 1
                suites:
                  - name: a
                    timeouts: { test: 1s }
                    colour: blue
                """)
        expectProblems(
            found,
            [
                .init(4, 5, "suites[0].timeouts", "unknown key `timeouts`"),
                .init(5, 5, "suites[0].colour", "unknown key `colour`"),
            ])
        #expect(found.first?.hint == "did you mean `timeout`?")
        #expect(
            found.last?.hint
                == "allowed keys here: `name`, `filter`, `skip`, `tags`, `skipTags`, `retries`, `timeout`, `serial`, `environment`, `arguments`, `variants`"
        )
    }

    @Test(.tags(.small), arguments: ["capture", "expectations"])
    func verificationSectionsAreCheckedNotIgnored(key: String) {
        // Supported since verification landed: their contents are validated (ExpectationsParsingTests).
        let found = problems(in: "version: 1\n\(key):\n  anything: here\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 3)
    }

    @Test(.tags(.small)) func versionMustBeOneAndPresent() {
        expectProblems(problems(in: "version: 2\n"), [.init(1, 10, "version", "version 2 is not supported")])
        expectProblems(problems(in: "version: one\n"), [.init(1, 10, "version", "expected a whole number")])
        expectProblems(problems(in: "version:\n"), [.init(1, 9, "version", "`version` has no value")])
        expectProblems(
            problems(in: "name: x\nretries: 1\n"), [.init(1, 1, "version", "missing required key `version`")]
        )
        #expect(problems(in: "version: 1\n").isEmpty)
    }

    @Test(.tags(.small)) func filtersMustBeValidRegexes() {
        let found = problems(
            in: #"""
                version: 1
                filter: ['^Demo\.(Cart|Checkout)Tests/', 'a{2,1}']
                skip: '*Slow'
                suites:
                  - name: a
                    skip: ['ok', '[unclosed']
                """#)
        expectProblems(
            found,
            [
                .init(2, 42, "filter[1]", "'a{2,1}' is not a valid regular expression"),
                .init(3, 7, "skip", "'*Slow' is not a valid regular expression"),
                .init(6, 18, "suites[0].skip[1]", "'[unclosed' is not a valid regular expression (expected ']')"),
            ])
    }

    @Test(.tags(.small)) func suiteNamesAreRequiredAndUnique() {
        let found = problems(
            in: """
                version: 1
                suites:
                  - name: cart
                  - name: checkout
                  - name: cart
                  - serial: true
                  - name: ""
                  - just-a-name
                """)
        expectProblems(
            found,
            [
                .init(5, 11, "suites[2].name", "duplicate suite name 'cart' (first used on line 3)"),
                .init(6, 5, "suites[3].name", "suite has no `name`"),
                .init(7, 11, "suites[4].name", "must not be empty"),
                .init(8, 5, "suites[5]", "expected a suite"),
            ])
    }

    @Test(.tags(.small)) func variantsNeedUniqueNamesThatCanNameAResult() {
        let found = problems(
            in: """
                version: 1
                suites:
                  - name: checkout
                    environment: [ACCOUNT=guest]
                    variants:
                      - name: loggedOut
                      - name: "logged out"
                      - name: loggedOut
                        environment: { ACCOUNT: guest }
                      - environment: { ACCOUNT: member }
                      - loggedIn
                      - name: member
                        colour: blue
                  - name: catalog
                    variants: loggedIn
                """)
        expectProblems(
            found,
            [
                .init(4, 18, "suites[0].environment", "expected a mapping"),
                .init(7, 15, "suites[0].variants[1].name", "'logged out' is not a variant name"),
                .init(8, 15, "suites[0].variants[2].name", "duplicate variant name 'loggedOut' (first used on line 6)"),
                .init(10, 9, "suites[0].variants[3].name", "variant has no `name`"),
                .init(11, 9, "suites[0].variants[4]", "expected a mapping"),
                .init(13, 9, "suites[0].variants[5].colour", "unknown key"),
                .init(15, 15, "suites[1].variants", "expected a list of variants"),
            ])
    }

    @Test(.tags(.small)) func wrongTypesAreReportedAtTheValue() {
        let found = problems(
            in: """
                version: 1
                name: [a, b]
                filter: { A: B }
                retries: many
                environment: { KEY: [1] }
                arguments: [ok, [nested]]
                suites: { name: x }
                reports: Reports
                """)
        expectProblems(
            found,
            [
                .init(2, 7, "name", "expected a string, found a list"),
                .init(3, 9, "filter", "expected a string or a list of strings, found a mapping"),
                .init(4, 10, "retries", "expected a whole number of at least 0, found 'many'"),
                .init(5, 21, "environment.KEY", "expected a string, found a list"),
                .init(6, 17, "arguments[1]", "expected a string, found a list"),
                .init(7, 9, "suites", "expected a list of suites, found a mapping"),
                .init(8, 10, "reports", "expected a mapping, found 'Reports'"),
            ])
        #expect(found.last?.hint == "write it like `reports: { dir: Reports }`")
        #expect(found.allSatisfy { $0.hint != nil })
    }

    @Test(.tags(.small)) func countsMustNotBeNegative() {
        let found = problems(
            in: """
                version: 1
                retries: -1
                workers: 0
                suites:
                  - name: a
                    retries: -2
                """)
        expectProblems(
            found,
            [
                .init(2, 10, "retries", "must not be negative, found -1"),
                .init(3, 10, "workers", "must be at least 1, found 0"),
                .init(6, 14, "suites[0].retries", "must not be negative, found -2"),
            ])
    }

    @Test(.tags(.small), arguments: ["", "\n", "# nothing but a comment\n", "---\n", "~\n"])
    func emptyFileIsOneProblemAtTheStart(yaml: String) {
        let found = problems(in: yaml, file: "Plans/empty.yml")
        expectProblems(found, [.init(1, 1, "", "the plan file is empty")])
        #expect(
            found.first?.description == """
                Plans/empty.yml:1:1: error: the plan file is empty
                  hint: start it with `version: 1`
                """)
    }

    @Test(.tags(.small), arguments: ["- version: 1\n", "version 1\n", "# a comment\n\n[1, 2]\n"])
    func topLevelThatIsNotAMappingIsOneProblemAtTheStart(yaml: String) {
        expectProblems(problems(in: yaml), [.init(1, 1, "", "a plan must be a mapping of keys")])
    }

    @Test(.tags(.small)) func yamlSyntaxErrorIsOneProblemAtItsMark() {
        // A second `: ` on one line: libyaml stops at that colon.
        let colon = problems(in: "version: 1\nname: a: b\nretries: 1\n", file: "Plans/syntax.yml")
        expectProblems(colon, [.init(2, 8, "", "YAML syntax error: mapping values are not allowed")])
        #expect(colon.first?.description.hasPrefix("Plans/syntax.yml:2:8: error: YAML syntax error") == true)

        // A tab can't indent YAML; libyaml stops where it meets it.
        let tab = problems(in: "version: 1\nsuites:\n\t- name: a\n")
        expectProblems(tab, [.init(3, 1, "", "YAML syntax error")])
    }

    @Test(.tags(.small)) func repeatedKeyIsReported() {
        let found = problems(in: "version: 1\nretries: 1\nretries: 2\n")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("`retries` appears more than once") == true)
        #expect(found.first?.line == 2)
    }
}
