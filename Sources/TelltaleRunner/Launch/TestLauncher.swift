/// How a test product's processes are started: the commands that list each framework's tests
/// and run a batch of them. The runner and the lister speak only to this, so the same parsing,
/// scheduling and crash recovery work whichever launcher starts the processes.
///
/// - `DirectLauncher` runs the test executable itself (Linux, where SwiftPM builds one): the
///   fastest, no SwiftPM start-up per process.
/// - `DarwinLauncher` runs the `.xctest` bundle as SwiftPM does on macOS: XCTest through
///   `xcrun xctest`, Swift Testing through `swiftpm-testing-helper`.
/// - `SwiftPMLauncher` runs `swift test --skip-build` itself, wherever SwiftPM works.
package protocol TestLauncher: Sendable {
    var kind: LauncherKind { get }

    /// The command that lists the XCTest tests (`scratch` holds any file it writes), and where
    /// it names them.
    func xctestListing(scratch: String) -> (command: TestCommand, output: XCTestListingOutput)

    /// The command that lists the Swift Testing tests, given the event-stream arguments.
    func swiftTestingListing(arguments: [String]) -> TestCommand

    /// The command that runs the XCTest tests `specifiers` name (`Module.Class` or
    /// `Module.Class/test`); every test when it is empty.
    func xctestRun(specifiers: [String]) -> TestCommand

    /// The command that runs Swift Testing with `arguments` (filters, event stream, attachments).
    func swiftTestingRun(arguments: [String]) -> TestCommand

    /// A line of a command's output, split into the test process's and the launcher's own.
    func split(_ line: String) -> [LauncherOutput]

    /// About how long one test process takes to start, in seconds: workers take coarser
    /// batches when it is dear (`WorkQueue`).
    var processStartCost: Double { get }
}

extension TestLauncher {
    package func split(_ line: String) -> [LauncherOutput] { [.test(line)] }
    package var processStartCost: Double { 0.02 }
}

/// A command kept from starting by a build of the same package (`LauncherOutput.launcherBusy`)
/// is run again, after a pause that doubles from 0.25 s to 5 s, for up to 2 minutes.
enum LauncherBusyRetry {
    static let patience = Duration.seconds(120)

    /// Runs `attempt` until it says it was not kept waiting, or patience runs out; `waiting`
    /// hears of each pause.
    static func run<Value>(
        waiting: (Duration) async -> Void = { _ in }, _ attempt: () async throws -> (value: Value, busy: Bool)
    ) async throws -> Value {
        let deadline = ContinuousClock.now + patience
        var pause = Duration.milliseconds(250)
        while true {
            let (value, busy) = try await attempt()
            guard busy, ContinuousClock.now + pause < deadline else { return value }
            await waiting(pause)
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
    }
}
