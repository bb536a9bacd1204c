import TelltaleModel
import TelltaleRunner
import TelltaleServices

/// The test-mode protocol around each test, on the service instances of the
/// test's worker: wait until they are ready, `reset` and `setup` before;
/// after, fail the test if a service crashed under it, else `teardown`.
///
/// A service that cannot get ready again (it crashed under `onCrash: stop`, or
/// its restart failed) stops the run: `beforeTest` throws its error.
/// `RunLifecycle` calls these around each test.
actor ServiceTestHooks {
    private struct Instance {
        var supervisor: ServiceSupervisor
        /// Nil for a service without a test mode, which is only watched for crashes.
        var client: TestModeClient?
    }

    private let instances: [Int: [Instance]]
    /// Each instance's crash count when the worker's current test started.
    private var crashesAtStart: [Int: [Int]] = [:]

    /// Checks the guards again on every instance, now with its real URL and database.
    init(services: RunServices) throws(ServiceError) {
        var instances: [Int: [Instance]] = [:]
        for (worker, supervisors) in services.byWorker {
            instances[worker] = try supervisors.map { (supervisor: ServiceSupervisor) throws(ServiceError) -> Instance in
                Instance(
                    supervisor: supervisor,
                    client: supervisor.spec.testMode == nil ? nil : try TestModeClient(for: supervisor)
                )
            }
        }
        self.instances = instances
    }

    func beforeTest(_ test: TestID, worker: Int) async throws -> String? {
        let own = instances[worker] ?? []
        var counts: [Int] = []
        for instance in own {
            // Restarting after a crash in the previous test, or gone for good (this throws).
            try await instance.supervisor.waitUntilReady()
            counts.append(await instance.supervisor.crashCount)
        }
        crashesAtStart[worker] = counts
        for client in own.compactMap(\.client) {
            do {
                try await client.reset()
                try await client.setup(test: test.description)
            } catch {
                return "the test did not run: \(error.errorDescription ?? "\(error)")"
            }
        }
        return nil
    }

    func afterTest(_ test: TestID, worker: Int) async throws -> [String] {
        let own = instances[worker] ?? []
        let counts = crashesAtStart.removeValue(forKey: worker) ?? []
        var crashes: [String] = []
        for (index, instance) in own.enumerated() where await instance.supervisor.crashCount > counts[safe: index] ?? 0 {
            let crash = await instance.supervisor.lastCrash
            crashes.append(
                "a service crashed during this test: "
                    + (crash?.errorDescription ?? "service `\(instance.supervisor.instanceName)` ended"))
        }
        // A crashed backend lost the test's state; its teardown checks would only fail again.
        guard crashes.isEmpty else { return crashes }
        var failures: [String] = []
        for client in own.compactMap(\.client) {
            do {
                try await client.teardown(test: test.description)
            } catch {
                failures.append(error.errorDescription ?? "\(error)")
            }
        }
        return failures
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
