import Foundation

/// The environment contract between `telltale run` and the test processes it starts.
///
/// The orchestrator writes these variables; `TelltaleTracker` and `TelltaleTesting`
/// read them. Keeping the names in one place keeps both sides in step.
public enum TelltaleEnvironment {
    public static let captureURL = "TELLTALE_CAPTURE_URL"
    public static let controlURL = "TELLTALE_CONTROL_URL"
    public static let session = "TELLTALE_SESSION"
    public static let runDirectory = "TELLTALE_RUN_DIR"
    /// Launch arguments a plan (or an imported `.xctestplan`) gives the tests,
    /// one per line, since `swift test` binaries take no app arguments.
    public static let testArguments = "TELLTALE_TEST_ARGUMENTS"
    /// `automatic` when the run expects the tests' own lifecycle trait or test case to call
    /// `tests/begin` and `tests/end` on the control API; unset otherwise, and they stay quiet.
    public static let lifecycle = "TELLTALE_LIFECYCLE"
    /// Set by a person, not by `telltale run`: the base URL of a backend they started in test
    /// mode. Outside `telltale run`, the `.telltale` trait and `TelltaleTestCase` then reset,
    /// set up and tear down that backend around each test themselves (`TelltaleLifecycle`).
    public static let testModeURL = "TELLTALE_TEST_MODE_URL"
    /// Set by a person, not by `telltale run`: the access token `telltale capture` asks of its
    /// inspector and control API (the default of `--token`); beyond loopback it makes one up without it.
    public static let captureToken = "TELLTALE_CAPTURE_TOKEN"
    /// The listed ids that carry a source-location suffix, one per line, because another
    /// test in the binary has the same suite path and name (see `TestID`). A Swift Testing
    /// test computes its own id from its `Test.ID`; this tells it when to keep the location.
    /// When the list is long it is written to a file, and the variable holds `@` and its path.
    public static let disambiguatedTests = "TELLTALE_DISAMBIGUATED_TESTS"
    /// The plan variant a test process runs under (`variants:` of its suite): a test's id is then
    /// `Module.Suite/test [variant]`, and the `.telltale` trait and `TelltaleTestCase` say so.
    public static let variant = "TELLTALE_VARIANT"
    /// Under `xcodebuild`: the names of every variable the run gives the test runner, one a line.
    /// An app a UI test launches inherits none of them; `TelltaleTestEnvironment.appEnvironment`
    /// gathers them for its `launchEnvironment`.
    public static let appEnvironmentKeys = "TELLTALE_APP_ENVIRONMENT_KEYS"

    /// The test's id as this process names it: with `TELLTALE_VARIANT`'s variant when it has one.
    public static func identifying(_ id: TestID, in variables: [String: String]) -> TestID {
        guard let variant = variables[variant], !variant.isEmpty else { return id }
        return id.inVariant(variant)
    }

    /// The value of `disambiguatedTests` for `ids`: inline, or for a list past the kernel's
    /// limit on one environment string (128 KiB on Linux), a file in `scratchDirectory`.
    public static func disambiguatedTestsValue(_ ids: [String], scratchDirectory: String) throws -> String {
        let inline = ids.joined(separator: "\n")
        guard inline.utf8.count > inlineLimit else { return inline }
        let path = URL(fileURLWithPath: scratchDirectory).appendingPathComponent("disambiguated-tests.txt").path
        try Data(inline.utf8).write(to: URL(fileURLWithPath: path))
        return "@" + path
    }

    /// The ids a `disambiguatedTests` value names, reading its file when it names one.
    public static func disambiguatedTests(from value: String?) -> Set<String> {
        guard let value, !value.isEmpty else { return [] }
        var text = value
        if value.hasPrefix("@") {
            guard let data = FileManager.default.contents(atPath: String(value.dropFirst())) else { return [] }
            text = String(decoding: data, as: UTF8.self)
        }
        return Set(text.split(separator: "\n").map(String.init))
    }

    static let inlineLimit = 64 * 1024

    /// `TELLTALE_SERVICE_<NAME>_URL`, with the service name upper-cased and
    /// every character that is not a letter or digit turned into `_`.
    public static func serviceURL(_ serviceName: String) -> String {
        let sanitized = serviceName.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return "TELLTALE_SERVICE_\(String(sanitized))_URL"
    }
}
