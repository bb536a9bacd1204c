import TelltaleModel

/// An event decoded from one wire format, before the store gives it an id, a session and a test.
struct IncomingEvent: Sendable {
    var source: Event.Source
    var name: String
    var params: [String: JSONValue]
    var raw: JSONValue
    /// The test the sender says sent it (Telltale's tracker tags events under a lifecycle);
    /// wins over the session's running test, so attribution does not depend on timing.
    var test: TestID? = nil
}
