import TelltaleModel

/// Which test processes' counts a coverage run's total is missing. Every test process names its
/// raw profile after itself (`ProfileFileName`), so after the run each can be checked to have
/// left one that was merged. Without this a crash under `--skip-build` (no continuous profiles),
/// or a profile cut short, only lowered the figures, and a gate judged what was left.
enum ProfileAudit {
    /// The gaps: each process of `processes` (its id → the tests that ran in it) with no
    /// profile among `written` (file names), or with only profiles `lost` (file name → why) in
    /// the merge; then each lost profile no such process owns.
    static func gaps(processes: [String: [String]], written: [String], lost: [String: String], continuous: Bool) -> [CoverageGap] {
        var gaps: [CoverageGap] = []
        var owned: Set<String> = []
        for process in processes.keys.sorted(by: Self.numbered) {
            let tests = processes[process] ?? []
            let files = written.filter { ProfileFileName.isWritten($0, by: process) }
            owned.formUnion(files)
            if files.isEmpty {
                let why =
                    continuous
                    ? "wrote no profile (it ended before LLVM's runtime set its profile up)"
                    : "wrote no profile (without continuous profiles a process that crashes or is killed writes none: let Telltale build, not --skip-build, and it keeps them)"
                gaps.append(CoverageGap(process: process, reason: why, tests: tests))
            } else if let dropped = files.first(where: { lost[$0] != nil }) {
                gaps.append(CoverageGap(process: process, reason: lost[dropped]!, tests: tests))
            }
        }
        for name in lost.keys.sorted() where !owned.contains(name) {
            gaps.append(CoverageGap(process: name, reason: lost[name]!, tests: []))
        }
        return gaps
    }

    /// `…/p2` before `…/p10`.
    private static func numbered(_ a: String, _ b: String) -> Bool {
        func number(_ id: String) -> Int { Int(id.split(separator: "/").last?.dropFirst() ?? "") ?? 0 }
        let (x, y) = (number(a), number(b))
        return x != y ? x < y : a < b
    }
}
