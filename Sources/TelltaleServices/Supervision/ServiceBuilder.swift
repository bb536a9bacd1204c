import Foundation

/// Runs a service's `build` step once, before any instance starts (so
/// worker-scoped services build once, not once per worker). Its output goes to
/// `<logDirectory>/<service>-build.log`.
package enum ServiceBuilder {
    package static func build(_ spec: ServiceSpec, context: ServiceContext) async throws {
        guard let build = spec.build, let first = build.first else { return }
        let directory = ServiceSupervisor.absolute(context.logDirectory, base: context.baseDirectory)
        let path = (directory as NSString).appendingPathComponent("\(spec.name)-build.log")
        // A log of its own, so the build's lines never mix with the service's.
        let output: ServiceOutput
        do {
            output = try ServiceOutput(path: path)
        } catch {
            throw ServiceError.logUnwritable(service: spec.name, path: path, reason: error.description)
        }
        // No extra variables: a build has no port or worker, and the spec's `env` may hold placeholders
        // that only an instance can fill in.
        let launch = ServiceLaunch(
            service: spec.name,
            executable: first.contains("/") ? ServiceSupervisor.absolute(first, base: context.baseDirectory) : first,
            arguments: Array(build.dropFirst()), environment: [:],
            workingDirectory: spec.workingDirectory.map { ServiceSupervisor.absolute($0, base: context.baseDirectory) },
            gracePeriod: spec.gracePeriod
        )
        await output.note("building: \(launch.commandLine)")
        let exit = try await launch.run(output: output) { _ in }
        guard exit == .exited(0) else {
            throw ServiceError.buildFailed(
                service: spec.name, command: launch.commandLine, exit: exit, lastLines: await output.lastLines()
            )
        }
    }
}
