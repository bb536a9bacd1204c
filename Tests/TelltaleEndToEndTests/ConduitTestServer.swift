import Foundation

/// `Fixtures/conduit_server.py` on a loopback port of its own, logging what it receives.
///
/// Stopped with SIGKILL: a child of the test process may inherit a mask that blocks SIGTERM,
/// and a server that outlived its test would keep `swift test` waiting on its output pipe.
/// For the same reason it writes to no pipe of the test process but its port line's.
final class ConduitTestServer: Sendable {
    let port: Int
    private let process: Process

    init(log: String, unavailable: Int = 0) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "\(ExitStatusTests.fixtures)/conduit_server.py", log, String(unavailable)]
        let portPipe = Pipe()
        process.standardOutput = portPipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let portLine = await Task.detached { String(decoding: portPipe.fileHandleForReading.availableData, as: UTF8.self) }.value
        guard let port = Int(portLine.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            Self.kill(process)
            throw Failed(output: portLine)
        }
        self.process = process
        self.port = port
    }

    var uri: String { "http://127.0.0.1:\(port)" }

    func stop() { Self.kill(process) }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    struct Failed: Error, CustomStringConvertible {
        var output: String
        var description: String { "conduit_server.py printed \(output)" }
    }
}
