/// One thing wrong with a plan, located like a compiler diagnostic so editors
/// and CI logs turn it into a link. A warning is worth saying but stops nothing.
public struct PlanProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var file: String
    public var line: Int
    public var column: Int
    /// Where in the plan, e.g. `suites[1].timeout.test`; empty for the whole file.
    public var keyPath: String
    public var message: String
    public var hint: String?
    public var severity: Severity

    public init(
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

    public var description: String {
        let subject = keyPath.isEmpty ? "" : "\(keyPath): "
        let first = "\(file):\(line):\(column): \(severity.rawValue): \(subject)\(message)"
        return hint.map { "\(first)\n  hint: \($0)" } ?? first
    }
}
