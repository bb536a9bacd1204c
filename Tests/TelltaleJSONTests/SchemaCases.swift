import Foundation
import TelltaleJSONSchema
import TelltaleTestSupport

/// Deterministic choices: the same seed makes the same schemas and values on every machine, so
/// a disagreement can be replayed.
struct SeededRandom {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() % 10_000) / 10_000 < probability
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }

    /// Some of `items`, in their order.
    mutating func subset<T>(_ items: [T], probability: Double = 0.5) -> [T] {
        items.filter { _ in chance(probability) }
    }
}

/// One generated case of the cross-check: a schema (and the sibling files its `$ref`s name)
/// and the values both validators judge.
struct SchemaCase {
    var family: String
    var index: Int
    /// File name → document; `schema.json` is the schema checked.
    var files: [String: JSONValue]
    var instances: [JSONValue]

    var folder: String { "\(family)/\(String(format: "%03d", index))" }
}

/// Schemas and values for each keyword family, in draft-07 and 2020-12 by turns.
struct SchemaCases {
    static let schemasPerFamily = 50
    static let instancesPerSchema = 24

    var random: SeededRandom
    let family: String
    let index: Int

    var draft7: Bool { index % 2 == 0 }

    /// The root schema's header: `$schema` and an `$id` that sibling files resolve against.
    func header(_ file: String = "schema.json") -> [String: JSONValue] {
        [
            "$schema": .string(draft7 ? "http://json-schema.org/draft-07/schema#" : "https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://telltale.test/\(family)/\(index)/\(file)"),
        ]
    }

    func schema(_ members: [String: JSONValue]) -> JSONValue {
        .object(header().merging(members) { _, new in new })
    }

    /// Where definitions live in this draft (the other spelling now and then: both resolve).
    mutating func definitionsKey() -> String {
        random.chance(0.2) ? (draft7 ? "$defs" : "definitions") : (draft7 ? "definitions" : "$defs")
    }

    // MARK: Values

    static let scalars: [JSONValue] = [
        .null, true, false, 0, 1, -1, 1.0, 2.5, -3.75, 100, 1e3, "", "a", "abc", "1", "true", "null", "ABC", "é", "😀",
    ]

    mutating func anyValue(depth: Int = 0) -> JSONValue {
        switch random.int(0...(depth > 1 ? 5 : 7)) {
        case 0...5: return random.pick(Self.scalars)
        case 6: return .array((0..<random.int(0...3)).map { _ in anyValue(depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for key in random.subset(["a", "b", "c"]) { members[key] = anyValue(depth: depth + 1) }
            return .object(members)
        }
    }

    mutating func string(length: ClosedRange<Int>, alphabet: [String]) -> String {
        (0..<random.int(length)).map { _ in random.pick(alphabet) }.joined()
    }

    static func cases(family: String, seed: UInt64, make: (inout SchemaCases) -> (JSONValue, [String: JSONValue], [JSONValue])) -> [SchemaCase] {
        (0..<schemasPerFamily).map { index in
            var generator = SchemaCases(random: SeededRandom(seed: seed &+ UInt64(index) &* 7919), family: family, index: index)
            let (root, siblings, instances) = make(&generator)
            var files = siblings
            files["schema.json"] = root
            return SchemaCase(family: family, index: index, files: files, instances: Array(instances.prefix(instancesPerSchema)))
        }
    }

    /// `count` values from `make`, topped up with arbitrary values.
    mutating func instances(_ count: Int = SchemaCases.instancesPerSchema, _ make: (inout SchemaCases) -> JSONValue) -> [JSONValue] {
        (0..<count).map { _ in random.chance(0.1) ? anyValue() : make(&self) }
    }
}

// MARK: Scalar keyword families

extension SchemaCases {
    static let typeNames: [JSONValue] = ["string", "number", "integer", "boolean", "object", "array", "null"]

    mutating func types() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        let type: JSONValue = random.chance(0.6) ? random.pick(Self.typeNames) : .array(random.subset(Self.typeNames, probability: 0.35))
        let root = schema(["type": type.arrayElements?.isEmpty == true ? "string" : type])
        return (root, [:], instances { $0.anyValue() })
    }

    mutating func required() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        let names = ["a", "b", "c", "d"]
        var members: [String: JSONValue] = [:]
        var properties: [String: JSONValue] = [:]
        for name in random.subset(names) { properties[name] = ["type": random.pick(Self.typeNames)] }
        if !properties.isEmpty || random.chance(0.5) { members["properties"] = .object(properties) }
        members["required"] = .array(random.subset(names, probability: 0.4).map(JSONValue.string))
        if random.chance(0.5) { members["type"] = "object" }
        let root = schema(members)
        let values = instances { generator in
            guard generator.random.chance(0.85) else { return generator.anyValue() }
            var object: [String: JSONValue] = [:]
            for name in generator.random.subset(names + ["e"], probability: 0.55) { object[name] = generator.anyValue(depth: 2) }
            return .object(object)
        }
        return (root, [:], values)
    }

    static let enumPool: [JSONValue] = [
        0, 1, 1.0, 2, -1, 0.5, true, false, .null, "a", "A", "", "0", "1", [1, 2], [2, 1], [], ["a": 1], ["a": 1.0], ["a": true], [:], [[1]],
    ]

    mutating func enumAndConst() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        var members: [String: JSONValue] = [:]
        switch random.int(0...2) {
        case 0: members["enum"] = .array(Array(random.subset(Self.enumPool, probability: 0.25).prefix(6)) + [random.pick(Self.enumPool)])
        case 1: members["const"] = random.pick(Self.enumPool)
        default:
            members["enum"] = .array(random.subset(Self.enumPool, probability: 0.3) + [random.pick(Self.enumPool)])
            members["const"] = random.pick(Self.enumPool)
        }
        return (schema(members), [:], instances { $0.random.pick(Self.enumPool) })
    }

