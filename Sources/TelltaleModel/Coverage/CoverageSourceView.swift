/// One file's source with each line's coverage, for the HTML report's marked source.
package struct CoverageSourceView: Sendable, Hashable {
    package enum Mark: UInt8, Sendable {
        /// Not executable: a comment, a declaration, a closing brace llvm-cov does not count.
        case none
        /// Executable, and ran.
        case covered
        /// Executable, and never ran.
        case uncovered
    }

    /// Relative to the package.
    package var path: String
    /// The file's lines, without their line ends.
    package var lines: [String]
    /// One per line of `lines`.
    package var marks: [Mark]
    /// Execution counts of executable lines, by line number.
    package var counts: [Int: Int]
    /// Lines the change touched (empty without a diff base).
    package var changed: [LineRange]

    package init(path: String, lines: [String], marks: [Mark], counts: [Int: Int], changed: [LineRange] = []) {
        self.path = path
        self.lines = lines
        self.marks = marks
        self.counts = counts
        self.changed = changed
    }
}
