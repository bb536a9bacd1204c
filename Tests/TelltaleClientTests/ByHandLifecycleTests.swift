import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TelltaleModel
import TelltaleTestSupport
import TelltaleTesting
import Testing

/// Outside `telltale run`, `TELLTALE_TEST_MODE_URL` makes the trait and test case reset, set up
/// and tear down a backend started by hand: checked against a real HTTP server that records
/// the test-mode calls it gets.
@Suite(.tags(.medium))
struct ByHandLifecycleTests {
    actor Calls {
        private(set) var received: [String] = []
        func append(_ call: String) { received.append(call) }
    }

    /// A backend in test mode whose teardown fails for `Shop.Cart/testBroken`.
    static func withBackend(_ body: @Sendable (URL, Calls) async throws -> Void) async throws {
        let calls = Calls()
        let router = Router()
        for step in ["reset", "setup", "teardown"] {
            router.post("tests/\(step)") { request, _ -> Response in
                let test = request.uri.queryParameters.get("test")
                await calls.append(step + (test.map { " \($0)" } ?? ""))
                if step == "teardown", test == "Shop.Cart/testBroken" {
                    return Response(status: .internalServerError, body: ResponseBody(byteBuffer: ByteBuffer(string: "2 orders written, expected 1")))
                }
                return Response(status: .ok)
            }
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "by-hand-backend")
        )
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask(executorPreference: ServerExecutor.shared) { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            do {
                try await body(URL(string: "http://127.0.0.1:\(port)")!, calls)
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test func eachTestIsResetSetUpAndTornDownByItself() async throws {
        try await Self.withBackend { url, calls in
            let lifecycle = TelltaleLifecycle(mode: .byHand(backendURL: url))
            let test = TestID("Shop.Cart/testAdd")
            #expect(await lifecycle.begin(test).isEmpty)
            #expect(await lifecycle.end(test).isEmpty)
            #expect(await calls.received == ["reset", "setup Shop.Cart/testAdd", "teardown Shop.Cart/testAdd"])
        }
    }

    @Test func aFailingTeardownIsTheTestsFailureWithTheBackendsAnswer() async throws {
        try await Self.withBackend { url, _ in
            let lifecycle = TelltaleLifecycle(mode: .byHand(backendURL: url))
            let failures = await lifecycle.end(TestID("Shop.Cart/testBroken"))
            #expect(failures.map(\.text) == ["POST /tests/teardown answered HTTP 500: 2 orders written, expected 1"])
        }
    }

    @Test(.tags(.small)) func theEnvironmentChoosesTheMode() throws {
        let byHand = TelltaleTestEnvironment(["TELLTALE_TEST_MODE_URL": "http://127.0.0.1:8080"])
        #expect(TelltaleLifecycle.lifecycle(in: byHand)?.mode == .byHand(backendURL: URL(string: "http://127.0.0.1:8080")!))
        let automatic = TelltaleTestEnvironment([
            "TELLTALE_LIFECYCLE": "automatic", "TELLTALE_CONTROL_URL": "http://127.0.0.1:9/_telltale",
            "TELLTALE_SESSION": "run-w1", "TELLTALE_TEST_MODE_URL": "http://127.0.0.1:8080",
        ])
        #expect(
            TelltaleLifecycle.lifecycle(in: automatic)?.mode
                == .throughTelltale(controlURL: URL(string: "http://127.0.0.1:9/_telltale")!, session: "run-w1"))
        // Under `telltale run` without the automatic lifecycle, the run brackets the tests: never both.
        let underTelltale = TelltaleTestEnvironment(["TELLTALE_SESSION": "run-w1", "TELLTALE_TEST_MODE_URL": "http://127.0.0.1:8080"])
        #expect(TelltaleLifecycle.lifecycle(in: underTelltale) == nil)
        #expect(TelltaleLifecycle.lifecycle(in: TelltaleTestEnvironment([:])) == nil)
    }
}
