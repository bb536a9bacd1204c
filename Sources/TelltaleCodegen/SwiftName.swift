/// Swift identifiers from the wire names of a tracking plan: `order_id` → `orderId`,
/// `purchase-completed` → `PurchaseCompleted`, `default` → `` `default` ``. Wire names stay
/// in `CodingKeys` and `eventName`, so renaming never changes what is sent.
enum SwiftName {
    /// `UpperCamelCase`, for types.
    static func type(_ wireName: String) -> String {
        let words = words(of: wireName)
        var name = words.map(capitalized).joined()
        // A wire name with no ASCII letter or digit has no words; a leading digit (`3d_view`) cannot
        // start an identifier, so it becomes `_3dView`.
        if name.isEmpty { name = "Unnamed" }
        if name.first!.isNumber { name = "_" + name }
        return name
    }

    /// `lowerCamelCase`, escaped when it is a keyword: properties, enum cases, functions.
    static func member(_ wireName: String) -> String {
        let words = words(of: wireName)
        guard let first = words.first else { return "value" }
        var name = lowered(first) + words.dropFirst().map(capitalized).joined()
        if name.first!.isNumber { name = "_" + name }
        return escaped(name)
    }

    /// A name with a backtick-escaped keyword made plain again, for derived names.
    static func plain(_ name: String) -> String {
        name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }

    /// The name, or the first of `name2`, `name3`, … not yet `used`; records the one chosen.
    /// Callers walk names in a fixed order, so the same plan always gets the same names.
    static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while used.contains(plain(candidate)) {
            // Numbered from the plain name: `default2` is no keyword and needs no backticks.
            candidate = escaped(plain(name) + String(number))
            number += 1
        }
        used.insert(plain(candidate))
        return candidate
    }

    /// ASCII letters and digits; everything else separates words, as does a lowercase letter
    /// followed by an uppercase one (`orderID` stays `order`, `ID`).
    private static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, previous.isLowercase, character.isUppercase {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `USD` → `usd`, `Order` → `order`: an all-capitals word is an acronym, lowered whole.
    private static func lowered(_ word: String) -> String {
        word.allSatisfy { !$0.isLowercase } ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }

    /// A member name Swift accepts: `Value` appended to one in `unusable`, backticks around a keyword.
    private static func escaped(_ name: String) -> String {
        if unusable.contains(name) { return name + "Value" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// Names a backtick cannot make a plain member, or that generated code needs for itself
    /// (`properties` and `eventName` are `TrackedEvent`'s).
    private static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "properties", "eventName", "_"]

    /// Swift's keywords, which a member name may still be when written in backticks.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "enum", "extension", "fileprivate", "func", "import", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "super", "throws", "true", "try",
        "async", "some", "any", "consume", "copy", "borrowing", "consuming", "discard", "each", "package", "sending",
    ]

    /// Type names generated code uses: a planned event or property named like one gets a
    /// suffix, so it never shadows the type it needs.
    static let reservedTypes: Set<String> = [
        "String", "Int", "Double", "Bool", "Date", "JSONValue", "Optional", "Array", "Dictionary", "Codable", "Encodable",
        "Decodable", "Hashable", "Sendable", "CaseIterable", "CodingKey", "CodingKeys", "TrackedEvent", "ExpectedEvent", "Match",
        "Type", "Self", "Protocol", "Any", "Swift", "Foundation", "TelltaleJSON", "TelltaleModel", "TelltaleWire", "TelltaleTracker",
        "TelltaleTesting",
    ]
}
