import Foundation
import TelltaleModel

/// RudderStack's HTTP API, under the route prefix `/rudderstack`: `/rudderstack/v1/track|identify|
/// page|screen|group|alias` take one call, `/rudderstack/v1/batch` `{"batch": [...]}`; the SDKs'
/// data plane URL is `http://HOST:PORT/rudderstack` (after any `/s/{session}`).
///
/// The calls are Segment's (RudderStack's API is a copy of it), so they are read as
/// `SegmentFormat` reads them, with `source` `rudderstack`. Why a prefix rather than a look at
/// the body: nothing in a RudderStack request tells it from a Segment one for sure.
/// rudder-sdk-python names its library `analytics-python` and sends the `User-Agent`
/// `analytics-python/…`, as Segment's SDK does, and `channel`, which RudderStack's SDKs set,
/// is a field of Segment's spec too (set by Segment's servers, so replayed Segment events carry
/// it). Requests to Segment's own paths stay Segment's, whatever they hold.
///
/// As RudderStack's gateway does, it wants the write key as the HTTP Basic user (not in the
/// body) and answers `OK`.
enum RudderStackFormat {
    /// `callType`: the path's call type, or nil for `/rudderstack/v1/batch`.
    static func decode(_ request: IngestRequest, callType: String?) throws(CaptureError) -> IngestResult {
        guard let writeKey = request.basicAuthUser, !writeKey.isEmpty else {
            throw .rejected(status: 401, reason: "Failed to read writeKey from header: send the write key as the HTTP Basic user")
        }
        var result = try SegmentFormat.decode(request, callType: callType, rudderStack: true)
        result.answer = .text("OK")
        return result
    }
}
