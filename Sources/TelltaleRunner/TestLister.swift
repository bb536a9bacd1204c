import Foundation
import TelltaleModel
import TelltaleProcesses

/// Lists a test product's tests, asking XCTest and Swift Testing separately so
/// every test is known with the framework that must run it.
///
/// Swift Testing's listing also writes its event stream, whose `test` records give
/// each test's display name, tags, bugs and time limit; asking for the newest
/// schema first finds the version the binary speaks, which its runs then use.
package struct TestLister: Sendable {
    package var launcher: any TestLauncher
    package var workingDirectory: String?
    /// The built `*PackageTests.xctest`: where its modules' source lists are, from which XCTest
    /// tests get the place they are declared (`XCTestDeclarations`). Nil lists without.
    package var testProduct: String?

    package init(launcher: any TestLauncher, workingDirectory: String? = nil, testProduct: String? = nil) {
        self.launcher = launcher
        self.workingDirectory = workingDirectory
        self.testProduct = testProduct
    }

    /// Every test, and the event-stream version to run Swift Testing with (nil when
    /// the binary has no Swift Testing tests).
    package struct Listing: Sendable {
        package var tests: [ListedTest]
        package var eventStreamVersion: EventStreamVersion?
    }

    package func list() async throws -> Listing {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        async let xctest = xctestListing(scratch: scratch.path)
        async let swiftTesting = swiftTestingListing(scratch: scratch.path)
        var (xctests, (swiftTests, version)) = try await (xctest, swiftTesting)
        if let testProduct {
            xctests = XCTestDeclarations.locating(xctests, testProduct: testProduct, packageRoot: workingDirectory ?? ".")
        }
        return Listing(tests: (xctests + swiftTests).sorted(), eventStreamVersion: swiftTests.isEmpty ? nil : version)
    }

    private func xctestListing(scratch: String) async throws -> [ListedTest] {
        let (command, output) = launcher.xctestListing(scratch: scratch)
        let result = try await run(command, scratch: scratch)
        guard result.succeeded else { throw failure(command, result) }
        switch output {
        case .lines:
            return result.lines.compactMap { Self.isTestID($0) ? ListedTest(id: TestID($0), framework: .xctest) : nil }
        case .dumpJSON(let path):
            do {
                let ids = try XCTestListJSON.ids(from: Data(contentsOf: URL(fileURLWithPath: path)))
                return ids.map { ListedTest(id: $0, framework: .xctest) }
            } catch {
                throw RunnerError.listingFailed(
                    command: Self.commandLine(command), exit: result.exit ?? .exited(0),
                    lastLines: ["\(path): not XCTest's test list (\(error))"] + result.lines.suffix(20))
            }
        }
    }

    private func swiftTestingListing(scratch: String) async throws -> ([ListedTest], EventStreamVersion?) {
        for (index, version) in EventStreamVersion.known.enumerated() {
            let eventPath = "\(scratch)/list-\(version).jsonl"
            FileManager.default.createFile(atPath: eventPath, contents: nil)
            var command = launcher.swiftTestingListing(arguments: ["--event-stream-output-path", eventPath] + version.arguments)
            command.environment.merge(version.environment) { own, _ in own }
            let result = try await run(command, scratch: scratch)
            // A binary that does not link Swift Testing answers its options with EX_UNAVAILABLE.
            if result.exit == .exited(Self.unavailableStatus) { return ([], nil) }
            let isLast = index == EventStreamVersion.known.count - 1
            if !result.succeeded, !isLast, EventStreamVersion.isRejection(result.lines) { continue }
            guard result.succeeded else { throw failure(command, result) }
            let tests = result.lines.compactMap { Self.isTestID($0) ? ListedTest(id: TestID($0), framework: .swiftTesting) : nil }
            let records = (try? String(contentsOfFile: eventPath, encoding: .utf8)) ?? ""
            return (Self.withTraits(tests, records: records, version: version), version)
        }
        return ([], nil)
    }

    /// Runs a listing command; its lines are the test process's (the launcher's own left out).
    /// A launcher kept from starting by a build of the same package is asked again, with backoff.
    private func run(_ command: TestCommand, scratch: String) async throws -> CommandOutput {
        // A binary built for coverage writes a raw profile even to list its tests: into the
        // scratch folder, never the package's. Listing runs no test, so it is no coverage
        // (SwiftPM, too, lists with coverage off).
        let environment = command.environment.merging([ProfileFileName.variable: "\(scratch)/list-%p.profraw"]) { own, _ in own }
        let process = ChildProcess(
            executable: command.executable, arguments: command.arguments, environment: environment,
            workingDirectory: workingDirectory, stop: command.stop)
        return try await LauncherBusyRetry.run {
            let output = try await CommandOutput.collect(process)
            let pieces = output.lines.flatMap(launcher.split)
            let busy = !output.succeeded && pieces.contains { if case .launcherBusy = $0 { true } else { false } }
            let lines = pieces.compactMap { piece -> String? in
                if case .test(let text) = piece { return text }
                return nil
            }
            return (CommandOutput(exit: output.exit, lines: lines), busy)
        }
    }

    private func failure(_ command: TestCommand, _ result: CommandOutput) -> RunnerError {
        .listingFailed(command: Self.commandLine(command), exit: result.exit ?? .exited(-1), lastLines: Array(result.lines.suffix(40)))
    }

    static func commandLine(_ command: TestCommand) -> String {
        ChildProcess(executable: command.executable, arguments: command.arguments).commandLine
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

    /// A listed id is `Module.Rest` with no spaces outside backticks; headings like `Listing 8
    /// tests in …` are not. A raw identifier (SE-0451) is listed between backticks, spaces and
    /// all: ``Module.`Raw suite`/`3rd party macros are allowed`()``.
    static func isTestID(_ line: String) -> Bool {
        guard !line.isEmpty, let dot = line.firstIndex(of: "."), dot != line.startIndex else { return false }
        var quoted = false
        for character in line.utf8 {
            if character == UInt8(ascii: "`") {
                quoted.toggle()
            } else if !quoted, character == UInt8(ascii: " ") || character == UInt8(ascii: "\t") {
                return false
            }
        }
        return !quoted && (line.contains("/") || line.hasSuffix(")"))
    }
}
