import Foundation
import TelltaleModel
import TelltaleProcesses

/// Lists a test binary's tests, asking XCTest and Swift Testing separately so
/// every test is known with the framework that must run it.
///
/// Swift Testing's listing also writes its event stream, whose `test` records give
/// each test's display name, tags, bugs and time limit; asking for the newest
/// schema first finds the version the binary speaks, which its runs then use.
public struct TestLister: Sendable {
    public var binary: String
    public var workingDirectory: String?

    public init(binary: String, workingDirectory: String? = nil) {
        self.binary = binary
        self.workingDirectory = workingDirectory
    }

    /// Every test, and the event-stream version to run Swift Testing with (nil when
    /// the binary has no Swift Testing tests).
    public struct Listing: Sendable {
        public var tests: [ListedTest]
        public var eventStreamVersion: EventStreamVersion?
    }

    public func list() async throws -> Listing {
        async let xctest = listing(arguments: ["--list-tests"], framework: .xctest)
        async let swiftTesting = swiftTestingListing()
        let (xctests, (swiftTests, version)) = try await (xctest, swiftTesting)
        return Listing(tests: ((xctests ?? []) + swiftTests).sorted(), eventStreamVersion: swiftTests.isEmpty ? nil : version)
    }

    private func swiftTestingListing() async throws -> ([ListedTest], EventStreamVersion?) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (index, version) in EventStreamVersion.known.enumerated() {
            let eventPath = scratch.appendingPathComponent("list-\(version).jsonl").path
            FileManager.default.createFile(atPath: eventPath, contents: nil)
            let arguments =
                ["--testing-library", "swift-testing", "--list-tests", "--event-stream-output-path", eventPath] + version.arguments
            let isLast = index == EventStreamVersion.known.count - 1
            guard
                let tests = try await listing(
                    arguments: arguments, framework: .swiftTesting, environment: version.environment,
                    rejectedVersion: isLast ? nil : version)
            else { continue }
            let records = (try? String(contentsOfFile: eventPath, encoding: .utf8)) ?? ""
            return (Self.withTraits(tests, records: records, version: version), version)
        }
        return ([], nil)
    }

    /// The listed tests, or nil when the binary refused `rejectedVersion` (so an older one is asked).
    private func listing(
        arguments: [String], framework: TestFramework, environment: [String: String] = [:], rejectedVersion: EventStreamVersion? = nil
    ) async throws -> [ListedTest]? {
        let process = ChildProcess(executable: binary, arguments: arguments, environment: environment, workingDirectory: workingDirectory)
        let collector = ListingCollector()
        let exit = try await process.run { await collector.append($0) }
        let lines = await collector.lines
        // A binary that does not link Swift Testing answers its options with EX_UNAVAILABLE.
        if framework == .swiftTesting, exit == .exited(Self.unavailableStatus) {
            return []
        }
        if !exit.isSuccess, rejectedVersion != nil, EventStreamVersion.isRejection(lines) {
            return nil
        }
        guard exit.isSuccess else {
            throw RunnerError.listingFailed(command: process.commandLine, exit: exit, lastLines: Array(lines.suffix(40)))
        }
        return lines.compactMap { line in
            Self.isTestID(line) ? ListedTest(id: TestID(line), framework: framework) : nil
        }
    }

    /// Each test with the traits its `test` record gives (and, before 6.4, its source's attribute).
    static func withTraits(_ tests: [ListedTest], records: String, version: EventStreamVersion) -> [ListedTest] {
        var table = SwiftTestingTraits()
        for line in records.split(separator: "\n") {
            guard let record = try? JSONDecoder().decode(SwiftTestingRecord.self, from: Data(line.utf8)), record.kind == .test
            else { continue }
            table.add(record.payload)
        }
        var byListedID: [TestID: String] = [:]
        for streamID in table.functionIDs {
            let whole = TestID(streamID)
            byListedID[whole] = streamID
            if byListedID[whole.withoutSourceLocation] == nil { byListedID[whole.withoutSourceLocation] = streamID }
        }
        var reader = SourceTraitReader()
        return tests.map { test in
            guard let streamID = byListedID[test.id] else { return test }
            var test = test
            test.traits = table.traits(of: streamID)
            if !version.carriesTraits {
                test.traits = test.traits.filling(from: sourceTraits(of: streamID, in: table, reader: &reader))
            }
            return test
        }
    }

    /// Bugs and time limits from the `@Test` and `@Suite` attributes, for streams before 6.4.
    private static func sourceTraits(of streamID: String, in table: SwiftTestingTraits, reader: inout SourceTraitReader) -> TestTraits {
        var traits = TestTraits()
        for id in TestID(streamID).withoutSourceLocation.enclosingSuiteIDs + [streamID] {
            guard let location = table.payload(of: id)?.sourceLocation, let path = location.filePath else { continue }
            let found = reader.traits(atPath: path, line: location.line, column: location.column ?? 1)
            traits.bugs += found.bugs.filter { !traits.bugs.contains($0) }
            traits.timeLimit = [traits.timeLimit, found.timeLimit].compactMap { $0 }.min()
        }
        return traits
    }

    /// sysexits' EX_UNAVAILABLE.
    static let unavailableStatus: Int32 = 69

    /// A listed id is `Module.Rest` with no spaces; headings like `Listing 8 tests in …` are not.
    static func isTestID(_ line: String) -> Bool {
        guard !line.isEmpty, !line.contains(" "), let dot = line.firstIndex(of: "."), dot != line.startIndex else {
            return false
        }
        return line.contains("/") || line.hasSuffix(")")
    }
}

actor ListingCollector {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}
