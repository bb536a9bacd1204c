import Foundation
import TelltaleModel
import TelltaleVerify

// Times `Verifier` at scale on synthetic data: EVENTS events spread over TESTS tests, one
// expectations block per test holding EXPECTATIONS event expectations in all (with forbids,
// orders, strict blocks and regex keys mixed in, and about 2% failing so near misses are
// ranked), and a 40-event tracking plan every event is checked against.
//
//   telltale-verify-benchmark [EVENTS] [EXPECTATIONS] [TESTS] [ROUNDS]

// A missing argument, or one that is not a whole number, takes the default.
let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
let eventCount = arguments.first.flatMap { $0 } ?? 100_000
let expectationCount = arguments.dropFirst().first.flatMap { $0 } ?? 10_000
let testCount = arguments.dropFirst(2).first.flatMap { $0 } ?? 10_000
let rounds = arguments.dropFirst(3).first.flatMap { $0 } ?? 5
// The tracking plan's events, all with the same params schema; every event sent is one of them.
let names = (0..<40).map { "event_\($0)" }

/// Fifty tests to a suite, so each suite pattern below selects fifty tests.
func testID(_ index: Int) -> TestID { TestID("BenchTests.Suite\(index / 50)/test\(index)()") }

/// An `order_id` in the 8-4-4-4-12 hexadecimal form `format: uuid` and the `.uuid` placeholder
/// accept: `seed`'s hexadecimal digits reversed, padded with `7`.
func uuid(_ seed: Int) -> String {
    let hex = String(String(seed, radix: 16).reversed()).padding(toLength: 32, withPad: "7", startingAt: 0)
    let c = Array(hex)
    return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20]) + "-" + String(c[20..<32])
}

// A millisecond apart, round-robin over the tests; every 500th event is sent outside any test,
// so the plan's check also has unattributed events to report.
let start = Date(timeIntervalSince1970: 1_790_000_000)
var events: [Event] = []
events.reserveCapacity(eventCount)
for j in 0..<eventCount {
    let test: TestID? = j % 500 == 0 ? nil : testID(j % testCount)
    var params: [String: JSONValue] = [
        "screen": .string(j % 3 == 0 ? "cart" : "checkout"),
        "value": .number(Double(j % 1000) * 0.5),
        "items": .array([.object(["sku": .string("A\(j % 9)"), "qty": .number(Double(j % 4))])]),
        "user": .object(["id": .string("u\(j % 1000)"), "premium": .bool(j % 2 == 0)]),
        "order_id": .string(uuid(j)),
    ]
    if j % 997 == 0 { params["value"] = .string("9.99") }  // a type violation now and then
    if j % 1009 == 0 { params["coupn"] = .string("SAVE10") }  // an extra property
    events.append(
        Event(
            id: String(format: "%08d", j), receivedAt: start.addingTimeInterval(Double(j) / 1000), session: "w\(j % 4)",
            test: test, source: .telltale, name: names[(j / testCount) % names.count], params: params, raw: .null
        ))
}

// Every planned event's params, as a plan's JSON Schema file would give them.
let paramsSchema = """
    { "type": "object", "required": ["screen", "value"], "additionalProperties": false,
      "properties": {
        "screen": { "type": "string", "enum": ["cart", "checkout"] },
        "value": { "type": "number", "minimum": 0 },
        "items": { "type": "array", "minItems": 1, "items": {
          "type": "object", "required": ["sku"], "additionalProperties": false,
          "properties": { "sku": { "type": "string", "pattern": "^A[0-9]$" }, "qty": { "type": "integer", "minimum": 0 } } } },
        "user": { "type": "object", "additionalProperties": false,
          "properties": { "id": { "type": "string" }, "premium": { "type": "boolean" } } },
        "order_id": { "type": "string", "format": "uuid" } } }
    """
var library = JSONSchemaLibrary()
library.add(try JSONSchemaDocument(json: paramsSchema, uri: "file:///bench/params.json", file: "params.json"))
guard let planParams = library.schema(in: "file:///bench/params.json"), library.problems.isEmpty else {
    fatalError("the benchmark's params schema: \(library.problems)")
}
// `$`-prefixed names (SDKs' own events) are ignored, so the ignore patterns are matched too.
let catalog = EventCatalog(events: names.map { CatalogEvent(name: $0, paramsSchema: planParams) }, ignore: [.pattern("^\\$")])

