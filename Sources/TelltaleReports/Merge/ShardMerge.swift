import Foundation
import TelltaleModel
import TelltaleRecord

/// `telltale merge`: a run's CI shards made one run, as if one machine had run it all. Each step
/// of merging lives here: the records (`records`), and from the shards' report folders their
/// attachments and their line coverage (`merge(_:into:)`). What a coverage run merges within
/// itself, the raw profiles of its test processes, is `ProfileMerge` (TelltaleCoverage).
package enum ShardMerge {
    /// Why the records are not the shards of one run, each given once.
    package enum MergeError: Error, LocalizedError, Equatable {
        case nothingToMerge
        /// `found`: the shard indices given (from 1); `count`: how many the run was split into.
        case missingShards(found: [Int], count: Int)
        /// Records of runs split different ways (`--shard 1/3` beside `2/4`).
        case mixedShardCounts([Int])
        /// A test id in two records: a shard given twice, or records of different runs.
        case duplicateTest(String)

        package var errorDescription: String? {
            switch self {
            case .nothingToMerge:
                "no run records to merge"
            case .missingShards(let found, let count):
                "shards \(Set(1...count).subtracting(found).sorted().map { "\($0)/\(count)" }.joined(separator: ", ")) are missing: their tests would be silently absent; pass every shard's report folder"
            case .mixedShardCounts(let counts):
                "the records come from runs split \(counts.map(String.init).joined(separator: " and ")) ways; merge the shards of one run"
            case .duplicateTest(let id):
                "\(id) is in more than one record; merge the shards of one run, each once"
            }
        }
    }

    /// The shards' records as one, through the one record builder: every shard present once,
    /// each test in one shard only, each shard's source paths moved under `packageRoot` (this
    /// checkout's package folder; nil keeps them). Each shard judged its own tests by the plan
    /// already; the builder's steps find nothing more to rule on them but paths.
    package static func records(_ records: [RunRecord], packageRoot: String? = nil) throws(MergeError) -> RunRecord {
        guard let first = records.first else { throw .nothingToMerge }
        let counts = Set(records.compactMap(\.shard?.count))
        if counts.count > 1 { throw .mixedShardCounts(counts.sorted()) }
        if let count = counts.first {
            let found = records.compactMap(\.shard?.index)
            if Set(found).count != count || records.count != count { throw .missingShards(found: found.sorted(), count: count) }
        }
        var seen: Set<TestID> = []
        for test in records.flatMap(\.tests) where !seen.insert(test.id).inserted {
            throw .duplicateTest(test.id.rawValue)
        }
        // The merged run spans the shards' wall-clock time: the first start to the last end.
        let start = records.map(\.startedAt).min()!
        let end = records.map { $0.startedAt.addingTimeInterval($0.duration) }.max()!
        let ordered = records.sorted { ($0.shard?.index ?? 0) < ($1.shard?.index ?? 0) }
        // Each test keeps its own seed and process (`TestPlacement`); the run's order is the
        // shards' when they agree, else the first's, with a note naming each.
        let orders = ordered.compactMap(\.order)
        var orderNotes: [String] = []
        if Set(orders).count > 1 {
            let each = ordered.map {
                "shard \($0.shard?.description ?? "?"): seed \($0.order?.seed.map(String.init) ?? "none"), \($0.order?.repetitions ?? 1) repetition(s)"
            }
            orderNotes.append("the shards ran in different orders: " + each.joined(separator: "; "))
        }
        let raw = RawRun(
            results: ordered.flatMap(\.tests),
            events: ordered.flatMap(\.events).sorted { $0.receivedAt < $1.receivedAt },
            notes: ordered.flatMap { record in record.notes.map { note in record.shard.map { "shard \($0): \(note)" } ?? note } }
                + orderNotes)
        // Each shard's checkout may sit at its own path; the builder moves their paths to this one.
        var rawRun = raw
        rawRun.otherRoots = ordered.compactMap(\.environment.packageRoot)
        var environment = first.environment
        if let packageRoot { environment.packageRoot = packageRoot }
        let context = RecordContext(
            toolVersion: first.tool.version, plan: first.plan, environment: environment, startedAt: start,
            duration: end.timeIntervalSince(start), order: orders.first)
        var merged = RunRecordBuilder.build(rawRun, rules: RecordRules(packageRoot: packageRoot), context: context)
        merged.tool = first.tool
        // Each shard checked its own events against the plan; the build's report is theirs together.
        merged.verification = VerificationReport.merging(ordered.compactMap(\.verification))
        // What the shards found against the base, until the merge compares the whole run; their gate.
        merged.comparison = BaselineComparison.merging(ordered.compactMap(\.comparison))
        merged.failOn = ordered.lazy.compactMap(\.failOn).first
        return merged
    }
}
