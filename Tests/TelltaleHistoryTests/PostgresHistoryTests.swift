import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleHistory

/// What only the shared history has: its schema in the database, and a server that is not there.
@Suite(.tags(.medium))
struct PostgresHistoryTests {
    @Test func theHistoryLivesInTelltalesSchemaWithItsVersionRecorded() async throws {
        let database = try await PostgresCluster.shared.database("schema")
        try await HistoryStoreKind.withStore(at: try HistoryLocation(database.url(), environment: [:])) { store throws in
            try await store.record(HistoryStoreTests.run(1, [HistoryStoreTests.test("A.S/a")]))
        }
        let migrations = try await PostgresCluster.shared.sql(
            "SELECT component || ' ' || version FROM telltale.schema_migrations", in: database.name)
        #expect(migrations == "history 1\nhistory 2\n")
        let tables = try await PostgresCluster.shared.sql(
            "SELECT table_schema || '.' || table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
            in: database.name)
        #expect(tables == "telltale.coverage_map\ntelltale.result\ntelltale.run\ntelltale.schema_migrations\ntelltale.test\n")
    }

    /// The store is not had, and why says which database (never its password) and what to do.
    @Test func anUnreachableDatabaseIsAnErrorNamingItWithoutItsPassword() async throws {
        let database = try await PostgresCluster.shared.database("unreachable")
        let url = database.url().replacingOccurrences(of: ":\(database.port)/", with: ":1/")
        let error = await HistoryStore.withStore(at: try HistoryLocation(url, environment: [:])) { opened in
            #expect(throws: HistoryError.self) { try opened.get() }
            guard case .failure(let error) = opened else { return nil as HistoryError? }
            return error
        }
        let description = try #require(error).description
        #expect(description.hasPrefix("history postgres://telltale@127.0.0.1:1/\(database.name)?sslmode=disable: cannot connect"), "\(description)")
        #expect(description.contains("--no-history"))
        #expect(!description.contains(database.password))
        #expect(!description.contains(database.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
    }
}
