import Foundation
import TelltaleTestSupport
import Testing

@testable import TelltaleServices

@Suite struct GuardsAndPlaceholdersTests {
    @Test(
        .tags(.small),
        arguments: [
            ("Data/shop_test.sqlite", "shop_test"),
            ("/tmp/run/shop_test", "shop_test"),
            ("postgres://user:pw@localhost:5432/shop_test?sslmode=disable", "shop_test"),
            ("mysql://localhost/shop", "shop"),
            ("file:shop_test.db?mode=rwc", "shop_test"),
            ("postgres://localhost", ""),
        ])
    func databaseNameIsTheFileOrLastPathComponent(database: String, name: String) {
        #expect(ServiceGuards.databaseName(database) == name)
    }

    @Test(.tags(.small)) func guardRefusesNonTestDatabasesUnlessWaived() throws {
        let url = URL(string: "http://127.0.0.1:8080")
        #expect(throws: Never.self) {
            try ServiceGuards.check(service: "b", url: url, database: "x/shop_test.sqlite", allowNonTestDatabase: false)
        }
        let error = #expect(throws: ServiceError.self) {
            try ServiceGuards.check(service: "b", url: url, database: "postgres://db/production", allowNonTestDatabase: false)
        }
        #expect(error == .databaseNotForTests(service: "b", database: "postgres://db/production", name: "production"))
        #expect(error?.errorDescription?.contains("allowNonTestDatabase: true") == true)
        #expect(throws: Never.self) {
            try ServiceGuards.check(service: "b", url: url, database: "postgres://db/production", allowNonTestDatabase: true)
        }
    }

    @Test(
        .tags(.small),
        arguments: [
            ("http://127.0.0.1:1", true), ("http://localhost:1", true), ("http://[::1]:1", true), ("http://127.1.2.3", true),
            ("http://10.0.0.1:1", false), ("http://shop.example.com", false), ("http://127.0.0.1.evil.com", false),
        ])
    func guardAcceptsOnlyLoopback(url: String, accepted: Bool) throws {
        let check = { try ServiceGuards.check(service: "b", url: URL(string: url), database: nil, allowNonTestDatabase: true) }
        if accepted { #expect(throws: Never.self, performing: check) } else { #expect(throws: ServiceError.self, performing: check) }
    }

    @Test(.tags(.small)) func placeholdersAreFilledAndUnknownOnesRefused() throws {
        let resolver = PlaceholderResolver(
            service: "api", port: 4321, runDirectory: "/run", worker: 3, serviceURLs: ["db": "http://127.0.0.1:9"]
        )
        #expect(try resolver.resolve("{run_dir}/shop-{worker}_test.sqlite") == "/run/shop-3_test.sqlite")
        #expect(try resolver.resolve("--port={port} --db={service.db.url}") == "--port=4321 --db=http://127.0.0.1:9")
        #expect(try resolver.resolve("{{literal}}") == "{literal}")
        #expect(throws: ServiceError.unknownPlaceholder(service: "api", placeholder: "{prot}", value: "{prot}")) {
            try resolver.resolve("{prot}")
        }
        #expect(throws: ServiceError.self) { try resolver.resolve("{service.cache.url}") }
        #expect(throws: ServiceError.self) { try resolver.resolve("unclosed {port") }
    }

    @Test(.tags(.small)) func startOrderPutsDependenciesFirstAndRefusesCycles() throws {
        let db = ServiceSpec(name: "db", command: ["db"])
        let api = ServiceSpec(name: "api", command: ["api"], dependsOn: ["db", "cache"])
        let cache = ServiceSpec(name: "cache", command: ["cache"])
        let waves = try ServiceStartOrder.waves([api, db, cache])
        #expect(waves.map { $0.map(\.name) } == [["db", "cache"], ["api"]])
        var loop = db
        loop.dependsOn = ["api"]
        #expect(throws: ServiceError.self) { try ServiceStartOrder.waves([api, loop, cache]) }
    }

    @Test(.tags(.small)) func autoPortIsAFreeLoopbackPort() throws {
        let port = try FreePort.pick()
        #expect((1024...65535).contains(port))
        #expect(!FreePort.accepts(host: "127.0.0.1", port: port))
    }
}
