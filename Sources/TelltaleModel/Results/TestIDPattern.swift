/// Builds regular expressions over test ids (`Module.Suite/test()`), which are full of
/// characters that mean something to a regex: dots, parentheses, colons.
package enum TestIDPattern {
    static let metacharacters: Set<Character> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]

    /// `text` as a pattern that matches exactly that text.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if metacharacters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
