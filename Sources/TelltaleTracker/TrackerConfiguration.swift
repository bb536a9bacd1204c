import Foundation
import TelltaleWire

/// Where an app's tracker sends events in test runs, read from the environment
/// `telltale run` gives test processes.
///
/// Outside Telltale the variables are absent and `fromEnvironment` is nil: the
/// tracker is then a no-op, so shipping it in an app costs nothing.
public struct TrackerConfiguration: Sendable, Hashable {
    /// The capture server's root (`TELLTALE_CAPTURE_URL`); batches go to its `events` route, under `s/{session}` when set.
    public var captureURL: URL
    /// Groups the events of one worker; the capture server keys its queries by it.
    public var session: String?

    /// A configuration for a capture server you name, instead of the one `telltale run` gives.
    public init(captureURL: URL, session: String? = nil) {
        self.captureURL = captureURL
        self.session = session
    }

    /// From `TELLTALE_CAPTURE_URL` and `TELLTALE_SESSION`; nil when the capture URL is missing, empty or not a URL.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> TrackerConfiguration? {
        guard let text = environment[TelltaleEnvironment.captureURL], !text.isEmpty, let url = URL(string: text) else {
            return nil
        }
        let session = environment[TelltaleEnvironment.session].flatMap { $0.isEmpty ? nil : $0 }
        return TrackerConfiguration(captureURL: url, session: session)
    }
}
