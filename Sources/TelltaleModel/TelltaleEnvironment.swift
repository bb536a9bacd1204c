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

    /// `TELLTALE_SERVICE_<NAME>_URL`, with the service name upper-cased and
    /// every character that is not a letter or digit turned into `_`.
    public static func serviceURL(_ serviceName: String) -> String {
        let sanitized = serviceName.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return "TELLTALE_SERVICE_\(String(sanitized))_URL"
    }
}
