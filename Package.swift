// swift-tools-version: 6.2
import PackageDescription

// Targets and what each may depend on follow Docs/Architecture.md's target table;
// Scripts/check-dependencies (run by the tests) holds this file and every import to it.
// TelltaleTracker and TelltaleTesting are linked by apps and test targets, so
// they depend on Foundation (through TelltaleModel) and nothing else.
let package = Package(
    name: "Telltale",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "telltale", targets: ["telltale"]),
        .library(name: "TelltaleTracker", targets: ["TelltaleTracker"]),
        .library(name: "TelltaleTesting", targets: ["TelltaleTesting"]),
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
                "TelltalePublish",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "TelltaleModel"),
        .target(
            name: "TelltalePlan",
            dependencies: ["TelltaleModel", .product(name: "Yams", package: "Yams")]
        ),
        // Every child process: launch, parent-death signal, spawn thread, exit, group teardown.
        .target(
            name: "TelltaleProcesses",
            dependencies: [
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(name: "TelltaleRunner", dependencies: ["TelltaleModel", "TelltaleProcesses"]),
        .target(name: "TelltaleReports", dependencies: ["TelltaleModel"]),
        // Code coverage: llvm-profdata/llvm-cov, LCOV, Cobertura, diff coverage, the gate.
        .target(name: "TelltaleCoverage", dependencies: ["TelltaleModel", "TelltaleProcesses"]),
        // Every run remembered: durations for scheduling, flaky scores, trends.
        .target(
            name: "TelltaleHistory",
            dependencies: ["TelltaleModel", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Not shipped: times recording and report queries at scale (Scripts/benchmark-history.sh).
        .executableTarget(name: "telltale-history-benchmark", dependencies: ["TelltaleHistory", "TelltaleModel"]),
        // Pure: plan expectations and the tracking plan against captured events.
        .target(name: "TelltaleVerify", dependencies: ["TelltaleModel"]),
        // Not shipped: times verification at scale (Scripts/benchmark-verify.sh).
        .executableTarget(name: "telltale-verify-benchmark", dependencies: ["TelltaleVerify"]),
        .target(
            name: "TelltaleOrchestrator",
            dependencies: [
                "TelltaleModel", "TelltalePlan", "TelltaleProcesses", "TelltaleRunner", "TelltaleReports",
                "TelltaleServices", "TelltaleCapture", "TelltaleVerify", "TelltaleHistory", "TelltaleCoverage",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "TelltaleCapture",
            dependencies: [
                // The one event matcher and near-miss ranking, for waits.
                "TelltaleModel", "TelltaleVerify",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The ingest handler sits in Hummingbird's HTTP/1 channel, before HTTPTypes conversion.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
                // Already in Hummingbird's graph; named for ByteBuffer and the blocking-I/O pool the log syncs on.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(name: "TelltaleTracker", dependencies: ["TelltaleModel"]),
        // Flushes the app's trackers when a test ends; both are Foundation-only.
        .target(name: "TelltaleTesting", dependencies: ["TelltaleModel", "TelltaleTracker"]),
        .target(
            name: "TelltaleServices",
            dependencies: [
                "TelltaleModel", "TelltaleProcesses",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Sends a run's results to review tools over their APIs (Phabricator's Conduit).
        .target(
            name: "TelltalePublish",
            dependencies: [
                "TelltaleModel", "TelltaleReports",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Not shipped: measures readiness latency, and holds a service for the kill -9 orphan test.
        .executableTarget(name: "telltale-services-probe", dependencies: ["TelltaleServices"]),

        .testTarget(name: "TelltaleModelTests", dependencies: ["TelltaleModel", "TelltaleTestSupport"]),
        .testTarget(name: "TelltalePlanTests", dependencies: ["TelltalePlan", "TelltaleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "TelltaleRunnerTests", dependencies: ["TelltaleRunner", "TelltaleProcesses", "TelltaleTestSupport"], exclude: ["Recordings"]
        ),
        .testTarget(name: "TelltaleHistoryTests", dependencies: ["TelltaleHistory", "TelltaleModel", "TelltaleTestSupport"]),
        .testTarget(name: "TelltaleVerifyTests", dependencies: ["TelltaleVerify", "TelltaleTestSupport"]),
        .testTarget(
            name: "TelltaleOrchestratorTests",
            dependencies: ["TelltaleOrchestrator", "TelltaleHistory", "TelltaleModel", "TelltaleReports", "TelltaleTestSupport"]
        ),
        // Also starts a real capture server, so the clients are tested against it.
        .testTarget(
            name: "TelltaleClientTests",
            dependencies: [
                "TelltaleTracker", "TelltaleTesting", "TelltaleCapture", "TelltaleVerify", "TelltaleTestSupport",
                // A backend in test mode, started by hand, for the lifecycle outside Telltale.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TelltaleCaptureTests",
            dependencies: [
                "TelltaleCapture", "TelltaleModel", "TelltaleVerify", "TelltaleTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "TelltalePublishTests", dependencies: ["TelltalePublish", "TelltaleReports", "TelltaleTestSupport"]),
        .testTarget(name: "TelltaleReportsTests", dependencies: ["TelltaleReports", "TelltaleTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TelltaleCoverageTests", dependencies: ["TelltaleCoverage", "TelltaleModel", "TelltaleTestSupport"]),
        // Runs the built `telltale` on the packages under Tests/Fixtures.
        .testTarget(
            name: "TelltaleEndToEndTests",
            dependencies: ["TelltaleModel", "TelltaleReports", "TelltaleTestSupport"],
            exclude: ["Fixtures"]
        ),
        // Builds and supervises the real service in Tests/Fixtures/ServiceFixture.
        .testTarget(
            name: "TelltaleServicesTests",
            dependencies: [
                "TelltaleServices", "TelltaleProcesses", "telltale-services-probe", "TelltaleTestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Helpers the test targets share: size tags, external checkers such as xmllint.
        .target(name: "TelltaleTestSupport", path: "Tests/TelltaleTestSupport"),
    ]
)
