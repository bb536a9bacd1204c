import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleReports

@Suite(.tags(.small))
struct GitHubAnnotationWriterTests {
    let text = GitHubAnnotationWriter().write(SampleRecord.record, context: SampleRecord.context)

    @Test func matchesGoldenFile() throws {
        try GoldenFile.check(Data(text.utf8), named: "GitHubAnnotationWriterTests.sample.txt")
    }

    @Test func failuresWithLocationsComeFirstThenErrorsThenFlakyWarnings() {
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("::error file=Tests/SampleTests/Failing.swift,line=12,title=failed%3A SampleTests.Failing/testTwoAsserts::"))
        #expect(
            lines[1].hasPrefix(
                "::error file=Tests/SampleTests/Checkout.swift,line=42,col=9,title=failed%3A SampleTests.Checkout/Declined/refuses(card%3A)::"))
        #expect(lines[2].hasPrefix("::error file=Tests/SampleTests/Retry.swift,line=30,title=failed%3A SampleTests.Retry/testAlwaysFails::"))
        #expect(lines[3].hasPrefix("::error title=error in SampleTests.crashes()::the test process crashed"))
        #expect(
            lines[4].hasPrefix(
                "::warning file=Tests/SampleTests/Retry.swift,line=21,title=flaky%3A SampleTests.Retry/testEventuallyPasses::failed 2 of 3 attempts, then passed:%0A"
            ))
    }

    @Test func escapesFollowGitHubsRules() {
        #expect(GitHubAnnotationWriter.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubAnnotationWriter.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        // Terminal colours and control bytes are gone; the lines of a message stay lines.
        #expect(text.contains("XCTAssertTrue failed red and a bell  and NUL "))
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains(#"("1") is not equal to ("2")%0Asecond line <&"'>%0A%0ATests/SampleTests/Failing.swift:13: "#))
    }

    @Test func neverMoreThanTheStepBudget() {
        let failing = (0..<25).map { index in
            TestResult(
                id: TestID("Big.Suite/test\(index)"), framework: .xctest, outcome: index.isMultiple(of: 2) ? .failed : .error,
                messages: index < 20
                    ? [] : [TestMessage(kind: .failure, text: "located", location: SourceLocation(file: "/repo/T.swift", line: index))]
            )
        }
        let flaky = (0..<12).map { index in
            TestResult(
                id: TestID("Big.Flaky/test\(index)"), framework: .xctest, outcome: .passed,
                previousAttempts: [TestAttempt(outcome: .failed, duration: 0)])
        }
        var record = SampleRecord.record
        record.tests = failing + flaky
        let lines = GitHubAnnotationWriter().write(record, context: SampleRecord.context).split(separator: "\n")
        let errors = lines.filter { $0.hasPrefix("::error ") }
        let warnings = lines.filter { $0.hasPrefix("::warning ") }
        #expect(errors.count == 10)
        #expect(warnings.count == 10)
        // The located ones (tests 20…24; failures 20, 22, 24 before errors 21, 23) come first.
        #expect(errors[0].contains("line=20,") && errors[1].contains("line=22,") && errors[2].contains("line=24,"))
        #expect(errors[3].contains("line=21,") && errors[4].contains("line=23,"))
        #expect(errors[9] == "::error title=Telltale::16 more failing tests are not annotated; see the report's summary.md or index.html")
        #expect(
            warnings[9]
                == "::warning title=Telltale::3 more warnings (quarantined or flaky tests, recorded warnings, changed lines no test ran) are not annotated; see the report's summary.md or index.html"
        )
    }

    @Test func nothingToSayIsNothing() {
        var record = SampleRecord.record
        record.tests = [record.tests[0]]
        #expect(GitHubAnnotationWriter().write(record, context: SampleRecord.context).isEmpty)
    }
}
