extension HTMLReportTemplate {
    /// Code added at fixed points of the script; each is whole lines, empty for none, so the
    /// script without hooks is byte for byte the one for records without an analytics verdict.
    struct ScriptHooks {
        /// Top level, after the count of failures is known (before the verdict badge).
        var verdict = ""
        /// Top level, after the header's figures.
        var stats = ""
        /// Top level, after the header's buttons.
        var header = ""
        /// Top level, after the filters are listed (before their buttons are made).
        var filters = ""
        /// In `matches(index)`, after `test` is set.
        var matches = ""
        /// In `row(position)`, after the name.
        var row = ""
        /// In `open(index)`, after the messages.
        var detail = ""
        /// Top level, with the other functions.
        var functions = ""
        /// Top level, after the hash was read and before the page says it is ready.
        var start = ""

        /// Both sets of hooks, `lhs`'s code first at every point.
        static func + (lhs: Self, rhs: Self) -> Self {
            Self(
                verdict: lhs.verdict + rhs.verdict, stats: lhs.stats + rhs.stats, header: lhs.header + rhs.header,
                filters: lhs.filters + rhs.filters, matches: lhs.matches + rhs.matches, row: lhs.row + rhs.row,
                detail: lhs.detail + rhs.detail, functions: lhs.functions + rhs.functions, start: lhs.start + rhs.start
            )
        }
    }
}
