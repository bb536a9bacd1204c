import Yams

/// A 1-based line and column in the plan file.
///
/// Yams's `Mark` has no public initializer, and problems without a node
/// (an empty file, a missing key) still need a place.
struct TextPosition: Sendable, Equatable {
    /// Line 1, column 1: where problems of the whole file go.
    static let start = TextPosition(line: 1, column: 1)

    var line: Int
    var column: Int

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ mark: Mark?) {
        self = mark.map { TextPosition(line: $0.line, column: $0.column) } ?? .start
    }

    init(_ node: Node) {
        self.init(node.mark)
    }
}
