/// One thing wrong with a file a user wrote (a plan, a tracking plan, a JSON Schema), located
/// like a compiler diagnostic so editors and CI logs turn it into a link. The plan's checks
/// and the JSON Schema reader report the same type, so their problems sort and print alike.
/// A warning is worth saying but stops nothing.
package struct LocatedProblem: Sendable, Hashable, CustomStringConvertible {
    package enum Severity: String, Sendable {
        case error, warning
    }

    package var file: String
    package var line: Int
    package var column: Int
    /// Where in the file, e.g. `suites[1].timeout.test` or `properties.user.$ref`; empty for
    /// the whole file.
    package var keyPath: String
    package var message: String
    /// What to do about it, printed on its own line after `hint:`.
    package var hint: String?
    package var severity: Severity

    package init(
        file: String, line: Int, column: Int, keyPath: String, message: String, hint: String? = nil, severity: Severity = .error
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
        self.hint = hint
        self.severity = severity
    }

    /// `order.json:5:12: error: properties.sku.$ref: message`, then `  hint: …` on its own line.
    package var description: String {
        let subject = keyPath.isEmpty ? "" : "\(keyPath): "
        let first = "\(file):\(line):\(column): \(severity.rawValue): \(subject)\(message)"
        return hint.map { "\(first)\n  hint: \($0)" } ?? first
    }
}
