import Foundation
import TelltaleModel

/// Segment's HTTP Tracking API: `/v1/track|identify|page|screen|group|alias` take one call,
/// `/v1/batch` (and `/v1/b`) `{"batch": [...]}`. The write key comes as HTTP Basic user or `writeKey`.
///
/// Names: a track call's `event`; otherwise the call type (`identify`, `page`, …).
/// Params: a track/page/screen call's `properties` (page and screen add their `name`),
/// identify/group's `traits` (group adds `groupId`; RudderStack's identify also `context.traits`),
/// alias's `previousId` and `userId`.
///
///     POST /v1/track   Authorization: Basic d2tfdGVzdDo=   (`wk_test:`)
///     {"userId":"u1","event":"Order Completed","properties":{"revenue":39.95,"currency":"USD"}}
///
/// and answers `{"success":true}`, as Segment's API does.
enum SegmentFormat {
    /// The call types a path (`/v1/track`) or a batch item's `type` may name.
    static let callTypes: Set<String> = ["track", "identify", "page", "screen", "group", "alias"]

    /// `rudderStack`: RudderStack's calls, whose identify also carries `context.traits`.
    static func decode(_ request: IngestRequest, callType: String?, rudderStack: Bool = false) throws(CaptureError) -> IngestResult {
        let body = try JSONParser.parse(request.body)
        guard let object = body.objectValue else { throw .badRequest("expected a JSON object, got \(body.typeName)") }
        let writeKey = request.basicAuthUser.flatMap { $0.isEmpty ? nil : $0 } ?? object["writeKey"]?.stringValue
        guard let writeKey, !writeKey.isEmpty else {
            throw .rejected(status: 401, reason: "no write key: send it as the HTTP Basic user or as \"writeKey\" in the body")
        }
        // Each call with its type: the path's for a single call, each item's own `type` in a batch.
        let calls: [(JSONValue, String)]
        if let callType {
            calls = [(body, callType)]
        } else {
            guard let batch = object["batch"]?.arrayValue else { throw .badRequest("a batch needs \"batch\": [...]") }
            guard !batch.isEmpty else { throw .badRequest("\"batch\" is empty") }
            var typed: [(JSONValue, String)] = []
            for (offset, call) in batch.enumerated() {
                guard case .string(let type)? = call["type"], callTypes.contains(type) else {
                    throw .badRequest("batch[\(offset)].type must be one of \(callTypes.sorted().joined(separator: ", "))")
                }
                typed.append((call, type))
            }
            calls = typed
        }
        var events: [IncomingEvent] = []
        for (offset, (call, type)) in calls.enumerated() {
            let context = callType == nil ? "batch[\(offset)]" : "body"
            events.append(try event(call, type: type, context: context, rudderStack: rudderStack))
        }
        return IngestResult(events: events, answer: .json("{\"success\":true}"))
    }

    /// One call as an event. `context` names it in an error (`body`, `batch[2]`), so a bad batch
    /// says which item was wrong.
    private static func event(_ call: JSONValue, type: String, context: String, rudderStack: Bool) throws(CaptureError) -> IncomingEvent {
        guard let object = call.objectValue else { throw .badRequest("\(context) must be an object") }
        // Segment refuses a call that names no user; an alias names two in its own fields.
        if type != "alias" && object["userId"] == nil && object["anonymousId"] == nil {
            throw .badRequest("\(context) needs \"userId\" or \"anonymousId\"")
        }
        func members(_ key: String) throws(CaptureError) -> [String: JSONValue] {
            guard let value = object[key], value != .null else { return [:] }
            guard let members = value.objectValue else { throw .badRequest("\(context).\(key) must be an object, got \(value.typeName)") }
            return members
        }
        var name = type
        var params: [String: JSONValue]
        switch type {
        case "track":
            guard case .string(let event)? = object["event"], !event.isEmpty else {
                throw .badRequest("\(context) is a track call without a string \"event\"")
            }
            name = event
            params = try members("properties")
        case "page", "screen":
            params = try members("properties")
            if let pageName = object["name"], pageName != .null { params["name"] = pageName }
        case "identify":
            params = try members("traits")
            // RudderStack's SDKs send an identify's traits in `context.traits`.
            // Where both have a trait, the top-level `traits` wins.
            if rudderStack, let traits = object["context"]?["traits"]?.objectValue {
                params = traits.merging(params) { $1 }
            }
        case "group":
            params = try members("traits")
            guard let groupId = object["groupId"], groupId != .null else { throw .badRequest("\(context) is a group call without \"groupId\"") }
            params["groupId"] = groupId
        default:
            guard let previous = object["previousId"], let user = object["userId"] else {
                throw .badRequest("\(context) is an alias call without \"previousId\" and \"userId\"")
            }
            params = ["previousId": previous, "userId": user]
        }
        return IncomingEvent(name: name, params: params, raw: call)
    }
}
