import TelltaleModel

extension IngestFormat {
    /// Every capture wire format, the one place one is registered: its source, its paths and
    /// their methods, its decoder. The routes are matched by exact path (`IngestRoute`).
    static let registered: [IngestFormat] = [
        IngestFormat(source: .telltale, routes: [Route("/events", decode: NativeFormat.decode)]),
        IngestFormat(
            source: .segment,
            routes: Route.each(["/v1/batch", "/v1/b"]) { request throws(CaptureError) in try SegmentFormat.decode(request, callType: nil) }
                + SegmentFormat.callTypes.sorted().map { type in
                    Route("/v1/\(type)") { request throws(CaptureError) in try SegmentFormat.decode(request, callType: type) }
                }
        ),
        IngestFormat(
            source: .ga4,
            routes: [
                Route("/mp/collect") { request throws(CaptureError) in try GA4Format.decode(request, debug: false) },
                Route("/debug/mp/collect") { request throws(CaptureError) in try GA4Format.decode(request, debug: true) },
            ]
        ),
        IngestFormat(
            source: .mixpanel,
            routes: [
                Route("/track", methods: ["GET", "POST"]) { request throws(CaptureError) in try MixpanelFormat.decode(request, endpoint: .track) },
                Route("/engage", methods: ["GET", "POST"]) { request throws(CaptureError) in try MixpanelFormat.decode(request, endpoint: .engage) },
                Route("/import") { request throws(CaptureError) in try MixpanelFormat.decode(request, endpoint: .import) },
            ]
        ),
        // `/batch` is Amplitude's Batch API; PostHog's is `/batch/`, with its slash.
        IngestFormat(source: .amplitude, routes: Route.each(["/2/httpapi", "/batch"], decode: AmplitudeFormat.decode)),
        IngestFormat(
            source: .snowplow,
            routes: [
                Route("/com.snowplowanalytics.snowplow/tp2") { request throws(CaptureError) in try SnowplowFormat.decode(request, pixel: false) },
                Route("/i", methods: ["GET"]) { request throws(CaptureError) in try SnowplowFormat.decode(request, pixel: true) },
            ]
        ),
        IngestFormat(
            source: .posthog,
            // `data=` may come in a GET's query as well as in a form, so every PostHog route takes both.
            routes: Route.each(
                ["/batch/", "/capture", "/capture/", "/e", "/e/", "/i/v0/e", "/i/v0/e/"], methods: ["GET", "POST"], decode: PostHogFormat.decode)
        ),
        IngestFormat(
            source: .rudderstack,
            // RudderStack's own prefix, so Segment's paths above stay Segment's (`RudderStackFormat`).
            routes: [Route("/rudderstack/v1/batch") { request throws(CaptureError) in try RudderStackFormat.decode(request, callType: nil) }]
                + SegmentFormat.callTypes.sorted().map { type in
                    Route("/rudderstack/v1/\(type)") { request throws(CaptureError) in try RudderStackFormat.decode(request, callType: type) }
                }
        ),
    ]
}