// Each test i sends events named names[(j / testCount) % 40] for j ≡ i (mod testCount).
func sentNames(_ test: Int) -> [String] {
    stride(from: test, to: eventCount, by: testCount).map { names[($0 / testCount) % names.count] }
}

var blocks: [TestExpectations] = []
var expectationsLeft = expectationCount
for test in 0..<testCount where expectationsLeft > 0 {
    // What is left, spread evenly over the tests left, so EXPECTATIONS is met whatever TESTS is.
    let perTest = max(1, expectationsLeft / (testCount - test))
    let sent = sentNames(test)
    guard let first = sent.first else { continue }
    var expected: [EventExpectation] = []
    for k in 0..<perTest {
        // One expectation in 50 asks for a `value` below -1, which no event has: a failure whose
        // nearest misses the verifier ranks.
        let failing = (test * 7 + k) % 50 == 0
        let name = sent[k % sent.count]
        expected.append(
            EventExpectation(
                EventSpec(
                    name: name,
                    params: [
                        ParamField("screen", .oneOf([.equals("cart"), .equals("checkout")])),
                        ParamField("value", failing ? .range(NumberRange(lt: -1)) : .all([.type([.number]), .range(NumberRange(gte: 0))])),
                        ParamField(ParamPath(parsing: "items[0].sku")!, .regex("^A")),
                        ParamField(ParamPath(parsing: "user.id")!, .placeholder(.nonempty)),
                        ParamField("order_id", .placeholder(.uuid)),
                    ])))
    }
    expectationsLeft -= perTest
    blocks.append(
        TestExpectations(
            .id(testID(test).rawValue), events: expected,
            // Every 10th test forbids an event, every 20th orders two (every 40th allowing gaps), every
            // 50th is strict: each kind of check runs, on a share of the tests.
            forbid: test % 10 == 0 ? [EventSpec(name: "app_crash")] : [],
            order: test % 20 == 0 && sent.count > 1
                ? OrderExpectation([EventSpec(name: first), EventSpec(name: sent[1])], gaps: test % 40 == 0) : nil,
            strict: test % 50 == 0
        ))
}
// Pattern-selected blocks, which the verifier matches against every test id.
for suite in 0..<5 {
    blocks.append(TestExpectations(.pattern("^BenchTests\\.Suite\(suite)/"), forbid: [EventSpec(name: "checkout_error")]))
}
let tests = (0..<testCount).map(testID)
let blockExpectations = blocks.reduce(0) { $0 + $1.events.count }

func milliseconds(_ from: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - from.uptimeNanoseconds) / 1_000_000
}

var compileTimes: [Double] = []
var verifyTimes: [Double] = []
var report: VerificationReport?
// `Verifier.init` compiles the blocks and the tracking plan once per round, timed apart from
// `verify`, which runs every test's blocks and the plan's check over all the events.
for _ in 0..<rounds {
    let compileStart = DispatchTime.now()
    let verifier = try Verifier(expectations: blocks, catalog: catalog)
    compileTimes.append(milliseconds(compileStart))
    let verifyStart = DispatchTime.now()
    report = verifier.verify(events: events, tests: tests)
    verifyTimes.append(milliseconds(verifyStart))
}
// The last round's: every round verifies the same events. ROUNDS of 0 leaves none and traps here.
let result = report!
let failures = result.tests.reduce(0) { $0 + $1.failures.count }
// Tracking-plan violations, in tests and in the events sent outside any.
let violations = result.tests.reduce(0) { $0 + $1.violations.reduce(0) { $0 + $1.count } } + result.unattributed.reduce(0) { $0 + $1.count }
/// The middle value; of an even count, the upper of the two middle ones.
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
print(
    """
    \(events.count) events, \(tests.count) tests, \(blocks.count) expectation blocks with \(blockExpectations) event expectations, \
    \(catalog.events.count)-event tracking plan
    result: \(result.failedTests.count) tests failed (\(failures) expectation failures, \(violations) violating events), \
    coverage \(Int(result.coverage!.fraction * 100))%
    compile (Verifier.init): median \(String(format: "%.1f", median(compileTimes))) ms
    verify: median \(String(format: "%.1f", median(verifyTimes))) ms, best \(String(format: "%.1f", verifyTimes.min()!)) ms over \(rounds) rounds
    total (compile + verify, median): \(String(format: "%.1f", median(compileTimes) + median(verifyTimes))) ms
    """)
