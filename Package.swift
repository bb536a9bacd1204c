// swift-tools-version: 6.2
import PackageDescription

// Targets and what each may depend on follow Docs/Architecture.md's target table;
// Scripts/check-dependencies (run by the tests) holds this file and every import to it.
// TelltaleTracker and TelltaleTesting are linked by apps and test targets, so they depend on
// TelltaleWire and TelltaleJSON (Foundation alone), Foundation, and (TelltaleTesting) XCTest and
// Testing, nothing else: no product of another package, and not the tool's model (an app builds
// about 2,500 lines of Telltale, not 6,700).

/// A dependency only the command-line tool (and its tests) needs. Every third-party product but
/// Yams is one, behind the default trait `Tool`: an app that adds Telltale with `traits: []` for
/// the client libraries resolves, fetches and builds none of them.
func tool(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Tool"]))
}

let package = Package(
    name: "Telltale",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "telltale", targets: ["telltale"]),
        .library(name: "TelltaleTracker", targets: ["TelltaleTracker"]),
        .library(name: "TelltaleTesting", targets: ["TelltaleTesting"]),
        // Typed Swift from the tracking plan at build time; needs the trait `YAML` (Yams reads YAML plans).
        .plugin(name: "TelltaleGenerateSwift", targets: ["TelltaleGenerateSwift"]),
    ],
    traits: [
        .trait(
            name: "YAML",
            description:
                "Reading YAML plans and tracking plans (Yams), all the TelltaleGenerateSwift plugin needs: an app that generates its events adds Telltale with `traits: [\"YAML\"]` and resolves Yams alone."
        ),
        .trait(
            name: "Tool",
            description:
                "The telltale command and what it needs (Hummingbird, NIO, GRDB, …); apps using only TelltaleTracker and TelltaleTesting turn it off with `traits: []`.",
            enabledTraits: ["YAML"]
        ),
        .default(enabledTraits: ["Tool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // The capture server: HTTP, gzip request bodies, logging, graceful shutdown on signals.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // Already in Hummingbird's graph; named for the HTTP/1 ⇄ HTTPTypes handlers capture uses.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // Services: HTTP readiness probes and the test-mode protocol calls.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.0.0"),
        // The run history: SQLite with migrations, WAL and a pool of readers.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // A team's shared history (and, later, its work queue) on PostgreSQL.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        // Already in postgres-nio's graph; named for the TLS settings sslmode asks for.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
    ],
    targets: [
        .executableTarget(
            name: "telltale",
            dependencies: ["TelltaleCommands"]
        ),
        .target(
            name: "TelltaleCommands",
            dependencies: [
                "TelltaleOrchestrator", "TelltalePlan", "TelltaleReports", "TelltaleModel", "TelltaleCapture", "TelltaleHistory",
                "TelltalePublish", "TelltaleCodegen", "TelltaleImport", "TelltaleChanges", "TelltaleQueue",
                tool("ArgumentParser", "swift-argument-parser"),
            ]
        ),
        // Foundation only: the JSON engine; JSON Schema (model, reading, the validator) and located
        // problems on it; the client libraries' vocabulary (events, matchers, test ids) on it.
        .target(name: "TelltaleJSON"),
        .target(name: "TelltaleJSONSchema", dependencies: ["TelltaleJSON"]),
        .target(name: "TelltaleWire", dependencies: ["TelltaleJSON"]),
        .target(name: "TelltaleModel", dependencies: ["TelltaleWire", "TelltaleJSONSchema"]),
        // Pure: a tracking plan in, typed Swift (events, test expectations) out.
        .target(name: "TelltaleCodegen", dependencies: ["TelltaleModel"]),
        // What the build plugin runs: the plan loaded, the Swift written (only when it changed).
        .executableTarget(name: "telltale-generate-swift", dependencies: ["TelltaleCodegen", "TelltalePlan"]),
        .plugin(name: "TelltaleGenerateSwift", capability: .buildTool(), dependencies: ["telltale-generate-swift"]),
        .target(
            name: "TelltalePlan",
            dependencies: ["TelltaleModel", .product(name: "Yams", package: "Yams", condition: .when(traits: ["YAML"]))]
        ),
        // Every child process: launch, parent-death signal, spawn thread, exit, group teardown.
        .target(
            name: "TelltaleProcesses",
            dependencies: [
                tool("Subprocess", "swift-subprocess"),
                tool("SystemPackage", "swift-system"),
            ]
        ),
        .target(name: "TelltaleRunner", dependencies: ["TelltaleModel", "TelltaleProcesses", "TelltaleImport"]),
        .target(name: "TelltaleReports", dependencies: ["TelltaleModel", "TelltaleWebAssets", "TelltaleCoverage", "TelltaleRecord"]),
        // The HTML report's and the capture inspector's scripts and styles, as .js and .css files
        // embedded in the binary (PackageResources' byte arrays, no bundle at run time); the shared ones once.
        .target(name: "TelltaleWebAssets", resources: [.embedInCode("Shared"), .embedInCode("Report"), .embedInCode("Inspector")]),
        // Code coverage: llvm-profdata/llvm-cov, LCOV, Cobertura, diff coverage, the gate.
        .target(name: "TelltaleCoverage", dependencies: ["TelltaleModel", "TelltaleProcesses"]),
        // Every run remembered: durations for scheduling, flaky scores, trends; in SQLite or PostgreSQL.
        .target(
            name: "TelltaleHistory",
            dependencies: [
                "TelltaleModel", "TelltalePostgres", "TelltaleImport", "TelltaleCoverage",
                tool("GRDB", "GRDB.swift"), tool("PostgresNIO", "postgres-nio"), tool("Logging", "swift-log"),
            ]
        ),
        // PostgreSQL connections: libpq's URL and environment, TLS, clear errors, scoped clients, migrations.
        .target(
            name: "TelltalePostgres",
            dependencies: [
                "TelltaleModel",
                tool("PostgresNIO", "postgres-nio"),
                tool("NIOSSL", "swift-nio-ssl"),
                tool("NIOCore", "swift-nio"),
                tool("NIOPosix", "swift-nio"),
                tool("Logging", "swift-log"),
            ]
        ),
        // Queue mode: a build's units of work, leases and results in PostgreSQL, shared by its machines.
        .target(
            name: "TelltaleQueue",
            dependencies: [
                "TelltaleModel", "TelltaleRunner", "TelltalePostgres", "TelltalePlan", "TelltaleVerify", "TelltaleRecord",
                tool("PostgresNIO", "postgres-nio"),
            ]
        ),
        // Not shipped: times the queue's reservations at scale (Scripts/benchmark-queue.sh).
        .executableTarget(
            name: "telltale-queue-benchmark",
            dependencies: ["TelltaleQueue", "TelltaleRunner", "TelltaleModel", "TelltalePostgres", tool("PostgresNIO", "postgres-nio")]
        ),
        // Not shipped: times recording and report queries at scale (Scripts/benchmark-history.sh).
        .executableTarget(
            name: "telltale-history-benchmark",
            dependencies: ["TelltaleHistory", "TelltaleModel", "TelltalePostgres", tool("PostgresNIO", "postgres-nio")]
        ),
        // Pure: plan expectations and the tracking plan against captured events.
        .target(name: "TelltaleVerify", dependencies: ["TelltaleModel"]),
        // Pure: the one road from a run's raw results, events and the plan's rules to its record.
        .target(name: "TelltaleRecord", dependencies: ["TelltaleModel", "TelltaleVerify", "TelltalePlan"]),
        // Not shipped: times verification at scale (Scripts/benchmark-verify.sh).
        .executableTarget(name: "telltale-verify-benchmark", dependencies: ["TelltaleVerify"]),
        // Not shipped: times JSON Schema tracking plans, loaded and checked (Scripts/benchmark-schema-catalog.sh).
        .executableTarget(name: "telltale-schema-benchmark", dependencies: ["TelltalePlan", "TelltaleVerify", "TelltaleModel"]),
        // What a change touches (git, the package graph, the coverage map), the commit under test, the pre-push hook.
        .target(name: "TelltaleChanges", dependencies: ["TelltaleModel", "TelltaleProcesses", "TelltaleRunner", "TelltaleCoverage"]),
        .target(
            name: "TelltaleOrchestrator",
            dependencies: [
                "TelltaleModel", "TelltalePlan", "TelltaleProcesses", "TelltaleRunner", "TelltaleReports",
                "TelltaleServices", "TelltaleCapture", "TelltaleVerify", "TelltaleHistory", "TelltaleCoverage",
                "TelltaleChanges", "TelltaleImport", "TelltaleQueue", "TelltalePostgres", "TelltaleRecord",
                tool("ServiceLifecycle", "swift-service-lifecycle"),
                tool("Logging", "swift-log"),
            ]
        ),
        .target(
            name: "TelltaleCapture",
            dependencies: [
                // The one event matcher and near-miss ranking, for waits; the inspector's shared assets.
                "TelltaleModel", "TelltaleVerify", "TelltaleWebAssets",
                tool("Hummingbird", "hummingbird"),
                // The ingest handler sits in Hummingbird's HTTP/1 channel, before HTTPTypes conversion.
                tool("HummingbirdCore", "hummingbird"),
                tool("NIOHTTP1", "swift-nio"),
                tool("NIOHTTPTypes", "swift-nio-extras"),
                tool("NIOHTTPTypesHTTP1", "swift-nio-extras"),
                tool("CompressNIO", "compress-nio"),
                tool("Logging", "swift-log"),
                // Already in Hummingbird's graph; named for ByteBuffer and the blocking-I/O pool the log syncs on.
                tool("NIOCore", "swift-nio"),
                tool("NIOPosix", "swift-nio"),
                tool("ServiceLifecycle", "swift-service-lifecycle"),
            ]
        ),
        .target(name: "TelltaleTracker", dependencies: ["TelltaleWire"]),
        // Flushes the app's trackers when a test ends; both are Foundation-only.
        .target(name: "TelltaleTesting", dependencies: ["TelltaleWire", "TelltaleTracker"]),
        .target(
            name: "TelltaleServices",
            dependencies: [
                "TelltaleModel", "TelltaleProcesses",
                tool("AsyncHTTPClient", "async-http-client"),
                tool("NIOCore", "swift-nio"),
                tool("ServiceLifecycle", "swift-service-lifecycle"),
            ]
        ),
        // Other tools' results as run records: xcodebuild's (xcresulttool's JSON; the bundle through xcrun on macOS),
        // JUnit XML and earlier runs' run.json.
        .target(name: "TelltaleImport", dependencies: ["TelltaleModel", "TelltaleProcesses", "TelltaleRecord"]),
        // Sends a run's results to review tools over their APIs (Phabricator's Conduit).
        .target(
            name: "TelltalePublish",
            dependencies: [
                "TelltaleModel", "TelltaleReports",
                tool("AsyncHTTPClient", "async-http-client"),
                tool("NIOCore", "swift-nio"),
            ]
        ),
        // Not shipped: measures readiness latency, and holds a service for the kill -9 orphan test.
        .executableTarget(name: "telltale-services-probe", dependencies: ["TelltaleServices"]),
        // The demo plan's backend (Examples/DemoBackend): a Hummingbird + SQLite shop with a test
        // mode. Targets of this package, as swift-argument-parser keeps its examples, so the demo
        // shares the Hummingbird, NIO and GRDB `swift run telltale` built: only its own files compile.
        .executableTarget(name: "demo-backend", dependencies: ["DemoShopBackend"], path: "Examples/DemoBackend/demo-backend"),
        .target(
            name: "DemoShopBackend",
            dependencies: [tool("Hummingbird", "hummingbird"), tool("GRDB", "GRDB.swift")],
            path: "Examples/DemoBackend/DemoShopBackend"
        ),

        .testTarget(name: "TelltaleJSONTests", dependencies: ["TelltaleJSON", "TelltaleJSONSchema", "TelltaleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TelltaleModelTests", dependencies: ["TelltaleModel", "TelltaleTestSupport"]),
        .testTarget(name: "TelltaleCodegenTests", dependencies: ["TelltaleCodegen", "TelltaleTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TelltalePlanTests", dependencies: ["TelltalePlan", "TelltaleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "TelltaleRunnerTests", dependencies: ["TelltaleRunner", "TelltaleProcesses", "TelltaleTestSupport"], exclude: ["Recordings"]
        ),
        .testTarget(
            name: "TelltaleHistoryTests",
            dependencies: ["TelltaleHistory", "TelltaleModel", "TelltaleImport", "TelltaleReports", "TelltaleTestSupport"]),
        // Against a throwaway PostgreSQL cluster the test support starts.
        .testTarget(
            name: "TelltalePostgresTests", dependencies: ["TelltalePostgres", "TelltaleTestSupport", tool("PostgresNIO", "postgres-nio")]
        ),
        .testTarget(
            name: "TelltaleQueueTests",
            dependencies: [
                "TelltaleQueue", "TelltaleRunner", "TelltaleModel", "TelltalePostgres", "TelltaleTestSupport", tool("PostgresNIO", "postgres-nio"),
            ]
        ),
        .testTarget(name: "TelltaleVerifyTests", dependencies: ["TelltaleVerify", "TelltaleTestSupport"]),
        .testTarget(name: "TelltaleRecordTests", dependencies: ["TelltaleRecord", "TelltaleModel", "TelltaleVerify", "TelltaleTestSupport"]),
        .testTarget(name: "TelltaleChangesTests", dependencies: ["TelltaleChanges", "TelltaleTestSupport"]),
        .testTarget(
            name: "TelltaleOrchestratorTests",
            dependencies: ["TelltaleOrchestrator", "TelltaleHistory", "TelltaleModel", "TelltaleReports", "TelltaleRecord", "TelltaleTestSupport"]
        ),
        // Also starts a real capture server, so the clients are tested against it.
        .testTarget(
            name: "TelltaleClientTests",
            dependencies: [
                "TelltaleTracker", "TelltaleTesting", "TelltaleCapture", "TelltaleVerify", "TelltaleTestSupport",
                // A backend in test mode, started by hand, for the lifecycle outside Telltale.
                tool("Hummingbird", "hummingbird"),
                tool("ServiceLifecycle", "swift-service-lifecycle"),
                tool("Logging", "swift-log"),
            ]
        ),
        .testTarget(
            name: "TelltaleCaptureTests",
            dependencies: [
                "TelltaleCapture", "TelltaleModel", "TelltaleVerify", "TelltaleTestSupport",
                tool("NIOCore", "swift-nio"),
                tool("NIOPosix", "swift-nio"),
                tool("ServiceLifecycle", "swift-service-lifecycle"),
                tool("Logging", "swift-log"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "TelltalePublishTests", dependencies: ["TelltalePublish", "TelltaleReports", "TelltaleTestSupport"]),
        .testTarget(
            name: "TelltaleImportTests", dependencies: ["TelltaleImport", "TelltaleModel", "TelltaleReports", "TelltaleTestSupport"],
            exclude: ["Recordings"]
        ),
        .testTarget(name: "TelltaleReportsTests", dependencies: ["TelltaleReports", "TelltaleTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TelltaleCoverageTests", dependencies: ["TelltaleCoverage", "TelltaleModel", "TelltaleTestSupport"]),
        // Runs the built `telltale` on the packages under Tests/Fixtures.
        .testTarget(
            name: "TelltaleEndToEndTests",
            dependencies: ["TelltaleModel", "TelltaleReports", "TelltaleHistory", "TelltaleTestSupport"],
            exclude: ["Fixtures"]
        ),
        // Builds and supervises the real service in Tests/Fixtures/ServiceFixture.
        .testTarget(
            name: "TelltaleServicesTests",
            dependencies: [
                "TelltaleServices", "TelltaleProcesses", "telltale-services-probe", "TelltaleTestSupport",
                tool("ServiceLifecycle", "swift-service-lifecycle"),
            ]
        ),
        // Helpers the test targets share: size tags, external checkers such as xmllint, the DevTools client.
        .target(name: "TelltaleTestSupport", path: "Tests/TelltaleTestSupport", exclude: ["DevTools"]),
    ]
)
