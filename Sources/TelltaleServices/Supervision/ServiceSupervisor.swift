import Foundation
import ServiceLifecycle
import TelltaleProcesses

/// Runs one instance of a service for as long as the run needs it: starts the
/// process, waits until it is ready, notices at once when it exits, restarts it
/// or fails as its spec says, and stops its whole process group at the end.
///
/// `run()` (the `Service` requirement) owns the process; run it in a task
/// group or a `ServiceGroup`, then `waitUntilReady()` before starting tests.
/// Cancelling `run()`, or a graceful shutdown of its group, stops the service:
/// SIGTERM to its process group, the spec's grace period, then SIGKILL.
package actor ServiceSupervisor: Service {
    package nonisolated let spec: ServiceSpec
    package nonisolated let context: ServiceContext
    /// `backend`, or `backend-2` for worker 2's instance of a worker-scoped service.
    package nonisolated let instanceName: String
    /// Picked once for `port: auto` and kept across restarts, so `url` stays right; nil for `port: none`.
    package nonisolated let port: Int?
    /// `http://127.0.0.1:PORT`, given to tests as `TELLTALE_SERVICE_<NAME>_URL`; nil without a port.
    package nonisolated let url: URL?
    /// `<logDirectory>/<instanceName>.log`: every output line with a timestamp.
    package nonisolated let logPath: String
    /// The spec's database with placeholders filled in, for the `_test` guard.
    package nonisolated let database: String?
    /// Every readiness, crash and restart, in order; finished when `run()` returns.
    package nonisolated let events: AsyncStream<ServiceEvent>

    /// Instances that must be ready before this one starts (its spec's `dependsOn`).
    package nonisolated let dependencies: [ServiceSupervisor]

    private nonisolated let eventSink: AsyncStream<ServiceEvent>.Continuation
    /// The resolved command, environment and folder: the same for every restart.
    private nonisolated let launch: ServiceLaunch
    /// The log and the last lines, shared by every generation of the process.
    private nonisolated let output: ServiceOutput

    /// Where the current instance is; `failed` and `stopped` are final.
    private enum Phase {
        case idle, starting, ready
        case failed(ServiceError)
        case stopped
    }

    private var phase = Phase.idle
    /// Callers of `waitUntilReady()`, resumed together when the instance is ready or the service fails.
    private var readyWaiters: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var nextWaiterID = 0
    /// Set while a process runs: `restart()` yields here, and `runInstance` stops the process.
    private var restartRequests: AsyncStream<Void>.Continuation?

    /// Starts so far, from 1; a test can compare it before and after to see a restart.
    package private(set) var generation = 0
    /// The current process, while one runs.
    package private(set) var pid: Int32?
    /// How the last process ended; nil while the first still runs.
    package private(set) var exitStatus: ProcessExit?
    /// The last crash, with the output lines that led to it.
    package private(set) var lastCrash: ServiceError?
    /// Crashes so far; a test compares it before and after to learn that the service crashed under it.
    package private(set) var crashCount = 0

    /// Picks the port and fills in placeholders; nothing starts until `run()`.
    /// `dependencies` are the instances this one's `dependsOn` names: `run()` waits until they are ready.
    package init(spec: ServiceSpec, context: ServiceContext, dependencies: [ServiceSupervisor] = []) throws(ServiceError) {
        guard let first = spec.command.first, !first.isEmpty else {
            throw .invalidSpec(service: spec.name, reason: "`command` is empty")
        }
        if case .log(let pattern) = spec.readiness.probe, (try? Regex(pattern)) == nil {
            throw .invalidSpec(service: spec.name, reason: "'\(pattern)' is not a valid regular expression")
        }
        let port: Int?
        switch spec.port {
        case .auto:
            do { port = try FreePort.pick() } catch { throw .noFreePort(service: spec.name, reason: error.description) }
        case .fixed(let number): port = number
        case .none: port = nil
        }
        let resolver = PlaceholderResolver(
            service: spec.name, port: port, runDirectory: context.runDirectory,
            worker: context.worker, serviceURLs: context.serviceURLs
        )
        var environment: [String: String] = [:]
        for (key, value) in spec.environment { environment[key] = try resolver.resolve(value) }
        // After the spec's own variables: `PORT` is always the port picked.
        if let port { environment["PORT"] = String(port) }
        var arguments: [String] = []
        for argument in spec.command.dropFirst() { arguments.append(try resolver.resolve(argument)) }
        let workingDirectory = try spec.workingDirectory.map { (path: String) throws(ServiceError) -> String in
            Self.absolute(try resolver.resolve(path), base: context.baseDirectory)
        }
        let executable = try resolver.resolve(first)

        self.spec = spec
        self.context = context
        self.dependencies = dependencies
        self.port = port
        self.instanceName = spec.instanceName(worker: context.worker)
        self.url = port.flatMap { URL(string: "http://\(spec.host):\($0)") }
        self.database = try spec.database.map { (value: String) throws(ServiceError) -> String in try resolver.resolve(value) }
        self.logPath = (Self.absolute(context.logDirectory, base: context.baseDirectory) as NSString)
            .appendingPathComponent("\(instanceName).log")
        self.launch = ServiceLaunch(
            service: spec.name,
            // Relative paths are the plan's, so relative to Telltale's folder even with `cwd`.
            executable: executable.contains("/") ? Self.absolute(executable, base: context.baseDirectory) : executable,
            arguments: arguments, environment: environment,
            workingDirectory: workingDirectory, gracePeriod: spec.gracePeriod
        )
        do {
            output = try ServiceOutput(path: logPath)
        } catch {
            throw .logUnwritable(service: spec.name, path: logPath, reason: error.description)
        }
        (events, eventSink) = AsyncStream.makeStream(of: ServiceEvent.self)
    }

    /// The command line, for messages.
    package nonisolated var commandLine: String { launch.commandLine }

    /// The last lines the service wrote (at most 40), oldest first.
    package func lastLines() async -> [String] { await output.lastLines() }

    // MARK: - Running

    /// Runs the service until cancelled or gracefully shut down (then returns),
    /// or until it fails: never ready, exits before ready, or crashes under `onCrash: stop` (then throws).
    package func run() async throws {
        defer { eventSink.finish() }
        do {
            try await cancelWhenGracefulShutdown {
                for dependency in self.dependencies { try await dependency.waitUntilReady() }
                try await self.supervise()
            }
        } catch let error as ServiceError {
            // Also a dependency's failure: this instance then never starts, and its waiters learn why.
            if case .failed = phase {} else { settle(.failed(error)) }
            throw error
        } catch {
            settle(.stopped)
            if Task.isCancelled || error is CancellationError { return }
            throw error
        }
        // Shut down before it ever started (a graceful shutdown while waiting for a dependency).
        if case .idle = phase { settle(.stopped) }
    }

    /// Returns once the current instance is ready; throws if it cannot get ready or the service stopped.
    package func waitUntilReady() async throws {
        switch phase {
        case .ready: return
        case .failed(let error): throw error
        case .stopped: throw ServiceError.stopped(service: instanceName)
        case .idle, .starting: break
        }
        try Task.checkCancellation()
        let id = nextWaiterID
        nextWaiterID += 1
        // The handler cannot touch the actor synchronously; the hop it makes is short and
        // finds the waiter registered, since registering happens before the first suspension.
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { readyWaiters[id] = $0 }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        readyWaiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    /// Stops the current process (SIGTERM, grace period, SIGKILL), starts a new one and waits until it is ready.
    package func restart() async throws {
        guard let restartRequests else { throw ServiceError.stopped(service: instanceName) }
        phase = .starting
        restartRequests.yield()
        try await waitUntilReady()
    }

    private enum Outcome {
        case stopped, restartRequested
        case crashed(ServiceError)
    }

    private func supervise() async throws {
        while true {
            // One pass, one process: a crash under `onCrash: restart`, or a restart request, starts the next.
            generation += 1
            let outcome: Outcome
            do {
                outcome = try await runInstance(generation: generation)
            } catch let error as ServiceError {
                settle(.failed(error))
                throw error
            }
            switch outcome {
            case .stopped:
                settle(.stopped)
                return
            case .restartRequested:
                eventSink.yield(.restarting(generation: generation + 1))
            case .crashed(let error):
                lastCrash = error
                crashCount += 1
                eventSink.yield(.crashed(generation: generation, error))
                guard spec.onCrash == .restart else {
                    settle(.failed(error))
                    throw error
                }
                phase = .starting
                eventSink.yield(.restarting(generation: generation + 1))
            }
        }
    }

    private enum Signal: Sendable {
        case ready
        case exited(ProcessExit)
        case restartRequested, nothing
    }

    private func runInstance(generation: Int) async throws -> Outcome {
        phase = .starting
        pid = nil
        let output = self.output
        let launch = self.launch
        // A new generation's errors quote its own lines, and its log match must be its own.
        await output.startInstance()
        if case .log(let pattern) = spec.readiness.probe { try await output.watch(for: pattern) }
        let probe = ReadinessProbe(
            check: spec.readiness, host: spec.host, port: port, output: output, matchesSeen: output.matches.count
        )
        // Several requests before the instance sees one are one restart.
        let (requests, requestSink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        restartRequests = requestSink
        defer { restartRequests = nil }
        // Readiness is probed once the process runs: a port something else answers on (a
        // port taken between `FreePort.pick` and the service's bind) must not make a service
        // that has not even started ready.
        let (launched, launchedSink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let started = ContinuousClock.now
        await output.note("starting: \(launch.commandLine)")
        do {
            return try await withThrowingTaskGroup(of: Signal.self) { group in
                group.addTask {
                    .exited(
                        try await launch.run(output: output) { pid in
                            await self.started(pid: pid)
                            launchedSink.yield()
                        })
                }
                group.addTask {
                    for await _ in launched { break }
                    try Task.checkCancellation()
                    try await probe.wait()
                    return .ready
                }
                group.addTask {
                    for await _ in requests { return .restartRequested }
                    return .nothing
                }
                var ready = false
                while let signal = try await group.next() {
                    switch signal {
                    case .nothing:
                        continue
                    case .ready:
                        ready = true
                        await markReady(generation: generation, startup: ContinuousClock.now - started)
                    case .restartRequested:
                        // Leaving the group cancels the process task, which stops the process and waits for it.
                        group.cancelAll()
                        return .restartRequested
                    case .exited(let exit):
                        group.cancelAll()
                        exitStatus = exit
                        pid = nil
                        // The run is being cancelled: the exit is the shutdown's, not a crash.
                        if Task.isCancelled { return .stopped }
                        await output.note("ended with \(exit)")
                        let lines = await output.lastLines()
                        // Never ready: a start that failed, which no restart policy retries.
                        guard ready else {
                            throw ServiceError.exitedBeforeReady(
                                service: instanceName, command: launch.commandLine, exit: exit, lastLines: lines
                            )
                        }
                        return .crashed(
                            .crashed(
                                service: instanceName, command: launch.commandLine, exit: exit, lastLines: lines
                            ))
                    }
                }
                return .stopped
            }
        } catch is ReadinessProbe.TimedOut {
            // The group has stopped the process by now, so these are its very last lines.
            await output.note("not ready after \(spec.readiness.timeout.secondsText); stopped")
            throw ServiceError.notReady(
                service: instanceName, command: launch.commandLine, check: spec.readiness.summary,
                timeout: spec.readiness.timeout, lastLines: await output.lastLines()
            )
        } catch is CancellationError {
            return .stopped
        }
    }

    private func started(pid: Int32) async {
        self.pid = pid
        await output.note("started pid \(pid)")
    }

    private func markReady(generation: Int, startup: Duration) async {
        phase = .ready
        await output.note("ready after \(startup.secondsText)")
        eventSink.yield(.ready(generation: generation, pid: pid ?? 0, startup: startup))
        let waiters = readyWaiters.values
        readyWaiters = [:]
        for waiter in waiters { waiter.resume() }
    }

    /// Ends waiting for readiness: the service failed or stopped.
    private func settle(_ final: Phase) {
        phase = final
        let error: ServiceError = if case .failed(let failure) = final { failure } else { .stopped(service: instanceName) }
        let waiters = readyWaiters.values
        readyWaiters = [:]
        for waiter in waiters { waiter.resume(throwing: error) }
    }

    static func absolute(_ path: String, base: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: base).appendingPathComponent(path).standardizedFileURL.path
    }
}