    /// Regexes in the syntax Python's `re` and Swift's `Regex` read alike; values have no
    /// newlines (Python's `$` also matches before a final newline, ECMA-262's does not).
    static let patterns = [
        "^[a-z]{2,4}$", "^SKU-[0-9]+$", "[A-Z]", "^(foo|bar)", "\\d{3}", "^.{0,3}$", "^[^@]+@[^@]+$", "colou?r", "^$", "b+c*d?",
        "^[A-Fa-f0-9]{4}-[0-9]{2}$", "(ab)+$", "^\\w+$", "x|y|z", "^[0-9]*\\.[0-9]{2}$",
    ]
    static let patternAlphabet = ["a", "b", "c", "d", "f", "o", "r", "u", "l", "x", "A", "F", "Z", "0", "1", "7", "9", "-", "@", ".", "_", " ", "é"]
    static let patternSamples = [
        "foo", "bar", "food", "SKU-12", "SKU-", "sku-1", "color", "colour", "colr", "a@b", "a@b@c", "@b", "ab", "abab", "abc", "", "123",
        "12.34", "1.2", "A0f9-12", "xyz", "bcd", "bd", "x_y", "é", "ÀB",
    ]

    mutating func pattern() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        var members: [String: JSONValue] = ["pattern": .string(random.pick(Self.patterns))]
        if random.chance(0.3) { members["type"] = "string" }
        let values = instances { generator in
            generator.random.chance(0.5)
                ? .string(generator.random.pick(Self.patternSamples))
                : .string(generator.string(length: 0...6, alphabet: Self.patternAlphabet))
        }
        return (schema(members), [:], values)
    }

    mutating func numberBounds() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        var members: [String: JSONValue] = [:]
        let bounds: [JSONValue] = [-10, -1, 0, 0.5, 1, 2.5, 3, 10, 100]
        for keyword in random.subset(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"], probability: 0.45) {
            members[keyword] = random.pick(bounds)
        }
        if members.isEmpty { members["minimum"] = random.pick(bounds) }
        if random.chance(0.3) { members["type"] = random.pick(["number", "integer"]) }
        let values = instances { generator in
            if generator.random.chance(0.15) { return generator.random.pick(["3", true, .null, [1]]) }
            let near = generator.random.pick(bounds).doubleValue!
            return .number(near + generator.random.pick([-1, -0.5, -0.001, 0, 0, 0.001, 0.5, 1]))
        }
        return (schema(members), [:], values)
    }

    mutating func lengthBounds() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        var members: [String: JSONValue] = [:]
        let strings = random.chance(0.5)
        let keywords = strings ? ["minLength", "maxLength"] : ["minItems", "maxItems"]
        for keyword in random.subset(keywords, probability: 0.7) { members[keyword] = .number(Double(random.int(0...4))) }
        if members.isEmpty { members[keywords[0]] = 1 }
        let values = instances { generator in
            if generator.random.chance(0.5) {
                return .string(generator.string(length: 0...6, alphabet: ["a", "b", "é", "😀", "e\u{301}", "中", " "]))
            }
            return .array((0..<generator.random.int(0...6)).map { _ in generator.random.pick(Self.scalars) })
        }
        return (schema(members), [:], values)
    }
}

extension JSONValue {
    var arrayElements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
