import TelltaleWire

/// What a typed expectation asks of one property: anything, or an equal value. Generated
/// expectations (`ExpectedEvent.purchaseCompleted(currency: .equals(.usd))`) take one per
/// property, defaulting to `.any`.
public enum Match<Value: Encodable & Sendable>: Sendable {
    /// Any value, or none: the property is not checked.
    case any
    /// Present and equal, as the plan's `params:` compare (numbers by value, objects in full).
    case equals(Value)

    /// The value the capture server compares with, or nil for `.any`. Encoded by TelltaleJSON's
    /// encoder, as `TrackedEvent.properties` encodes what the app sends, so both sides agree.
    public var expectedValue: JSONValue? {
        guard case .equals(let value) = self else { return nil }
        return try? JSONValueEncoder().encode(value)
    }
}
