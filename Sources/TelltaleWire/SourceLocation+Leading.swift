import Foundation

extension SourceLocation {
    /// The place a text begins with, as a compiler names one (`/…/CartTests.swift:42:9: text`),
    /// and the text after it: how a failed event check names its call (`EventVerificationError`),
    /// since both test frameworks put a thrown error at the test itself. Absolute Swift paths
    /// only, on the first line, so an error's own words that merely look alike stay text.
    public static func leading(in text: Substring) -> (location: SourceLocation, rest: Substring)? {
        guard text.hasPrefix("/"), let swift = text.range(of: ".swift:") else { return nil }
        let file = text[..<swift.lowerBound] + ".swift"
        guard !file.contains("\n") else { return nil }
        let afterFile = text[swift.upperBound...]
        let line = afterFile.prefix { $0.isASCII && $0.isNumber }
        let afterLine = afterFile.dropFirst(line.count)
        guard let lineNumber = Int(line), afterLine.hasPrefix(":") else { return nil }
        let column = afterLine.dropFirst().prefix { $0.isASCII && $0.isNumber }
        let rest = afterLine.dropFirst(1 + column.count)
        guard let columnNumber = Int(column), rest.hasPrefix(": ") else { return nil }
        return (SourceLocation(file: String(file), line: lineNumber, column: columnNumber), rest.dropFirst(2))
    }
}
