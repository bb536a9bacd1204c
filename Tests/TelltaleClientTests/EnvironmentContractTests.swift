import Foundation
import TelltaleModel
import TelltaleTestSupport
import TelltaleTesting
import TelltaleTracker
import Testing

/// The tracker and the testing library read what `telltale run` sets, by the same names.
@Suite(.tags(.small))
struct EnvironmentContractTests {
    let variables = [
        "TELLTALE_CAPTURE_URL": "http://127.0.0.1:4318",
        "TELLTALE_CONTROL_URL": "http://127.0.0.1:4318/_telltale",
        "TELLTALE_SESSION": "worker-1",
        "TELLTALE_RUN_DIR": "/tmp/run",
        "TELLTALE_TEST_ARGUMENTS": "-verbose\n--locale=fr",
        "TELLTALE_SERVICE_BACKEND_URL": "http://127.0.0.1:8080",
    ]

    @Test func trackerIsConfiguredOnlyUnderTelltale() {
        #expect(
            TrackerConfiguration.fromEnvironment(variables)
                == TrackerConfiguration(captureURL: URL(string: "http://127.0.0.1:4318")!, session: "worker-1"))
        #expect(TrackerConfiguration.fromEnvironment([:]) == nil)
        #expect(TrackerConfiguration.fromEnvironment(["TELLTALE_CAPTURE_URL": ""]) == nil)
    }

    @Test func testEnvironmentReadsEveryVariable() {
        let environment = TelltaleTestEnvironment(variables)
        #expect(environment.isUnderTelltale)
        #expect(environment.session == "worker-1")
        #expect(environment.runDirectory == "/tmp/run")
        #expect(environment.controlURL?.absoluteString == "http://127.0.0.1:4318/_telltale")
        #expect(environment.arguments == ["-verbose", "--locale=fr"])
        #expect(environment.serviceURL("backend")?.port == 8080)
        #expect(environment.serviceURL("payments") == nil)
    }

    /// Under xcodebuild the runner lists what it was given, so a UI test can pass it to its app.
    @Test func aUITestGathersWhatItsAppMustBeGiven() {
        let environment = TelltaleTestEnvironment([
            "TELLTALE_CAPTURE_URL": "http://127.0.0.1:4318", "TELLTALE_SESSION": "run-w1", "API_MODE": "stub", "HOME": "/Users/ci",
            "TELLTALE_APP_ENVIRONMENT_KEYS": "API_MODE\nTELLTALE_CAPTURE_URL\nTELLTALE_SESSION\nMISSING",
        ])
        #expect(environment.appEnvironment == ["TELLTALE_CAPTURE_URL": "http://127.0.0.1:4318", "TELLTALE_SESSION": "run-w1", "API_MODE": "stub"])
        #expect(TelltaleTestEnvironment(variables).appEnvironment.isEmpty)
        #expect(TelltaleTestEnvironment(["TELLTALE_VARIANT": "loggedOut"]).variant == "loggedOut")
    }

    @Test func plainSwiftTestHasNoneOfIt() {
        let environment = TelltaleTestEnvironment([:])
        #expect(!environment.isUnderTelltale)
        #expect(environment.arguments.isEmpty)
        #expect(environment.captureURL == nil)
    }
}
