import Foundation
import TelltaleTestSupport
import Testing

@testable import TelltaleHistory

/// The two stores every history test runs against: a SQLite file in a fresh folder, and a
/// fresh database in the test support's PostgreSQL cluster.
enum HistoryStoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A new, empty history of this kind.
    func freshLocation(_ label: String) async throws -> HistoryLocation {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
            return .file(folder.appendingPathComponent(".telltale/history.sqlite").path)
        case .postgres:
            // A minute, not a user's 10 s, before a connection counts as unreachable: on a loaded
            // machine the server's postmaster may take longer than that to accept one.
            let url = try await PostgresCluster.shared.database(label).url() + "&connect_timeout=60"
            return try HistoryLocation(url, environment: [:])
        }
    }

    /// A new, empty history of this kind, open for `body`; a file's folder is removed after.
    func withFreshStore<T>(_ label: String = "history", _ body: (HistoryStore) async throws -> T) async throws -> T {
        let location = try await freshLocation(label)
        defer { Self.remove(location) }
        return try await Self.withStore(at: location, body)
    }

    /// A SQLite history's folder, gone; a database stays in the cluster, which goes with the tests.
    static func remove(_ location: HistoryLocation) {
        guard case .file(let path) = location else { return }
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent())
    }

    /// The history at `location`, open for `body`; a failure to open fails the test.
    static func withStore<T>(at location: HistoryLocation, _ body: (HistoryStore) async throws -> T) async throws -> T {
        try await HistoryStore.withStore(at: location) { opened in try await body(try opened.get()) }
    }
}
