import Foundation

/// The shard a CI job is, from its CI system's own variables, for `telltale run` without
/// `--shard`: a job in a parallel matrix then runs its part with no flag to write.
///
/// | CI | index | count | index base |
/// |---|---|---|---|
/// | GitLab (`parallel: N`) | `CI_NODE_INDEX` | `CI_NODE_TOTAL` | 1 |
/// | Buildkite (`parallelism: N`) | `BUILDKITE_PARALLEL_JOB` | `BUILDKITE_PARALLEL_JOB_COUNT` | 0 |
/// | CircleCI (`parallelism: N`) | `CIRCLE_NODE_INDEX` | `CIRCLE_NODE_TOTAL` | 0 |
package enum CIShardEnvironment {
    struct System {
        var name: String
        var index: String
        var count: String
        var firstIndex: Int
    }

    static let systems = [
        System(name: "GitLab", index: "CI_NODE_INDEX", count: "CI_NODE_TOTAL", firstIndex: 1),
        System(name: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", count: "BUILDKITE_PARALLEL_JOB_COUNT", firstIndex: 0),
        System(name: "CircleCI", index: "CIRCLE_NODE_INDEX", count: "CIRCLE_NODE_TOTAL", firstIndex: 0),
    ]

    /// Every variable this reads: test harnesses clear them so their runs are not sharded.
    package static var variableNames: [String] { systems.flatMap { [$0.index, $0.count] } }

    package struct Detected: Sendable, Hashable {
        package var shard: Shard
        /// Where it came from, for the console: `GitLab's CI_NODE_INDEX=2 of CI_NODE_TOTAL=4`.
        package var source: String
    }

    package struct InvalidVariables: Error, LocalizedError, Sendable, CustomStringConvertible {
        package var errorDescription: String? { description }
        package var description: String
    }

    /// The first CI system whose two variables are both set; nil when none is, or when its job
    /// count is 1 (one job runs everything). Throws when they are set but make no shard.
    package static func detect(_ environment: [String: String]) throws(InvalidVariables) -> Detected? {
        for system in systems {
            guard let indexText = environment[system.index], let countText = environment[system.count] else { continue }
            guard let index = Int(indexText.trimmingCharacters(in: .whitespaces)), let count = Int(countText.trimmingCharacters(in: .whitespaces)),
                count >= 1,
                let shard = Shard(parsing: "\(index - system.firstIndex + 1)/\(count)")
            else {
                let range = system.firstIndex == 1 ? "1…\(system.count)" : "0…\(system.count)−1"
                throw InvalidVariables(
                    description:
                        "\(system.name)'s \(system.index)=\(indexText) and \(system.count)=\(countText) make no shard (\(system.index) must be a whole number in \(range)); pass --shard I/N to choose one"
                )
            }
            guard count > 1 else { return nil }
            return Detected(shard: shard, source: "\(system.name)'s \(system.index)=\(indexText) of \(system.count)=\(countText)")
        }
        return nil
    }
}
