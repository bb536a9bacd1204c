import ArgumentParser
import Foundation
import TelltaleCapture
import TelltaleModel
import TelltaleOrchestrator

/// `telltale capture`: the standalone capture server. Parsing only; the server is TelltaleCapture's.
struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Run the event capture server until SIGINT or SIGTERM.",
        discussion: """
            The first line on stdout is `capture listening on http://HOST:PORT`. Every accepted \
            event is appended to --out as one JSON line before it is acknowledged, and shown on \
            stderr. Routes and the control API are described in Docs/Capture.md.
            """
    )

    @Option(help: "Address to listen on. Anything but loopback needs --allow-remote.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one (the first stdout line names it).")
    var port = 0

    @Option(
        name: .customLong("out"),
        help: "JSONL file every accepted event is appended to (default: $TELLTALE_RUN_DIR/events.jsonl, or a new temporary file).")
    var output: String?

    @Option(help: "A tracking-plan catalog. Only checked to exist here: the verification step (telltale run) checks events against it.")
    var catalog: String?

    @Option(name: .customLong("max-body-size"), help: "Largest request body in bytes, after decompression.")
    var maxBodySize = CaptureConfiguration.defaultMaxBodySize

    @Flag(name: .customLong("allow-remote"), help: "Allow a --host other than loopback: events may hold personal data.")
    var allowRemote = false

    @Flag(name: .customLong("quiet"), help: "Do not print a line per event on stderr.")
    var quiet = false

    func validate() throws {
        if let catalog, !FileManager.default.fileExists(atPath: catalog) {
            throw ValidationError("--catalog \(catalog): no such file")
        }
        if !(0...65535).contains(port) { throw ValidationError("--port must be 0...65535") }
        if maxBodySize < 1 { throw ValidationError("--max-body-size must be positive") }
        if !allowRemote && !CaptureConfiguration.isLoopback(host) {
            throw ValidationError("--host \(host) is not loopback; add --allow-remote to listen there")
        }
    }

    func run() async throws {
        let logPath = output ?? Self.defaultLogPath()
        let configuration = CaptureConfiguration(host: host, port: port, maxBodySize: maxBodySize, logPath: logPath, allowRemote: allowRemote)
        let observer: EventStore.Observer? = quiet ? nil : Self.printEvents
        do {
            try await CaptureRunner.run(configuration: configuration, observer: observer) { address in
                // Written straight to the descriptor: a parent reading a pipe must see it at once.
                FileHandle.standardOutput.write(Data("capture listening on \(address)\n".utf8))
                Console.diagnostics("events are appended to \(logPath)")
            }
        } catch {
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.infrastructure)
        }
    }

    @Sendable private static func printEvents(_ events: [Event]) {
        let text = events.map(EventConsoleLine.line).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    private static func defaultLogPath() -> String {
        if let runDirectory = ProcessInfo.processInfo.environment[TelltaleEnvironment.runDirectory], !runDirectory.isEmpty {
            return URL(fileURLWithPath: runDirectory).appendingPathComponent("events.jsonl").path
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("telltale-capture-\(UUID().uuidString)/events.jsonl").path
    }
}
