extension ServiceSupervisor {
    /// Starts the service, waits until it is ready, runs `body`, and stops the
    /// service (waiting for its process group to end) before returning.
    ///
    /// For tests and simple callers; the orchestrator runs supervisors in its `ServiceGroup` instead.
    package static func withRunning<T: Sendable>(
        _ spec: ServiceSpec, context: ServiceContext,
        _ body: (ServiceSupervisor) async throws -> T
    ) async throws -> T {
        let supervisor = try ServiceSupervisor(spec: spec, context: context)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor.run() }
            do {
                try await supervisor.waitUntilReady()
            } catch {
                // run() failed with the same error; rethrow that one, with its output lines.
                group.cancelAll()
                while !group.isEmpty { try await group.next() }
                throw error
            }
            let result = try await body(supervisor)
            group.cancelAll()
            try await group.waitForAll()
            return result
        }
    }
}
