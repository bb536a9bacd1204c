/// One file's source with each line's coverage, for the HTML report's marked source.
public struct CoverageSourceView: Sendable, Hashable {
    public enum Mark: UInt8, Sendable {
        /// Not executable: a comment, a declaration, a closing brace llvm-cov does not count.
        case none
        /// Executable, and ran.
        case covered
        /// Executable, and never ran.
        case uncovered
    }

    /// Relative to the package.
    public var path: String
    /// The file's lines, without their line ends.
    public var lines: [String]
    /// One per line of `lines`.
    public var marks: [Mark]
    /// Execution counts of executable lines, by line number.
    public var counts: [Int: Int]
    /// Lines the change touched (empty without a diff base).
    public var changed: [LineRange]

    public init(path: String, lines: [String], marks: [Mark], counts: [Int: Int], changed: [LineRange] = []) {
        self.path = path
        self.lines = lines
        self.marks = marks
        self.counts = counts
        self.changed = changed
    }
}
