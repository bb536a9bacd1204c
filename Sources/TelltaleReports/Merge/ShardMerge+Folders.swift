import Foundation
import TelltaleCoverage
import TelltaleModel

extension ShardMerge {
    /// The shards' report folders (or their `run.json` files) as one run's, with the merged
    /// line coverage written to `output` (so every coverage report can be drawn from it) and each
    /// shard's attachments copied there at the same paths. The reports themselves are the
    /// caller's to write, as after a run.
    package static func merge(_ sources: [String], into output: String) throws -> RunRecord {
        let records = try sources.map { source in
            try RunRecordFile.read(path: source.hasSuffix(".json") ? source : "\(source)/run.json")
        }
        var merged = try Self.records(records, packageRoot: localPackageRoot(of: records.first))
        let folders = sources.map { $0.hasSuffix(".json") ? URL(fileURLWithPath: $0).deletingLastPathComponent().path : $0 }
        let directory = ReportDirectory(path: output)
        for (folder, record) in zip(folders, records) {
            merged.notes += directory.copyAttachments(of: record, from: folder)
        }
        try mergeCoverage(from: folders, into: directory, record: &merged)
        return merged
    }

    /// The package's folder in this checkout, as the shards' plan names it from where the merge
    /// runs (CI merges in the repository's root, as the shards ran); nil when there is no package
    /// there, and the shards' paths are kept as they were.
    static func localPackageRoot(of record: RunRecord?) -> String? {
        guard let record else { return nil }
        let folder = URL(fileURLWithPath: record.plan.package).standardizedFileURL.path
        return FileManager.default.fileExists(atPath: "\(folder)/Package.swift") ? folder : nil
    }

    /// The shards' line coverage summed line by line, so the totals are an unsharded run's, written
    /// to `directory`, and its summary (gate included) in the merged record. Shards without
    /// coverage data add none.
    static func mergeCoverage(from folders: [String], into directory: ReportDirectory, record: inout RunRecord) throws {
        let parts = try folders.compactMap { try LineCoverageFile.read(path: "\($0)/\(LineCoverageFile.fileName)") }
        guard !parts.isEmpty else { return }
        let (data, notes) = LineCoverage.merging(parts)
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        try LineCoverageFile.encode(data).write(to: URL(fileURLWithPath: directory.coverageDataPath), options: .atomic)
        record.coverage = CoverageSummarizer.summarize(data)
        record.notes += notes
        if parts.count < folders.count {
            record.notes.append(
                "coverage: \(folders.count - parts.count) of \(folders.count) shards measured no coverage; the merged figures are the others'")
        }
    }
}
