/// Bounds on a number: `{ gt: 0 }`, `{ gte: 1, lte: 5 }`. A value must be a number to be in range.
public struct NumberRange: Sendable, Hashable, CustomStringConvertible {
    /// `gt:`: the number must be greater (JSON Schema's `exclusiveMinimum`).
    public var gt: Double?
    /// `gte:`: at least this (`minimum`).
    public var gte: Double?
    /// `lt:`: less than this (`exclusiveMaximum`).
    public var lt: Double?
    /// `lte:`: at most this (`maximum`).
    public var lte: Double?

    public init(gt: Double? = nil, gte: Double? = nil, lt: Double? = nil, lte: Double? = nil) {
        self.gt = gt
        self.gte = gte
        self.lt = lt
        self.lte = lte
    }

    /// No bound at all: every number is in range (and `CompiledSchema` compiles no check).
    public var isEmpty: Bool { gt == nil && gte == nil && lt == nil && lte == nil }

    /// Whether `number` keeps every bound given. The comparisons are negated (`!(number > gt)`,
    /// not `number <= gt`) so that NaN, which compares false with anything, is outside every bound.
    public func contains(_ number: Double) -> Bool {
        if let gt, !(number > gt) { return false }
        if let gte, !(number >= gte) { return false }
        if let lt, !(number < lt) { return false }
        if let lte, !(number <= lte) { return false }
        return true
    }

    /// `> 0`, `>= 1 and <= 5`.
    public var description: String {
        var bounds: [String] = []
        if let gt { bounds.append("> \(NumberText.string(gt))") }
        if let gte { bounds.append(">= \(NumberText.string(gte))") }
        if let lt { bounds.append("< \(NumberText.string(lt))") }
        if let lte { bounds.append("<= \(NumberText.string(lte))") }
        return bounds.joined(separator: " and ")
    }
}

/// Numbers as JSON writes them: `3`, not `3.0`.
enum NumberText {
    static func string(_ number: Double) -> String {
        JSONValue.number(number).jsonText()
    }
}
