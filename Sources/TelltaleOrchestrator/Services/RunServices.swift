import Foundation
import ServiceLifecycle
import TelltaleModel
import TelltaleServices

/// Every service instance one run needs: one per `scope: run` service, one per
/// worker for each `scope: worker` service. Instances start in dependency order
/// under one `ServiceGroup`, which stops them in reverse when tests are done.
struct RunServices: Sendable {
    /// Every instance, in start order.
    let instances: [ServiceSupervisor]
    /// For each worker, the instances its tests use (run-scoped and its own), in start order.
    let byWorker: [Int: [ServiceSupervisor]]

    /// Waves of specs, each depending only on earlier ones. Throws for unknown names and cycles.
    static func startOrder(_ specs: [ServiceSpec]) throws(ServiceError) -> [ServiceSpec] {
        try ServiceStartOrder.waves(specs).flatMap { $0 }
    }

    /// The guards, checked before anything is built or started, with placeholders filled in as
    /// worker 1's instance would see them (a worker number never decides a `_test` suffix alone:
    /// `shop_{worker}` fails for every worker, `shop_{worker}_test` passes for every one).
    static func checkGuards(_ specs: [ServiceSpec], runDirectory: String) throws(ServiceError) {
        let urls = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, "http://\($0.host):0") })
        for spec in specs {
            let port: Int? = if case .fixed(let number) = spec.port { number } else { 0 }
            let resolver = PlaceholderResolver(
                service: spec.name, port: port, runDirectory: runDirectory,
                worker: spec.scope == .worker ? 1 : nil, serviceURLs: urls
            )
            let database = try spec.database.map { (value: String) throws(ServiceError) -> String in try resolver.resolve(value) }
            try ServiceGuards.check(
                service: spec.name, url: URL(string: "http://\(spec.host)"),
                database: database, allowNonTestDatabase: spec.allowNonTestDatabase
            )
        }
    }

    /// Creates (but does not start) the instances of `specs`, which are in start order.
    init(specs: [ServiceSpec], workers: Int, runDirectory: String, logDirectory: String) throws(ServiceError) {
        var instances: [ServiceSupervisor] = []
        var byWorker: [Int: [ServiceSupervisor]] = [:]
        // Instances by service name, then by worker (nil for run-scoped), to wire dependencies and URLs.
        var started: [String: [Int?: ServiceSupervisor]] = [:]
        for spec in specs {
            let workerList: [Int?] = spec.scope == .worker ? (1...workers).map { $0 } : [nil]
            for worker in workerList {
                let dependencies = spec.dependsOn.compactMap { name in started[name]?[worker] ?? started[name]?[nil] }
                let urls = Dictionary(
                    uniqueKeysWithValues: zip(spec.dependsOn, dependencies).compactMap { name, instance in
                        instance.url.map { (name, $0.absoluteString) }
                    })
                let context = ServiceContext(
                    runDirectory: runDirectory, logDirectory: logDirectory, worker: worker, serviceURLs: urls
                )
                let instance = try ServiceSupervisor(spec: spec, context: context, dependencies: dependencies)
                instances.append(instance)
                started[spec.name, default: [:]][worker] = instance
                for served in worker.map({ [$0] }) ?? Array(1...workers) {
                    byWorker[served, default: []].append(instance)
                }
            }
        }
        self.instances = instances
        self.byWorker = byWorker
    }

    /// `TELLTALE_SERVICE_<NAME>_URL` for each service, pointing at the instance that serves `worker`.
    func environment(worker: Int) -> [String: String] {
        var environment: [String: String] = [:]
        for instance in byWorker[worker] ?? [] {
            if let url = instance.url {
                environment[TelltaleEnvironment.serviceURL(instance.spec.name)] = url.absoluteString
            }
        }
        return environment
    }

    /// Starts every instance, waits until all are ready, runs `body`, then stops them in
    /// reverse order. A service that cannot get ready throws before `body` runs; a service
    /// that fails while `body` runs is returned beside its result, so what ran is kept.
    func run<T: Sendable>(
        _ body: @Sendable () async throws -> T
    ) async throws -> (result: T, failure: ServiceError?) {
        let group = ServiceGroup.quiet(instances, label: "telltale.services")
        let (result, groupError) = await group.running {
            for instance in instances { try await instance.waitUntilReady() }
            return try await body()
        }
        let failure = groupError as? ServiceError
        switch result {
        case .success(let value):
            return (value, failure)
        case .failure(let error as ServiceError):
            // The group's own error says why (a crash, with its output), where waiting
            // or a test's lifecycle may only have seen that a service stopped.
            throw failure ?? error
        case .failure(let error):
            throw error
        }
    }
}
