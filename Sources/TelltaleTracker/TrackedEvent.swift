import TelltaleWire

/// An analytics event with typed properties: `telltale plan generate-swift` emits one type per
/// planned event that conforms to this, so code that sends it compiles only when it matches
/// the tracking plan.
///
/// Hand-written and stable, so generated files stay small: they declare the properties (with
/// `CodingKeys` holding the wire names) and `eventName`; `properties` comes from `Encodable`.
public protocol TrackedEvent: Encodable, Sendable {
    /// The name the tracking plan gives the event, as sent (`purchase_completed`).
    static var eventName: String { get }
    /// The event's properties as sent: the wire names, absent optionals left out.
    var properties: [String: JSONValue] { get }
}

extension TrackedEvent {
    /// Encodes the event through TelltaleJSON's encoder, so dates take Telltale's one form
    /// (ISO 8601, milliseconds). A value the encoder refuses (a non-finite number) leaves the
    /// properties empty, which the tracking-plan check then reports, rather than crashing the app.
    public var properties: [String: JSONValue] {
        guard case .object(let members)? = try? JSONValueEncoder().encode(self) else { return [:] }
        return members
    }
}
