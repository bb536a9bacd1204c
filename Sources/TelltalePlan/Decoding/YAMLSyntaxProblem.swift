import TelltaleJSONSchema
import Yams

/// Turns a Yams parse failure into a problem at the place libyaml gave up.
enum YAMLSyntaxProblem {
    /// libyaml stops where the text stops making sense, often the line after the mistake, so the
    /// hint points at the line above too.
    static let syntaxHint = "check the indentation and quoting on this line and the one above"

    /// The one problem of the file: after a syntax error there is no tree, so
    /// nothing else can be checked.
    static func problem(for error: any Error, file: String) -> LocatedProblem {
        let (message, position, hint) = describe(error)
        return LocatedProblem(
            file: file, line: position.line, column: position.column, keyPath: "", message: message, hint: hint
        )
    }

    /// The message, where, and the hint. The scanner's, parser's and composer's errors carry
    /// libyaml's mark and what it was reading (`while parsing a block mapping`), which is kept.
    private static func describe(_ error: any Error) -> (String, TextPosition, String?) {
        guard let error = error as? YamlError else { return ("cannot parse YAML: \(error)", .start, nil) }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let during = context.map { " \($0.text)" } ?? ""
            return ("YAML syntax error: \(problem)\(during)", TextPosition(mark), syntaxHint)
        // A key written twice in one mapping: Yams refuses it rather than let
        // one of the two silently win.
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            return (
                "\(keys) appears more than once in the same mapping", TextPosition(context.mark),
                "keep one of them: YAML does not merge repeated keys"
            )
        // The reader fails before any parsing (bad UTF-8, a control character): Yams gives an
        // offset in the text, turned into a line and column here.
        case .reader(let problem, let offset, _, let yaml):
            return ("cannot read the YAML text: \(problem)", position(ofCharacter: offset, in: yaml), nil)
        default:
            return ("cannot parse YAML: \(error)", .start, nil)
        }
    }

    /// The line and column of the character at `offset`, both from 1.
    private static func position(ofCharacter offset: Int?, in text: String) -> TextPosition {
        guard let offset else { return .start }
        let before = text.prefix(offset)
        let line = before.count { $0 == "\n" } + 1
        let column = before.reversed().prefix { $0 != "\n" }.count + 1
        return TextPosition(line: line, column: column)
    }
}
