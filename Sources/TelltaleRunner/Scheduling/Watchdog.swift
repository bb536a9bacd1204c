import Foundation
import TelltaleProcesses

/// Runs a test process while a periodic check may kill it.
///
/// The check reads the event stream (Swift Testing) and compares running tests
/// with their time limits; when it returns true the process group is killed and
/// the recorder reports which test was to blame.
enum Watchdog {
    static let interval = Duration.milliseconds(100)

    static func run(
        _ process: ChildProcess,
        onLine: @escaping @Sendable (String) async -> Void,
        check: (@Sendable () async -> Bool)?
    ) async throws -> ProcessExit {
        guard let check else { return try await process.run(onLine: onLine) }
        let control = ProcessControl()
        return try await withThrowingTaskGroup(of: ProcessExit?.self) { group in
            group.addTask { try await process.run(control: control, onLine: onLine) }
            group.addTask {
                while !Task.isCancelled {
                    if await check() { control.kill() }
                    try? await Task.sleep(for: interval)
                }
                return nil
            }
            var exit: ProcessExit?
            for try await value in group where value != nil {
                exit = value
                group.cancelAll()
            }
            return exit!
        }
    }
}
