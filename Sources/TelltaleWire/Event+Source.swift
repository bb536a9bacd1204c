extension Event {
    /// The wire format an event arrived in, by the name its registration gives it (TelltaleCapture's
    /// `IngestFormat.registered`, where each format is registered once): stored and written as
    /// that string, so a new format needs nothing here. The constants name Telltale's own
    /// formats for the code that tells them apart (the catalog reads a Snowplow event's schema).
    public struct Source: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
        public var rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public init(stringLiteral value: String) {
            rawValue = value
        }

        public var description: String { rawValue }

        public static let telltale: Source = "telltale"
        public static let segment: Source = "segment"
        public static let ga4: Source = "ga4"
        public static let mixpanel: Source = "mixpanel"
        public static let amplitude: Source = "amplitude"
        public static let snowplow: Source = "snowplow"
        public static let posthog: Source = "posthog"
        public static let rudderstack: Source = "rudderstack"
    }
}
