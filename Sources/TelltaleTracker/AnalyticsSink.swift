import TelltaleWire

/// Anything that can send an event by name with JSON properties: `Tracker`, or a few lines
/// around another analytics SDK, so the generated event types work with any of them.
///
/// ```swift
/// struct SegmentSink: AnalyticsSink {
///     let analytics: Analytics
///     func send(eventNamed name: String, properties: [String: JSONValue]) {
///         analytics.track(name: name, properties: properties)  // JSONValue is Codable
///     }
/// }
/// ```
public protocol AnalyticsSink {
    func send(eventNamed name: String, properties: [String: JSONValue])
}

extension AnalyticsSink {
    /// Sends a typed event (one `telltale plan generate-swift` emitted).
    public func track(_ event: some TrackedEvent) {
        send(eventNamed: type(of: event).eventName, properties: event.properties)
    }
}

extension Tracker: AnalyticsSink {
    public func send(eventNamed name: String, properties: [String: JSONValue]) {
        track(name, properties)
    }
}
