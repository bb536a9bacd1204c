import Foundation
import TelltaleWire

/// What a test learns from `telltale run` through its environment: the run's
/// folder, the session, the capture and control URLs and each service's URL.
///
/// Every accessor is optional, so the same test also runs under plain `swift test`.
public struct TelltaleTestEnvironment: Sendable {
    /// The variables read; pass your own to the initializer to try code that reads them.
    public var variables: [String: String]

    /// Reads `variables`, by default this process's environment.
    public init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// True when the process was started by `telltale run`.
    public var isUnderTelltale: Bool { session != nil }

    /// The capture session of this test process (`TELLTALE_SESSION`); events and waits are scoped to it.
    public var session: String? { value(TelltaleEnvironment.session) }
    /// The run's report folder (`TELLTALE_RUN_DIR`, absolute).
    public var runDirectory: String? { value(TelltaleEnvironment.runDirectory) }
    /// The capture server's root (`TELLTALE_CAPTURE_URL`), where the app's `Tracker` sends events.
    public var captureURL: URL? { value(TelltaleEnvironment.captureURL).flatMap(URL.init(string:)) }
    /// The capture server's control API (`TELLTALE_CONTROL_URL`), which `EventVerifier` asks.
    public var controlURL: URL? { value(TelltaleEnvironment.controlURL).flatMap(URL.init(string:)) }
    /// A backend started by hand in test mode (`TELLTALE_TEST_MODE_URL`), for runs without Telltale.
    public var testModeURL: URL? { value(TelltaleEnvironment.testModeURL).flatMap(URL.init(string:)) }

    /// The plan's launch arguments (or an imported `.xctestplan`'s), then its suite's and variant's,
    /// in order.
    public var arguments: [String] {
        value(TelltaleEnvironment.testArguments)?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
    }

    /// The plan variant this process runs under (`TELLTALE_VARIANT`), if any.
    public var variant: String? { value(TelltaleEnvironment.variant) }

    /// What a UI test gives the app it launches, which inherits nothing from the test runner:
    /// under `telltale run` with `xcode:`, every variable the run gave the runner (the capture
    /// and control URLs, the session, the services' URLs, the plan's `environment`), as
    /// `app.launchEnvironment.merge(TelltaleTestEnvironment().appEnvironment) { $1 }`; empty
    /// outside such a run.
    public var appEnvironment: [String: String] {
        let names = value(TelltaleEnvironment.appEnvironmentKeys)?.split(separator: "\n").map(String.init) ?? []
        return Dictionary(names.compactMap { name in variables[name].map { (name, $0) } }) { first, _ in first }
    }

    /// The URL of a service the plan started, e.g. `serviceURL("backend")`.
    public func serviceURL(_ name: String) -> URL? {
        value(TelltaleEnvironment.serviceURL(name)).flatMap(URL.init(string:))
    }

    private func value(_ key: String) -> String? {
        guard let text = variables[key], !text.isEmpty else { return nil }
        return text
    }
}
