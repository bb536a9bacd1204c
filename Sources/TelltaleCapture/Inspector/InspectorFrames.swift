import Foundation
import NIOCore
import TelltaleModel

/// The server-sent-event frames of the inspector's stream (`GET /_telltale/stream`), and the
/// JSON of a stored event with its tracking-plan check, as the control API answers it.
enum InspectorFrames {
    /// `id: 00000007` / `event: capture` / `data: {…the stored event…, "check": {…}}`.
    static func capture(_ event: Event, violations: [CatalogViolation]?) -> ByteBuffer {
        var bytes: [UInt8] = Array("id: \(event.id)\nevent: capture\ndata: ".utf8)
        appendEventJSON(event, violations: violations, to: &bytes)
        bytes += [0x0A, 0x0A]
        return ByteBuffer(bytes: bytes)
    }

    /// `event: bad` with the bad capture, as `GET /_telltale/bad` lists it.
    static func bad(_ capture: BadCapture) -> ByteBuffer {
        frame("bad", json: (try? EventCoding.encode(capture)) ?? Array("{}".utf8))
    }

    /// `event: reset` / `data: {"removed":3,"session":"worker-1"}`; `session` null when every
    /// session was reset.
    static func reset(removed: Int, session: String?) -> ByteBuffer {
        let object: [String: JSONValue] = ["removed": .number(Double(removed)), "session": session.map(JSONValue.string) ?? .null]
        return frame("reset", json: Array(JSONValue.object(object).compactText.utf8))
    }

    /// `event: dropped` / `data: {"before":"00000042"}`: events older than that left memory
    /// (`--max-events`), and a page may drop them too.
    static func dropped(before id: String) -> ByteBuffer {
        frame("dropped", json: Array(JSONValue.object(["before": .string(id)]).compactText.utf8))
    }

    /// The first frame of every stream; `retry` asks the browser to reconnect within a second.
    static func hello(server: String, events: Int, bad: Int, catalog: Bool, maxEvents: Int?) -> ByteBuffer {
        let object: [String: JSONValue] = [
            "server": .string(server), "events": .number(Double(events)), "bad": .number(Double(bad)), "catalog": .bool(catalog),
            "maxEvents": maxEvents.map { .number(Double($0)) } ?? .null,
        ]
        var buffer = ByteBuffer(string: "retry: 1000\n")
        var hello = frame("hello", json: Array(JSONValue.object(object).compactText.utf8))
        buffer.writeBuffer(&hello)
        return buffer
    }

    /// A comment line: EventSource ignores it, but it keeps the connection from looking idle.
    static let keepalive = ByteBuffer(string: ": keepalive\n\n")

    /// `event: NAME` and one `data:` line. Compact JSON holds no raw line break, so one line suffices.
    private static func frame(_ name: String, json: [UInt8]) -> ByteBuffer {
        ByteBuffer(bytes: Array("event: \(name)\ndata: ".utf8) + json + [0x0A, 0x0A])
    }

    /// The stored event's JSON, with `"check": {"valid", "violations"}` when a tracking plan
    /// checked it (`violations` non-nil), spliced in before the closing brace.
    static func appendEventJSON(_ event: Event, violations: [CatalogViolation]?, to bytes: inout [UInt8]) {
        var json: [UInt8] = []
        event.appendJSON(to: &json)
        guard let violations, json.last == UInt8(ascii: "}") else {
            bytes += json
            return
        }
        json.removeLast()
        bytes += json
        bytes += Array(",\"check\":".utf8)
        bytes += Array(check(violations).compactText.utf8)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `{"valid":false,"violations":[{"kind","path","expected","actual","message"}]}`.
    static func check(_ violations: [CatalogViolation]) -> JSONValue {
        .object([
            "valid": .bool(violations.isEmpty),
            "violations": .array(
                violations.map { violation in
                    .object([
                        "kind": .string(violation.kind.rawValue), "path": .string(violation.path),
                        "expected": .string(violation.expected), "actual": violation.actual.map(JSONValue.string) ?? .null,
                        "message": .string(violation.message),
                    ])
                }),
        ])
    }
}
