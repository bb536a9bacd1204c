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

    /// Whether a `Date` appears (as itself or an array's element), so the file imports Foundation.
    var usesDate: Bool {
        switch self {
        case .date: true
        case .array(let element): element.usesDate
        default: false
        }
    }

    /// Whether a `JSONValue` appears, so the file imports TelltaleJSON.
    var usesJSON: Bool {
        switch self {
        case .json: true
        case .array(let element): element.usesJSON
        default: false
        }
    }
}

/// One stored property of a generated struct, from one of the schema's `properties`.
struct GeneratedProperty: Hashable {
    /// Unique in its struct and backtick-escaped when a keyword (`` `default` ``).
    var swiftName: String
    /// The name in the plan, which is sent: the `CodingKeys` raw value when it differs from `swiftName`.
    var wireName: String
    var type: SwiftType
    /// Not required, or nullable: written `T?`, with `= nil` in the memberwise `init`.
    var optional: Bool
    /// Doc-comment lines without their `///`; an empty string is a bare `///` line.
    var documentation: [String]
}

/// A struct to declare: an event's own, or one nested in it for an object property.
struct GeneratedStruct: Hashable {
    var name: String
    var documentation: [String]
    var properties: [GeneratedProperty]
    /// The enums and structs its properties' types need, in the order of the properties.
    var nested: [GeneratedDeclaration]
}

/// A `String` enum for a property whose schema is an `enum` (or `const`) of strings.
struct GeneratedEnum: Hashable {
    var name: String
    var documentation: [String]
    /// Swift case name and the string sent.
    var cases: [(name: String, value: String)]

    // Tuples are not `Hashable`, so `cases` keeps `==` and `hash(into:)` from being synthesised.
    // The hash leaves out parts `==` compares, which keeps equal values hashing alike.
    static func == (lhs: GeneratedEnum, rhs: GeneratedEnum) -> Bool {
        lhs.name == rhs.name && lhs.documentation == rhs.documentation && lhs.cases.elementsEqual(rhs.cases, by: ==)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(cases.map(\.value))
    }
}

/// A type declared inside a generated struct.
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
