import TelltaleModel

/// An event decoded from one wire format, before the store gives it an id, a session, a test
/// and its source (the format's, from its registration: one request's events share it).
struct IncomingEvent: Sendable {
    var name: String
    /// What a tracking plan checks: Segment's `properties`, GA4's `params`, and so on (Capture.md).
    var params: [String: JSONValue]
    /// The event as the vendor's SDK sent it (one batch item, not the whole body).
    var raw: JSONValue
    /// The test the sender says sent it (Telltale's tracker tags events under a lifecycle);
    /// wins over the session's running test, so attribution does not depend on timing.
    var test: TestID? = nil
}
