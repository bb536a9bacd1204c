import TelltaleJSONSchema

/// Families of objects, arrays, `$ref`s and composition.
extension SchemaCases {
    static let smallSchemas: [JSONValue] = [
        ["type": "string"], ["type": "integer"], ["type": "integer", "minimum": 0], ["type": "string", "maxLength": 2], ["enum": ["x", 1]],
        ["type": ["string", "null"]], true, false, [:], ["type": "number", "exclusiveMaximum": 10],
    ]

    mutating func object(keys: [String], depth: Int = 0) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for key in random.subset(keys, probability: 0.6) { members[key] = anyValue(depth: depth) }
        return .object(members)
    }

    mutating func additionalProperties() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        var members: [String: JSONValue] = ["properties": ["a": ["type": "string"], "b": ["type": "integer"]]]
        switch random.int(0...4) {
        case 0: members["additionalProperties"] = false
        case 1: members["additionalProperties"] = true
        case 2: members["additionalProperties"] = random.pick(Self.smallSchemas)
        case 3: members["additionalProperties"] = ["type": "object", "properties": ["x": ["type": "integer"]], "additionalProperties": false]
        default: break
        }
        if random.chance(0.4) { members["required"] = .array(random.subset(["a", "c"]).map(JSONValue.string)) }
        if random.chance(0.3) { members["type"] = "object" }
        let values = instances { generator in
            guard generator.random.chance(0.9) else { return generator.anyValue() }
            var value = generator.object(keys: ["a", "b", "c", "d"], depth: 2)
            if generator.random.chance(0.3), case .object(var object) = value {
                object["e"] = generator.random.pick([["x": 1], ["x": "1"], ["y": 2], 3, "s"])
                value = .object(object)
            }
            return value
        }
        return (schema(members), [:], values)
    }

    mutating func nested() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        let item: JSONValue = [
            "type": "object", "required": ["sku"],
            "properties": ["sku": ["type": "string", "pattern": "^S-[0-9]+$"], "qty": ["type": "integer", "minimum": 1]],
            "additionalProperties": random.chance(0.5) ? false : true,
        ]
        let tuple: [JSONValue] = [["type": "string"], ["type": "integer"]]
        let rest = random.pick(Self.smallSchemas)
        var list: [String: JSONValue] = ["type": "array"]
        if draft7 {
            list["items"] = .array(tuple)
            if random.chance(0.7) { list["additionalItems"] = rest }
        } else {
            list["prefixItems"] = .array(tuple)
            if random.chance(0.7) { list["items"] = rest }
        }
        if random.chance(0.4) { list["minItems"] = 1 }
        let root = schema([
            "type": "object",
            "properties": [
                "items": ["type": "array", "items": item, "maxItems": 3],
                "address": [
                    "type": "object",
                    "properties": ["city": ["type": "string"], "geo": ["type": "object", "properties": ["lat": ["type": "number"]]]],
                ],
                "pair": .object(list),
            ],
        ])
        let values = instances { generator in
            var members: [String: JSONValue] = [:]
            if generator.random.chance(0.7) {
                members["items"] = .array(
                    (0..<generator.random.int(0...4)).map { _ in
                        var entry: [String: JSONValue] = [:]
                        if generator.random.chance(0.85) { entry["sku"] = generator.random.pick(["S-1", "S-22", "s-1", "S-", 7] as [JSONValue]) }
                        if generator.random.chance(0.6) { entry["qty"] = generator.random.pick([1, 3, 0, 2.5, "2"] as [JSONValue]) }
                        if generator.random.chance(0.15) { entry["note"] = "x" }
                        return .object(entry)
                    })
            }
            if generator.random.chance(0.5) {
                members["address"] = generator.random.pick([
                    ["city": "Oslo"], ["city": 3], ["geo": ["lat": 1.5]], ["geo": ["lat": "north"]], ["geo": 5], "Oslo",
                ])
            }
            if generator.random.chance(0.7) {
                members["pair"] = .array(
                    Array(
                        [
                            generator.random.pick(["a", 1, .null]), generator.random.pick([1, "b", 2.5]),
                            generator.random.pick(["x", 1, "ab", .null]), "yz",
                        ]
                        .prefix(generator.random.int(0...4))))
            }
            return .object(members)
        }
        return (root, [:], values)
    }

    mutating func references() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        let definitions = definitionsKey()
        var siblings: [String: JSONValue] = [:]
        let root: JSONValue
        switch index % 5 {
        case 0, 1:
            // In the file, and in a sibling file by relative URI.
            var common = header("common.json")
            common["definitions"] = [
                "sku": ["type": "string", "pattern": "^S-"], "qty": ["$ref": "#/definitions/count"], "count": ["type": "integer", "minimum": 1],
            ]
            siblings["common.json"] = .object(common)
            var item = header("item.json")
            item["type"] = "object"
            item["properties"] = ["sku": ["$ref": "common.json#/definitions/sku"], "qty": ["$ref": "common.json#/definitions/qty"]]
            item["required"] = ["sku"]
            siblings["item.json"] = .object(item)
            root = schema([
                definitions: ["name": ["type": "string", "minLength": 1], "items": ["type": "array", "items": ["$ref": "item.json"]]],
                "type": "object",
                "properties": ["name": ["$ref": .string("#/\(definitions)/name")], "items": ["$ref": .string("#/\(definitions)/items")]],
            ])
        case 2:
            // Recursion through properties and items.
            root = schema([
                "type": "object", "required": ["value"],
                "properties": ["value": ["type": "integer"], "children": ["type": "array", "items": ["$ref": "#"]]],
            ])
        case 3:
            // `$ref` beside other keywords: ignored in draft-07, applied in 2020-12.
            root = schema([
                definitions: ["positive": ["type": "integer", "minimum": 0]],
                "type": "object",
                "properties": [
                    "n": ["$ref": .string("#/\(definitions)/positive"), "maximum": 5],
                    "m": ["$ref": .string("#/\(definitions)/positive"), "type": "string"],
                ],
            ])
        default:
            // A chain of `$ref`s, and one to a whole sibling document.
            var leaf = header("leaf.json")
            leaf["enum"] = ["red", "green", 3]
            siblings["leaf.json"] = .object(leaf)
            root = schema([
                definitions: ["a": ["$ref": .string("#/\(definitions)/b")], "b": ["$ref": "leaf.json"]],
                "type": "object", "properties": ["color": ["$ref": .string("#/\(definitions)/a")]],
            ])
        }
        let values = instances { generator in generator.referenceValue(depth: 0) }
        return (root, siblings, values)
    }

    mutating func referenceValue(depth: Int) -> JSONValue {
        var members: [String: JSONValue] = [:]
        if random.chance(0.6) { members["name"] = random.pick(["", "ada", 3]) }
        if random.chance(0.6) {
            members["items"] = .array(
                (0..<random.int(0...3)).map { _ in
                    .object(["sku": random.pick(["S-1", "X-1", 2]), "qty": random.pick([1, 0, "1", 2])].filter { _ in random.chance(0.8) })
                })
        }
        if random.chance(0.7) { members["value"] = random.pick([1, 2, 1.5, "1"]) }
        if depth < 2, random.chance(0.5) { members["children"] = .array((0..<random.int(0...2)).map { _ in referenceValue(depth: depth + 1) }) }
        if random.chance(0.6) { members["n"] = random.pick([0, 3, 7, -1, "3"]) }
        if random.chance(0.4) { members["m"] = random.pick([1, "x", -2]) }
        if random.chance(0.6) { members["color"] = random.pick(["red", "blue", 3, 4]) }
        return .object(members)
    }

    mutating func composition() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        var members: [String: JSONValue] = [:]
        let keywords = random.subset(["allOf", "anyOf", "oneOf"], probability: 0.5)
        for keyword in keywords.isEmpty ? [random.pick(["allOf", "anyOf", "oneOf"])] : keywords {
            members[keyword] = .array((0..<random.int(1...3)).map { _ in random.pick(Self.alternatives) })
        }
        if random.chance(0.3) {
            let definitions = definitionsKey()
            members[definitions] = ["short": ["type": "string", "maxLength": 3]]
            members["anyOf"] = [["$ref": .string("#/\(definitions)/short")], ["type": "integer"]]
        }
        let values = instances { generator in
            generator.random.chance(0.5)
                ? generator.random.pick([
                    1, 5, 12, 2.5, -3, "ab", "abcd", true, .null, ["kind": "a", "a": 1], ["kind": "b", "b": "x"], ["kind": "a", "b": "x"],
                ])
                : generator.anyValue()
        }
        return (schema(members), [:], values)
    }

    static let alternatives: [JSONValue] = [
        ["type": "integer"], ["type": "number", "maximum": 10], ["type": "string", "maxLength": 3], ["type": "object", "required": ["kind"]],
        ["properties": ["kind": ["const": "a"], "a": ["type": "integer"]], "required": ["a"]],
        ["properties": ["kind": ["const": "b"], "b": ["type": "string"]], "required": ["b"]], ["minimum": 0], ["not_a_keyword_x": 1],
        ["anyOf": [["type": "boolean"], ["type": "null"]]], ["oneOf": [["minimum": 2], ["maximum": 8]]], false, true,
    ]
}
