import Foundation
import TelltaleModel
import TelltaleVerify

/// Builds captured events for tests: ids `e1`, `e2`, … and one millisecond apart, in the order given.
enum Sent {
    static let test = TestID("Shop.CartTests/testAdd")
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func events(
        _ items: [(String, [String: JSONValue])], test: TestID? = Sent.test, session: String = "worker-1", firstID: Int = 1
    ) -> [Event] {
        items.enumerated().map { offset, item in
            Event(
                id: "e\(firstID + offset)", receivedAt: start.addingTimeInterval(Double(firstID + offset) / 1000),
                session: session, test: test, source: .telltale, name: item.0, params: item.1, raw: .null
            )
        }
    }

    static func names(_ names: String..., test: TestID? = Sent.test) -> [Event] {
        events(names.map { ($0, [:]) }, test: test)
    }
}

/// Verifies `events` as `Sent.test`'s against one expectations block for it.
func verify(
    _ events: [Event], events expected: [EventExpectation] = [], forbid: [EventSpec] = [], order: OrderExpectation? = nil,
    strict: Bool = false, catalog: EventCatalog? = nil
) throws -> TestVerification {
    let block = TestExpectations(.id(Sent.test.rawValue), events: expected, forbid: forbid, order: order, strict: strict)
    return try Verifier(expectations: [block], catalog: catalog).verify(test: Sent.test, events: events)
}

/// Whether a param of value `value` (nil: absent) satisfies `matcher`, through a whole verification.
func matches(_ matcher: ParamMatcher, _ value: JSONValue?) throws -> Bool {
    let params = value.map { ["v": $0] } ?? [:]
    let result = try verify(
        Sent.events([("e", params)]), events: [EventExpectation(EventSpec(name: "e", params: [ParamField("v", matcher)]))]
    )
    return result.passed
}

extension CatalogEvent {
    /// A planned event whose params object is `schema`, a JSON Schema (2020-12) read as a
    /// folder plan's file is.
    init(_ name: String, params schema: String) {
        var library = JSONSchemaLibrary()
        let uri = "file:///plan/\(name).json"
        library.add(try! JSONSchemaDocument(json: schema, uri: uri, file: "\(name).json"))
        let read = library.schema(in: uri)
        precondition(library.problems.isEmpty, "\(library.problems)")
        self.init(name: name, paramsSchema: read!)
    }
}

extension EventSpec {
    init(_ name: String, _ params: [String: ParamMatcher] = [:]) {
        self.init(name: name, params: params.sorted { $0.key < $1.key }.map { ParamField(ParamPath(parsing: $0.key)!, $0.value) })
    }
}
