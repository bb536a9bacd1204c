import TelltaleJSONSchema
import Yams

/// Turns a Yams parse failure into a problem at the place libyaml gave up.
enum YAMLSyntaxProblem {
    static let syntaxHint = "check the indentation and quoting on this line and the one above"

    static func problem(for error: any Error, file: String) -> LocatedProblem {
        let (message, position, hint) = describe(error)
        return LocatedProblem(
            file: file, line: position.line, column: position.column, keyPath: "", message: message, hint: hint
        )
    }

    private static func describe(_ error: any Error) -> (String, TextPosition, String?) {
        guard let error = error as? YamlError else { return ("cannot parse YAML: \(error)", .start, nil) }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let during = context.map { " \($0.text)" } ?? ""
            return ("YAML syntax error: \(problem)\(during)", TextPosition(mark), syntaxHint)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            return (
                "\(keys) appears more than once in the same mapping", TextPosition(context.mark),
                "keep one of them: YAML does not merge repeated keys"
            )
        case .reader(let problem, let offset, _, let yaml):
            return ("cannot read the YAML text: \(problem)", position(ofCharacter: offset, in: yaml), nil)
        default:
            return ("cannot parse YAML: \(error)", .start, nil)
        }
    }

    private static func position(ofCharacter offset: Int?, in text: String) -> TextPosition {
        guard let offset else { return .start }
        let before = text.prefix(offset)
        let line = before.count { $0 == "\n" } + 1
        let column = before.reversed().prefix { $0 != "\n" }.count + 1
        return TextPosition(line: line, column: column)
    }
}
