/// The order to start services in: every service after the ones it depends on.
/// Stop them in reverse.
package enum ServiceStartOrder {
    /// Services grouped in waves: each wave depends only on earlier waves, so a
    /// wave's services can start together. Throws on an unknown name or a cycle
    /// (the plan decoder reports those first, with their place in the file).
    package static func waves(_ specs: [ServiceSpec]) throws(ServiceError) -> [[ServiceSpec]] {
        let names = Set(specs.map(\.name))
        for spec in specs {
            if let unknown = spec.dependsOn.first(where: { !names.contains($0) }) {
                throw .invalidSpec(service: spec.name, reason: "`dependsOn` names `\(unknown)`, which is not a service")
            }
        }
        var started: Set<String> = []
        var remaining = specs
        var waves: [[ServiceSpec]] = []
        while !remaining.isEmpty {
            // Every service whose dependencies have all started.
            let wave = remaining.filter { $0.dependsOn.allSatisfy(started.contains) }
            // Services are left and none can start: they wait on each other, or on one that does.
            guard !wave.isEmpty else {
                let cycle = remaining.map(\.name).sorted().joined(separator: ", ")
                throw .invalidSpec(service: remaining[0].name, reason: "`dependsOn` forms a cycle among \(cycle)")
            }
            waves.append(wave)
            started.formUnion(wave.map(\.name))
            remaining.removeAll { started.contains($0.name) }
        }
        return waves
    }
}
