import Foundation
import Synchronization

/// The test cluster's server (`postgres`, the postmaster), a child of the test process.
///
/// Linux's parent-death signal is tied to the thread that forks: the server is spawned by a
/// thread of its own, which then reads the server's log until the server exits, so the thread
/// lives exactly as long as the server and the signal fires only when the test process dies.
/// Readiness is the server's own line, "database system is ready to accept connections", read
/// as it is written: nothing polls.
enum PostgresServerProcess {
    enum Start: Sendable {
        case ready
        /// The server exited before it was ready; its log says why.
        case failed(String)
    }

    static let readyLine = "database system is ready to accept connections"

    static func start(binaries: String, folder: String, port: Int, owner: String?) async throws -> Start {
        let arguments = [
            "-D", "\(folder)/data", "-p", String(port), "-h", "127.0.0.1", "-k", "\(folder)/socket",
            "-c", "ssl=on", "-c", "ssl_cert_file=server.crt", "-c", "ssl_key_file=server.key",
            // A throwaway cluster: speed over durability, and room for many test processes' pools.
            "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300",
        ]
        var (executable, all) = PostgresCluster.Running.command("\(binaries)/postgres", arguments, as: owner)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            if executable == "/usr/bin/setpriv" {
                all.insert(contentsOf: ["--pdeathsig", "KILL"], at: 0)
            } else {
                (executable, all) = ("/usr/bin/setpriv", ["--pdeathsig", "KILL", "--", executable] + all)
            }
        }
        let command = (executable, all)
        return await withCheckedContinuation { continuation in
            let thread = Thread { serve(command, folder: folder, then: continuation) }
            thread.name = "telltale-test-postgres"
            thread.start()
        }
    }

    private static func serve(_ command: (String, [String]), folder: String, then continuation: CheckedContinuation<Start, Never>) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.0)
        process.arguments = command.1
        process.standardOutput = FileHandle.nullDevice
        let log = Pipe()
        process.standardError = log
        do {
            try process.run()
        } catch {
            continuation.resume(returning: .failed("\(command.0): \(error)"))
            return
        }
        var text = ""
        let reader = log.fileHandleForReading
        while !text.contains(readyLine) {
            let data = reader.availableData
            if data.isEmpty {
                process.waitUntilExit()
                continuation.resume(returning: .failed(text))
                return
            }
            text += String(decoding: data, as: UTF8.self)
        }
        Stopping.register(process, folder: folder)
        continuation.resume(returning: .ready)
        // Until the server exits, its log goes to a file in the folder, for a test that needs to know why.
        FileManager.default.createFile(atPath: "\(folder)/postgres.log", contents: Data(text.utf8))
        let file = FileHandle(forWritingAtPath: "\(folder)/postgres.log")
        _ = try? file?.seekToEnd()
        while true {
            let data = reader.availableData
            if data.isEmpty { break }
            try? file?.write(contentsOf: data)
        }
        try? file?.close()
    }

    /// Stops the servers (fast shutdown, SIGINT) and removes their folders when the test
    /// process exits normally; the parent-death signal covers every other end.
    enum Stopping {
        private static let servers = Mutex<[(process: Process, folder: String)]>([])

        static func register(_ process: Process, folder: String) {
            let first = servers.withLock { servers in
                servers.append((process, folder))
                return servers.count == 1
            }
            if first { atexit { Stopping.stopAll() } }
        }

        static func stopAll() {
            for (process, folder) in servers.withLock({ $0 }) {
                process.interrupt()
                let deadline = Date().addingTimeInterval(10)
                while process.isRunning, Date() < deadline { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
    }
}
