import TelltaleModel
import TelltaleProcesses

/// Lists a test binary's tests, asking XCTest and Swift Testing separately so
/// every test is known with the framework that must run it.
public struct TestLister: Sendable {
    public var binary: String
    public var workingDirectory: String?

    public init(binary: String, workingDirectory: String? = nil) {
        self.binary = binary
        self.workingDirectory = workingDirectory
    }

    public func list() async throws -> [ListedTest] {
        async let xctest = listing(arguments: ["--list-tests"], framework: .xctest)
        async let swiftTesting = listing(
            arguments: ["--testing-library", "swift-testing", "--list-tests"],
            framework: .swiftTesting
        )
        return try await (xctest + swiftTesting).sorted()
    }

    private func listing(arguments: [String], framework: TestFramework) async throws -> [ListedTest] {
        let process = ChildProcess(executable: binary, arguments: arguments, workingDirectory: workingDirectory)
        let collector = ListingCollector()
        let exit = try await process.run { await collector.append($0) }
        let lines = await collector.lines
        // A binary that does not link Swift Testing answers its options with EX_UNAVAILABLE.
        if framework == .swiftTesting, exit == .exited(Self.unavailableStatus) {
            return []
        }
        guard exit.isSuccess else {
            throw RunnerError.listingFailed(command: process.commandLine, exit: exit, lastLines: Array(lines.suffix(40)))
        }
        return lines.compactMap { line in
            Self.isTestID(line) ? ListedTest(id: TestID(line), framework: framework) : nil
        }
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
