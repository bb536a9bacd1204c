import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleImport

/// Xcode 16.0 to 16.2 write no `durationInSeconds`, only the localized `duration` string
/// (`0,2s`): the import reads it, and its note counts exactly the durations it cannot know.
@Suite(.tags(.medium))
struct XCResultDurationTests {
    @Test(arguments: [
        ("0,2s", 0.2), ("0.75s", 0.75), ("12ms", 0.012), ("1m 2s", 62), ("1m 2,5s", 62.5), ("2m", 120), ("1h 3m", 3780), ("0s", 0),
        ("3 s", 3), ("1,5 min", 90),
    ])
    func durationStringsAreRead(text: String, seconds: Double) throws {
        let read = try #require(XCResultDuration.seconds(from: text))
        #expect(abs(read - seconds) < 1e-9)
    }

    @Test(arguments: ["", "fast", "1", "2 parsecs", "s", "1,2,3s"])
    func anythingElseIsUnknown(text: String) {
        #expect(XCResultDuration.seconds(from: text) == nil)
    }

    /// Each recording as Xcode 16.0 to 16.2 would write it: `durationInSeconds` gone, `duration`
    /// with a decimal comma (and minutes past 60 s), or with no duration at all.
    static func rewritten(_ recording: Recording, durations: Bool) throws -> XCResultTests {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(recording.path)/tests.json"))
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func rewrite(_ node: [String: Any]) -> [String: Any] {
            var node = node
            if let seconds = node.removeValue(forKey: "durationInSeconds") as? Double {
                node["duration"] = durations ? Self.xcode16String(seconds) : nil
            } else {
                node["duration"] = nil
            }
            if let children = node["children"] as? [[String: Any]] { node["children"] = children.map(rewrite) }
            return node
        }
        json["testNodes"] = (json["testNodes"] as? [[String: Any]] ?? []).map(rewrite)
        return try JSONDecoder().decode(XCResultTests.self, from: JSONSerialization.data(withJSONObject: json))
    }

    /// `0,012s`, `1m 2,5s`: as a German-locale Xcode 16.0 prints a duration.
    static func xcode16String(_ seconds: Double) -> String {
        func decimal(_ value: Double) -> String {
            String(format: "%.4f", value).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\.$"#, with: "", options: .regularExpression).replacingOccurrences(of: ".", with: ",")
        }
        let minutes = Int(seconds / 60)
        return minutes > 0 ? "\(minutes)m \(decimal(seconds - Double(minutes * 60)))s" : "\(decimal(seconds))s"
    }

    /// Every duration the import keeps: each result's, its earlier attempts', its argument cases'.
    static func durations(_ results: [TestResult]) -> [String: Double] {
        var all: [String: Double] = [:]
        for result in results {
            all[result.id.rawValue] = result.duration
            for (index, attempt) in result.previousAttempts.enumerated() { all["\(result.id) attempt \(index)"] = attempt.duration }
            for testCase in result.cases ?? [] { all["\(result.id) case \(testCase.name)"] = testCase.duration }
        }
        return all
    }

    @Test(arguments: Recording.allCases)
    func durationStringsGiveTheDurationsDurationInSecondsGives(recording: Recording) async throws {
        let files = try await recording.files()
        let expected = Self.durations(XCResultImport(tests: files.tests, summary: nil).read().results)
        let output = XCResultImport(tests: try Self.rewritten(recording, durations: true), summary: nil).read()
        let read = Self.durations(output.results)
        #expect(read.keys.sorted() == expected.keys.sorted())
        for (key, seconds) in expected {
            #expect(abs((read[key] ?? -1) - seconds) < 0.0001, "\(key)")
        }
        #expect(!output.notes.contains { $0.contains("recorded as 0") }, "\(output.notes)")
    }

    @Test(arguments: Recording.allCases)
    func theNoteCountsEveryDurationThatIsUnknown(recording: Recording) async throws {
        let files = try await recording.files()
        let known = XCResultImport(tests: files.tests, summary: nil).read()
        // Each result, each earlier attempt and each argument case has a duration of its own (a
        // parameterized test's earlier attempt is made of its cases' failures, with none).
        let count =
            known.results.count + known.results.filter { $0.cases == nil }.map(\.previousAttempts.count).reduce(0, +)
            + known.results.map { $0.cases?.count ?? 0 }.reduce(0, +)
        let output = XCResultImport(tests: try Self.rewritten(recording, durations: false), summary: nil).read()
        let note = try #require(output.notes.first { $0.contains("recorded as 0") })
        #expect(note.hasPrefix("\(count) durations "), "\(note)")
        #expect(output.results.allSatisfy { $0.duration == 0 })
    }
}
