import ArgumentParser
import Foundation
import TelltaleCapture
import TelltaleModel
import TelltaleOrchestrator
import TelltalePlan
import TelltaleVerify

/// `telltale capture`: the standalone capture server. Parsing only; the server is TelltaleCapture's.
struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Run the event capture server until SIGINT or SIGTERM.",
        discussion: """
            The first line on stdout is `capture listening on http://HOST:PORT`; the live \
            inspector is at http://HOST:PORT/_telltale/ui. Every accepted event is appended to \
            --out as one JSON line before it is acknowledged, and shown on stderr.

            Durability: by default an event is acknowledged once write(2) has handed its line to \
            the kernel, so it survives a kill -9 of this process (not a power loss). --sync also \
            fdatasyncs it first (in groups), so it survives a power loss, at a cost in throughput.

            Beyond loopback (--host other than 127.0.0.1/::1, with --allow-remote) the inspector, \
            its stream and the control API need an access token (--token, $TELLTALE_CAPTURE_TOKEN, \
            or one made up and printed on start); the capture routes stay open to SDKs.

            Exit status: 0 after SIGINT or SIGTERM; 1 with --fail-on-violation when an event broke \
            the tracking plan; 3 when the server could not start. Routes: Docs/Capture.md.
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

    @Option(
        help: """
            A tracking plan: the catalog YAML, a JSON Schema file or folder, or an Iglu folder. Every event is checked \
            against it as it arrives, marked ✓ or ✗ with its violations.
            """)
    var catalog: String?

    @Flag(name: .customLong("fail-on-violation"), help: "Exit 1 at shutdown if any event broke the --catalog tracking plan.")
    var failOnViolation = false

    @Flag(help: "fdatasync each event (in groups) before acknowledging it: survives a power loss, not only kill -9.")
    var sync = false

    @Option(
        name: .customLong("max-events"),
        help: "Keep the newest N events in memory for queries, waits and the inspector (0: all). Every event stays in --out.")
    var maxEvents = Self.defaultMaxEvents

    /// A million events take about the memory stated in Docs/Capture.md, whatever the session's length.
    static let defaultMaxEvents = 1_000_000

    @Option(name: .customLong("max-body-size"), help: "Largest request body in bytes, after decompression.")
    var maxBodySize = CaptureConfiguration.defaultMaxBodySize

    @Flag(name: .customLong("allow-remote"), help: "Allow a --host other than loopback: events may hold personal data.")
    var allowRemote = false

    @Option(
        help: ArgumentHelp(
            "Access token the inspector, its stream and the control API ask for (default: $TELLTALE_CAPTURE_TOKEN). "
                + "Beyond loopback one is always asked: without this, a new one is printed on start. Capture routes never ask.",
            valueName: "TOKEN"))
    var token: String?

    @Flag(name: .customLong("quiet"), help: "Do not print a line per event on stderr.")
    var quiet = false

    /// Refuses, before the server starts, what it would refuse later or do unsafely: a missing
    /// tracking plan, a host beyond loopback without `--allow-remote`, a token that is too short or
    /// holds characters a cookie or a URL cannot carry (`CaptureConfiguration.tokenProblem`).
    func validate() throws {
        // Only that it is there: `run()` reads the plan and prints its problems as `file:line:column` lines.
        if let catalog, !FileManager.default.fileExists(atPath: catalog) {
            throw ValidationError("--catalog \(catalog): no such file or folder")
        }
        if failOnViolation && catalog == nil { throw ValidationError("--fail-on-violation needs --catalog") }
        if maxEvents < 0 { throw ValidationError("--max-events must be 0 (all) or more") }
        if !(0...65535).contains(port) { throw ValidationError("--port must be 0...65535") }
        if maxBodySize < 1 { throw ValidationError("--max-body-size must be positive") }
        if !allowRemote && !CaptureConfiguration.isLoopback(host) {
            throw ValidationError("--host \(host) is not loopback; add --allow-remote to listen there")
        }
        // Checked on loopback too, where no token is required: one given is asked for all the same.
        if let given = givenToken, let problem = CaptureConfiguration.tokenProblem(given.token) {
            throw ValidationError("\(given.origin) \(problem)")
        }
    }

    /// `--token`, else the environment's, with where it came from.
    private var givenToken: (token: String, origin: String)? {
        if let token { return (token, "--token") }
        let variable = TelltaleEnvironment.captureToken
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else { return nil }
        return (value, "$\(variable)")
    }

    /// Serves until SIGINT or SIGTERM (`CaptureRunner.run` returns then, with the server's store),
    /// then says how many events broke the tracking plan.
    func run() async throws {
        let logPath = output ?? Self.defaultLogPath()
        // Loopback asks for no token unless one is given; beyond it, one is made up if need be.
        let madeUpToken = givenToken == nil && !CaptureConfiguration.isLoopback(host) ? CaptureConfiguration.newAccessToken() : nil
        let accessToken = givenToken?.token ?? madeUpToken
        // `CaptureConfiguration` checks again and fails closed: beyond loopback without a token, the
        // server does not start.
        let configuration = CaptureConfiguration(
            host: host, port: port, maxBodySize: maxBodySize, logPath: logPath, allowRemote: allowRemote, synchronous: sync,
            // `--max-events 0` is nil here: no limit.
            maxEvents: maxEvents == 0 ? nil : maxEvents, accessToken: accessToken)
        // Loaded and compiled before the server starts: a bad tracking plan is exit 2, and no event
        // is ever accepted unchecked.
        let trackingPlan: TrackingPlanCheck?
        do {
            trackingPlan = try catalog.map { path in try TrackingPlanCheck(catalog: try CatalogLoader().load(path: path)) }
        } catch let error as PlanError {
            // Each problem is already a `file:line:column: error: …` line.
            Console.diagnostics(error.errorDescription ?? "\(error)")
            throw ExitCode(TelltaleExitCode.usage)
        } catch {
            // The plan read but could not be compiled into checks (`TrackingPlanCheck`'s `VerificationError`).
            Console.error("--catalog \(catalog ?? ""): \(error)")
            throw ExitCode(TelltaleExitCode.usage)
        }
        // Called with each batch once it is durable, outside the store's lock (`EventStore.Observer`).
        let observer: EventStore.Observer? = quiet ? nil : Self.printEvents
        let store: EventStore
        do {
            // Called once the server listens, with the port `--port 0` was given.
            let announce: @Sendable (CaptureAddress) -> Void = { address in
                // Written straight to the descriptor: a parent reading a pipe must see it at once.
                FileHandle.standardOutput.write(Data("capture listening on \(address)\n".utf8))
                if let madeUpToken {
                    // Printed this once only: the URL takes the inspector in, and its cookie keeps it in.
                    Console.diagnostics("access token (inspector, control API): \(madeUpToken); capture routes need none")
                    Console.diagnostics("inspector: \(address)/_telltale/ui?token=\(madeUpToken)")
                } else if accessToken != nil {
                    Console.diagnostics("inspector: \(address)/_telltale/ui?token=TOKEN, with the access token given; capture routes need none")
                } else {
                    Console.diagnostics("inspector: \(address)/_telltale/ui")
                }
                Console.diagnostics("events are appended to \(logPath)\(sync ? " (fdatasync before each acknowledgement)" : "")")
            }
            store = try await CaptureRunner.run(
                configuration: configuration, observer: observer, trackingPlan: trackingPlan, onNote: { Console.diagnostics($0) },
                announce: announce
            )
        } catch {
            // The server could not start, or stopped with an error: exit 3.
            Console.error(error.localizedDescription)
            throw ExitCode(TelltaleExitCode.infrastructure)
        }
        let violating = store.violatingEventCount
        if trackingPlan != nil {
            Console.diagnostics("\(violating) event\(violating == 1 ? "" : "s") broke the tracking plan")
        }
        // Judged once the server has stopped: every event accepted is in the count.
        if failOnViolation && violating > 0 { throw ExitCode(TelltaleExitCode.testsFailed) }
    }

    /// The store's observer: a line per accepted event on stderr (`EventConsoleLine`), ✓ or ✗ with
    /// its violations when a tracking plan checks them; a batch goes in one write, so the lines of
    /// two batches never interleave.
    @Sendable private static func printEvents(_ events: [Event], _ checks: [[CatalogViolation]]?) {
        let lines = events.indices.map { EventConsoleLine.line(events[$0], violations: checks?[$0]) }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Beside a run's other files when `telltale run` started this process (it sets
    /// `TELLTALE_RUN_DIR` for what it starts), else in a new temporary folder.
    private static func defaultLogPath() -> String {
        if let runDirectory = ProcessInfo.processInfo.environment[TelltaleEnvironment.runDirectory], !runDirectory.isEmpty {
            return URL(fileURLWithPath: runDirectory).appendingPathComponent("events.jsonl").path
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("telltale-capture-\(UUID().uuidString)/events.jsonl").path
    }
}
