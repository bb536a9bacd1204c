import Foundation
import TelltaleModel

/// `telltale merge` and `telltale queue report`: the whole build compared, once, with the base.
extension BaselineRequest {
    /// Compares a build's record (its shards' merged, or a queue build's) with its base: `--baseline`,
    /// `--base` or the CI's variables, else (a merge) the base its shards compared with; the base
    /// looked up in the history at `history` (a path or a URL). Returns the lines to print; an
    /// unreadable `--baseline` throws (exit 2).
    package static func compareBuild(
        _ record: inout RunRecord, base: String?, baseline: String?, failOn: FailOn?, history: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(BaselineError) -> [String] {
        let request = try await resolve(baseline: baseline, base: base, failOn: failOn, package: ".", environment: environment)
            .orBase(of: record)
        // Every shard together is the whole run again, unless each ran part of the tests (`--changed`).
        let subset = record.comparison?.subset ?? record.coverage?.subset
        return await request.apply(to: &record, historyAt: history, subset: subset)
    }

    /// With no base or file of its own, the base the record's parts compared with (a merge's shards).
    func orBase(of record: RunRecord) -> BaselineRequest {
        guard base == nil, file == nil, let source = record.comparison?.baseline else { return self }
        var request = self
        switch source.kind {
        case .history:
            request.base = Base(
                commit: source.match == .commit ? source.commit : nil, branch: source.branch,
                source: "the shards' base" + (source.chosenBy.map { " (\($0))" } ?? ""))
        case .file:
            // The shards' file, when the merge has it too; else their comparisons stand.
            if let path = source.path, var file = try? Self.read(path) {
                file.source.name = source.name
                request.file = file
            }
        }
        return request
    }
}
