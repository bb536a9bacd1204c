import Foundation
import TelltaleModel
import TelltalePlan
import TelltaleVerify

// Times JSON Schema tracking plans: SCHEMAS Segment-style schema files (draft-07 and 2020-12,
// with nested objects, arrays, enums, patterns, formats, `$ref`s to a shared file and oneOf)
// are written to a folder and loaded with `CatalogLoader`; EVENTS captured events (about 2%
// breaking their schema) are checked as a run checks them (`Verifier.verify`), and one at a
// time as `telltale capture --catalog` checks each as it arrives (`TrackingPlanCheck`).
//
//   telltale-schema-benchmark [EVENTS] [SCHEMAS] [ROUNDS]

// A missing argument, or one that is not a whole number, takes the default.
let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
let eventCount = arguments.first.flatMap { $0 } ?? 100_000
let schemaCount = arguments.dropFirst().first.flatMap { $0 } ?? 200
let rounds = arguments.dropFirst(2).first.flatMap { $0 } ?? 5

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telltale-schema-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

// Names with spaces, as Segment's plans write them (`Order Completed`).
let names = (0..<schemaCount).map { "Event \($0) Happened" }
// No event's schema, and every event's refers to it: the loader reads it for its definitions
// and does not report it as a schema that names no event.
let common = """
    { "$schema": "http://json-schema.org/draft-07/schema#",
      "definitions": {
        "sku": { "type": "string", "pattern": "^SKU-[0-9]{1,4}$" },
        "money": { "type": "number", "minimum": 0, "exclusiveMaximum": 1000000 },
        "item": { "type": "object", "required": ["sku", "qty"], "additionalProperties": false,
          "properties": { "sku": { "$ref": "#/definitions/sku" }, "qty": { "type": "integer", "minimum": 1, "maximum": 99 },
            "price": { "$ref": "#/definitions/money" } } } } }
    """
try common.write(to: folder.appendingPathComponent("common.json"), atomically: true, encoding: .utf8)
for (index, name) in names.enumerated() {
    // Half of each draft, so both dialects are read and checked.
    let draft = index % 2 == 0 ? "http://json-schema.org/draft-07/schema#" : "https://json-schema.org/draft/2020-12/schema"
    // Segment's whole-call envelope: the event's name is the `const` of `properties.event`, its
    // params the schema at `properties.properties`.
    let schema = """
        { "$schema": "\(draft)", "description": "Benchmark event \(index).",
          "properties": { "event": { "const": "\(name)" }, "context": {}, "properties": {
            "type": "object", "required": ["screen", "value", "order_id"], "additionalProperties": false,
            "properties": {
              "screen": { "type": "string", "enum": ["cart", "checkout", "home", "search"] },
              "value": { "$ref": "common.json#/definitions/money" },
              "order_id": { "type": "string", "format": "uuid" },
              "placed_at": { "type": "string", "format": "date-time" },
              "coupon": { "type": ["string", "null"], "minLength": 3, "maxLength": 12 },
              "items": { "type": "array", "minItems": 1, "maxItems": 20, "items": { "$ref": "common.json#/definitions/item" } },
              "user": { "type": "object", "required": ["id"], "properties": {
                "id": { "type": "string", "pattern": "^u[0-9]+$" }, "premium": { "type": "boolean" },
                "plan": { "oneOf": [{ "const": "free" }, { "const": "pro" }, { "type": "null" }] } } } } } } }
        """
    try schema.write(to: folder.appendingPathComponent("event-\(index).json"), atomically: true, encoding: .utf8)
}

/// A distinct, well-formed UUID per event.
func uuid(_ seed: Int) -> String {
    String(format: "%08lx-0000-4000-8000-%012lx", seed & 0xFFFF_FFFF, (seed &* 2_654_435_761) & 0xFFFF_FFFF_FFFF)
}

