import TelltaleModel

/// An event decoded from one wire format, before the store gives it an id, a session, a test
/// and its source (the format's, from its registration: one request's events share it).
struct IncomingEvent: Sendable {
    var name: String
    var params: [String: JSONValue]
    var raw: JSONValue
    /// The test the sender says sent it (Telltale's tracker tags events under a lifecycle);
    /// wins over the session's running test, so attribution does not depend on timing.
    var test: TestID? = nil
}
