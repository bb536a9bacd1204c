import TelltaleModel

/// An event decoded from one wire format, before the store gives it an id, a session and a test.
struct IncomingEvent: Sendable {
    var source: Event.Source
    var name: String
    var params: [String: JSONValue]
    var raw: JSONValue
}
