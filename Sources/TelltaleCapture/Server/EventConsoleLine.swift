import Foundation
import TelltaleModel

/// The live line `telltale capture` prints on stderr for each event, for a person testing by hand:
/// `12:03:04 [session] source name {"param":1}`.
public enum EventConsoleLine {
    public static func line(_ event: Event) -> String {
        let time = event.receivedAt.formatted(.iso8601.time(includingFractionalSeconds: false))
        let test = event.test.map { " (\($0.rawValue))" } ?? ""
        return "\(time) [\(event.session)]\(test) \(event.source.rawValue) \(event.name) \(JSONValue.object(event.params).compactText)"
    }
}
