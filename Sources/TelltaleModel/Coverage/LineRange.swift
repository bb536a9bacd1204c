/// Lines `start` through `end` of a file, both included, from 1.
public struct LineRange: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = end
    }

    public func contains(_ line: Int) -> Bool { (start...end).contains(line) }

    /// `12` or `12–14`.
    public var description: String { start == end ? "\(start)" : "\(start)–\(end)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.start, lhs.end) < (rhs.start, rhs.end) }

    /// Sorted lines as the fewest ranges: `[3, 4, 5, 9]` is `3–5, 9`.
    public static func ranges<S: Sequence>(of lines: S) -> [LineRange] where S.Element == Int {
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
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        start = try container.decode(Int.self)
        end = try container.decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(start)
        try container.encode(end)
    }
}