// Events valid but for the few changed below, spread over the events and over 2,000 tests in
// 20 suites; `plan` is null for every third, `oneOf`'s null branch.
let start = Date(timeIntervalSince1970: 1_790_000_000)
var events: [Event] = []
events.reserveCapacity(eventCount)
for j in 0..<eventCount {
    var params: [String: JSONValue] = [
        "screen": .string(["cart", "checkout", "home", "search"][j % 4]),
        "value": .number(Double(j % 1000) * 0.5),
        "order_id": .string(uuid(j)),
        "placed_at": "2026-11-21T05:20:00.125Z",
        "items": .array([.object(["sku": .string("SKU-\(j % 9999)"), "qty": .number(Double(1 + j % 4)), "price": 9.5])]),
        "user": .object(["id": .string("u\(j % 1000)"), "premium": .bool(j % 2 == 0), "plan": j % 3 == 0 ? .null : "pro"]),
    ]
    if j % 97 == 0 { params["value"] = .string("9.99") }  // about 2% break their schema
    if j % 101 == 0 { params["coupn"] = .string("SAVE10") }
    events.append(
        Event(
            id: String(format: "%08d", j), receivedAt: start.addingTimeInterval(Double(j) / 1000), session: "w\(j % 4)",
            test: TestID("BenchTests.Suite\(j % 20)/test\(j % 2000)()"), source: .segment, name: names[j % names.count], params: params,
            raw: .null))
}

/// This thread's CPU time: on a shared machine (CI, the project's container) wall time also
/// counts the time other processes had the CPU.
func cpuTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

// Each timed phase's CPU seconds, one entry a round.
var cpu: [String: [Double]] = [:]

/// Wall time of `body`; its CPU time goes to `cpu[phase]`.
/// `@MainActor`: it writes the global `cpu`, which top-level code isolates to the main actor.
@MainActor func seconds(_ phase: String = "", _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let cpuStart = cpuTime()
    let elapsed = try clock.measure(body)
    cpu[phase, default: []].append(cpuTime() - cpuStart)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The middle value; of an even count, the upper of the two middle ones.
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

var catalog: EventCatalog!
let load = try seconds { catalog = try CatalogLoader().load(path: folder.path) }
precondition(catalog.events.count == schemaCount, "loaded \(catalog.events.count) events")

var compile: [Double] = []
var verify: [Double] = []
var live: [Double] = []
var violations = 0
for _ in 0..<rounds {
    var verifier: Verifier!
    // No expectations: only the tracking-plan check is compiled and run.
    compile.append(try seconds("compile") { verifier = try Verifier(expectations: [], catalog: catalog) })
    verify.append(
        seconds("verify") { violations = verifier.verify(events: events).tests.map { $0.violations.map(\.count).reduce(0, +) }.reduce(0, +) })
    // Built outside the timing, as the capture server builds it once at start; what is timed is
    // the per-event check it makes as each event arrives.
    let check = try TrackingPlanCheck(catalog: catalog)
    var found = 0
    live.append(seconds("live") { for event in events { found += check.violations(of: event).count } })
    // The broken events were found, so the check did its work.
    precondition(found > 0)
}
// The run check's cost: compiling the plan and checking every event, against its 1 s target.
let total = median(compile) + median(verify)
let cpuTotal = median(cpu["compile"]!) + median(cpu["verify"]!)
func ms(_ value: Double) -> String { String(format: "%.0f", value * 1000) }
print("schema catalog: \(schemaCount) schemas loaded in \(ms(load)) ms")
print(
    "run check: \(eventCount) events, \(violations) violations: compile \(ms(median(compile))) ms, verify \(ms(median(verify))) ms, "
        + "\(String(format: "%.2f", total)) s in all (CPU \(String(format: "%.2f", cpuTotal)) s; median of \(rounds); target < 1 s)")
print(
    "live check: \(String(format: "%.2f", median(live) / Double(eventCount) * 1e6)) µs per event "
        + "(CPU \(String(format: "%.2f", median(cpu["live"]!) / Double(eventCount) * 1e6)) µs; median of \(rounds); target < 50 µs)")
