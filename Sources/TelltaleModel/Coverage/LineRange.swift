/// Lines `start` through `end` of a file, both included, from 1.
package struct LineRange: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    package var start: Int
    package var end: Int

    package init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = end
    }

    package func contains(_ line: Int) -> Bool { (start...end).contains(line) }

    /// `12` or `12–14`.
    package var description: String { start == end ? "\(start)" : "\(start)–\(end)" }

    package static func < (lhs: Self, rhs: Self) -> Bool { (lhs.start, lhs.end) < (rhs.start, rhs.end) }

    /// Sorted lines as the fewest ranges: `[3, 4, 5, 9]` is `3–5, 9`.
    package static func ranges<S: Sequence>(of lines: S) -> [LineRange] where S.Element == Int {
        var ranges: [LineRange] = []
        for line in lines.sorted() {
            if let last = ranges.last, line <= last.end + 1 {
                ranges[ranges.count - 1].end = max(last.end, line)
            } else {
                ranges.append(LineRange(line, line))
            }
        }
        return ranges
    }

    /// A `Codable` form that reads well in JSON: `[start, end]`.
    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        start = try container.decode(Int.self)
        end = try container.decode(Int.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(start)
        try container.encode(end)
    }
}
