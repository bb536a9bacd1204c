import Foundation
import TelltaleModel

/// GA4 Measurement Protocol: `POST /mp/collect?measurement_id=…&api_secret=…` with
/// `{"client_id", "events": [{"name", "params"}]}`. `/debug/mp/collect` validates as Google's
/// does and answers `{"validationMessages": [...]}` with 200; the plain route answers 204.
///
///     POST /mp/collect?measurement_id=G-TEST&api_secret=s
///     {"client_id":"123.456","events":[{"name":"purchase","params":{"currency":"USD","value":9.99}}]}
///
/// Both routes check the same rules: a request that breaks one is refused with 400 on `/mp/collect`
/// and answered with validation messages on the debug route; either way it is kept as a bad capture.
enum GA4Format {
    /// Events one request may carry, as Google's validation server allows.
    static let maxEvents = 25
    /// Names Google keeps for the events its SDKs log themselves; a request may not send them.
    static let reservedNames: Set<String> = [
        "ad_activeview", "ad_click", "ad_exposure", "ad_impression", "ad_query", "ad_reward", "adunit_exposure",
        "app_background", "app_clear_data", "app_exception", "app_install", "app_remove", "app_store_refund",
        "app_store_subscription_cancel", "app_store_subscription_convert", "app_store_subscription_renew",
        "app_update", "app_upgrade", "dynamic_link_app_open", "dynamic_link_app_update", "dynamic_link_first_open",
        "error", "first_open", "first_visit", "in_app_purchase", "notification_dismiss", "notification_foreground",
        "notification_open", "notification_receive", "os_update", "session_start", "session_start_with_rollout",
        "user_engagement",
    ]

    /// One entry of the debug answer, in Google's shape:
    ///
    ///     {"description":"Event at index: [0] has invalid name [_bad name]. Names must start with an alphabetic character.",
    ///      "fieldPath":"events","validationCode":"NAME_INVALID"}
    struct ValidationMessage {
        var fieldPath: String
        var description: String
        var validationCode: String

        var json: String {
            JSONValue.object([
                "fieldPath": .string(fieldPath), "description": .string(description), "validationCode": .string(validationCode),
            ]).compactText
        }
    }

    /// `debug`: the request came to `/debug/mp/collect`. Every rule is checked before anything is
    /// stored, so the answer lists all the messages at once, as Google's does.
    static func decode(_ request: IngestRequest, debug: Bool) throws(CaptureError) -> IngestResult {
        let body = try JSONParser.parse(request.body)
        guard let object = body.objectValue else { throw .badRequest("expected a JSON object, got \(body.typeName)") }
        var messages: [ValidationMessage] = []
        // The query names the stream (`measurement_id` for the web, `firebase_app_id` for an app),
        // the body the client (`client_id`, or an app's `app_instance_id`).
        if request.query["measurement_id"] == nil && request.query["firebase_app_id"] == nil {
            messages.append(
                .init(
                    fieldPath: "measurement_id", description: "Unable to find a measurement_id or firebase_app_id in the query string.",
                    validationCode: "VALUE_REQUIRED"))
        }
        if object["client_id"] == nil && object["app_instance_id"] == nil {
            messages.append(.init(fieldPath: "client_id", description: "Measurement requires a client_id.", validationCode: "VALUE_REQUIRED"))
        }
        var events: [IncomingEvent] = []
        if let list = object["events"]?.arrayValue, !list.isEmpty {
            if list.count > maxEvents {
                messages.append(
                    .init(
                        fieldPath: "events", description: "A maximum of \(maxEvents) events can be specified per request.",
                        validationCode: "EXCEEDED_MAX_ENTITIES"))
            }
            for (offset, item) in list.enumerated() {
                guard let event = item.objectValue else {
                    messages.append(
                        .init(fieldPath: "events", description: "Event at index: [\(offset)] must be an object.", validationCode: "VALUE_INVALID"))
                    continue
                }
                guard case .string(let name)? = event["name"] else {
                    messages.append(
                        .init(fieldPath: "events", description: "Event at index: [\(offset)] requires a name.", validationCode: "VALUE_REQUIRED"))
                    continue
                }
                if let problem = nameProblem(name) {
                    messages.append(
                        .init(
                            fieldPath: "events", description: "Event at index: [\(offset)] has invalid name [\(name)]. \(problem)",
                            validationCode: "NAME_INVALID"))
                } else if reservedNames.contains(name) {
                    messages.append(
                        .init(
                            fieldPath: "events", description: "Event at index: [\(offset)] has name [\(name)] which is reserved.",
                            validationCode: "NAME_RESERVED"))
                }
                // An event with a bad name is still decoded, so its params are checked too.
                var params: [String: JSONValue] = [:]
                if let given = event["params"], given != .null {
                    if let members = given.objectValue {
                        params = members
                        for key in members.keys.sorted() {
                            if let problem = nameProblem(key) {
                                messages.append(
                                    .init(
                                        fieldPath: "events.params", description: "Event at index: [\(offset)] has invalid param [\(key)]. \(problem)",
                                        validationCode: "NAME_INVALID"))
                            }
                        }
                    } else {
                        messages.append(
                            .init(
                                fieldPath: "events.params", description: "Event at index: [\(offset)] has params that are not an object.",
                                validationCode: "VALUE_INVALID"))
                    }
                }
                events.append(IncomingEvent(name: name, params: params, raw: item))
            }
        } else {
            messages.append(.init(fieldPath: "events", description: "Measurement requires at least one event.", validationCode: "VALUE_REQUIRED"))
        }
        let reason = messages.map(\.description).joined(separator: " ")
        // The debug route stores nothing of a request it finds fault with, and keeps the request
        // as a bad capture (`rejectedReason`), though it answers 200 as Google's does.
        if debug {
            let answer = IngestAnswer.json("{\"validationMessages\":[\(messages.map(\.json).joined(separator: ","))]}")
            return messages.isEmpty ? IngestResult(events: events, answer: answer) : IngestResult(events: [], answer: answer, rejectedReason: reason)
        }
        guard messages.isEmpty else { throw .badRequest(reason) }
        return IngestResult(events: events, answer: .noContent)
    }

    /// Google's rule for event and parameter names: a letter first, then letters, digits or
    /// underscores, at most 40 characters.
    static func nameProblem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "Names must not be empty." }
        guard name.unicodeScalars.count <= 40 else { return "Names must be 40 characters or fewer." }
        guard first.properties.isAlphabetic, first.isASCII else { return "Names must start with an alphabetic character." }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }) else {
            return "Only alphanumeric characters and underscores are allowed."
        }
        return nil
    }
}
