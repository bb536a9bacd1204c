import TelltaleModel

/// The capture routes of the contract, each tied to its wire format.
enum IngestRoute: Sendable, Equatable {
    case native
    case segment(callType: String?)
    case ga4(debug: Bool)
    case mixpanel(MixpanelFormat.Endpoint)
    case amplitude
    case snowplow(pixel: Bool)
    case posthog
    case rudderstack(callType: String?)

    /// The route for a path without its session prefix, or nil when no format owns the path.
    static func match(path: String) -> IngestRoute? {
        switch path {
        case "/events": .native
        case "/v1/batch", "/v1/b": .segment(callType: nil)
        case "/mp/collect": .ga4(debug: false)
        case "/debug/mp/collect": .ga4(debug: true)
        case "/track": .mixpanel(.track)
        case "/engage": .mixpanel(.engage)
        case "/import": .mixpanel(.import)
        case "/2/httpapi", "/batch": .amplitude
        case "/com.snowplowanalytics.snowplow/tp2": .snowplow(pixel: false)
        case "/i": .snowplow(pixel: true)
        case "/batch/", "/capture", "/capture/", "/e", "/e/", "/i/v0/e", "/i/v0/e/": .posthog
        case "/rudderstack/v1/batch": .rudderstack(callType: nil)
        default:
            if path.hasPrefix("/v1/"), SegmentFormat.callTypes.contains(String(path.dropFirst(4))) {
                .segment(callType: String(path.dropFirst(4)))
            } else if path.hasPrefix("/rudderstack/v1/"), SegmentFormat.callTypes.contains(String(path.dropFirst(16))) {
                .rudderstack(callType: String(path.dropFirst(16)))
            } else {
                nil
            }
        }
    }

    var source: Event.Source {
        switch self {
        case .native: .telltale
        case .segment: .segment
        case .ga4: .ga4
        case .mixpanel: .mixpanel
        case .amplitude: .amplitude
        case .snowplow: .snowplow
        case .posthog: .posthog
        case .rudderstack: .rudderstack
        }
    }

    /// The methods the vendor's SDKs use on this route.
    func allows(method: String) -> Bool {
        switch self {
        case .snowplow(pixel: true): method == "GET"
        case .mixpanel(.track), .mixpanel(.engage), .posthog: method == "GET" || method == "POST"
        default: method == "POST"
        }
    }

    func decode(_ request: IngestRequest) throws(CaptureError) -> IngestResult {
        switch self {
        case .native: try NativeFormat.decode(request)
        case .segment(let callType): try SegmentFormat.decode(request, callType: callType)
        case .ga4(let debug): try GA4Format.decode(request, debug: debug)
        case .mixpanel(let endpoint): try MixpanelFormat.decode(request, endpoint: endpoint)
        case .amplitude: try AmplitudeFormat.decode(request)
        case .snowplow(let pixel): try SnowplowFormat.decode(request, pixel: pixel)
        case .posthog: try PostHogFormat.decode(request)
        case .rudderstack(let callType): try RudderStackFormat.decode(request, callType: callType)
        }
    }
}
