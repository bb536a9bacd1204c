/// What the generator emits, before it is text: a tree of Swift declarations whose names are
/// settled (unique, escaped), so writing it is a plain walk.
indirect enum SwiftType: Hashable {
    case string, int, double, bool, date
    /// TelltaleJSON's `JSONValue` (which the client libraries bring): what the plan allows has no closer Swift type.
    case json
    case array(SwiftType)
    /// A generated type, by its path from the file's top level (`PurchaseCompleted`, `Currency`).
    case named([String])

    /// As written inside the type that declares it (the nested name alone), or `qualified`.
    func spelled(qualified: Bool) -> String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .json: "JSONValue"
        case .array(let element): "[\(element.spelled(qualified: qualified))]"
        case .named(let path): qualified ? path.joined(separator: ".") : path.last!
        }
    }

    var usesDate: Bool {
        switch self {
        case .date: true
        case .array(let element): element.usesDate
        default: false
        }
    }

    var usesJSON: Bool {
        switch self {
        case .json: true
        case .array(let element): element.usesJSON
        default: false
        }
    }
}

struct GeneratedProperty: Hashable {
    var swiftName: String
    var wireName: String
    var type: SwiftType
    var optional: Bool
    var documentation: [String]
}

struct GeneratedStruct: Hashable {
    var name: String
    var documentation: [String]
    var properties: [GeneratedProperty]
    var nested: [GeneratedDeclaration]
}

struct GeneratedEnum: Hashable {
    var name: String
    var documentation: [String]
    /// Swift case name and the string sent.
    var cases: [(name: String, value: String)]

    static func == (lhs: GeneratedEnum, rhs: GeneratedEnum) -> Bool {
        lhs.name == rhs.name && lhs.documentation == rhs.documentation && lhs.cases.elementsEqual(rhs.cases, by: ==)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(cases.map(\.value))
    }
}

enum GeneratedDeclaration: Hashable {
    case structure(GeneratedStruct)
    case enumeration(GeneratedEnum)
}

/// One planned event: its struct (conforming to `TrackedEvent`) and the name of its
/// `ExpectedEvent` function.
struct GeneratedEvent: Hashable {
    var eventName: String
    var structure: GeneratedStruct
    var functionName: String
}
