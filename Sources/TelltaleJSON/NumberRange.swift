/// Bounds on a number: `{ gt: 0 }`, `{ gte: 1, lte: 5 }`. A value must be a number to be in range.
public struct NumberRange: Sendable, Hashable, CustomStringConvertible {
    public var gt: Double?
    public var gte: Double?
    public var lt: Double?
    public var lte: Double?

    public init(gt: Double? = nil, gte: Double? = nil, lt: Double? = nil, lte: Double? = nil) {
        self.gt = gt
        self.gte = gte
        self.lt = lt
        self.lte = lte
    }

    public var isEmpty: Bool { gt == nil && gte == nil && lt == nil && lte == nil }

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
