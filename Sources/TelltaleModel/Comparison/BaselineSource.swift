import Foundation

/// Which baseline a run was compared with, and from when: `run.json`'s `comparison.baseline`,
/// and what every report names the base by.
package struct BaselineSource: Codable, Sendable, Hashable {
    package enum Kind: String, Codable, Sendable, Hashable {
        /// A run the history kept.
        case history
        /// A file the base's run left (`--baseline`): its run.json, or any tool's JUnit.
        case file
    }

    /// How the history's run was found: it is the newest run of the base commit, or (no run of
    /// that commit being kept) the newest run of the base branch.
    package enum Match: String, Codable, Sendable, Hashable {
        case commit
        case branch
    }

    package var kind: Kind
    /// What the reports call the base: its branch (`main`), else its commit's first 8
    /// characters, else the file's name.
    package var name: String
    /// What named the base: `--base main`, `GitHub's GITHUB_BASE_REF=main`, `--baseline`.
    package var chosenBy: String?
    package var match: Match?
    /// The baseline run's commit and branch, as it recorded them.
    package var commit: String?
    package var branch: String?
    /// When the baseline ran: its start (a JUnit file without a timestamp: the file's time).
    package var startedAt: Date?
    /// The file, as it was given.
    package var path: String?
    /// The run's id in the history (`#12`, as `telltale history runs` lists it).
    package var run: Int64?
    /// How many tests the baseline has.
    package var tests: Int

    package init(
        kind: Kind, name: String, chosenBy: String? = nil, match: Match? = nil, commit: String? = nil, branch: String? = nil,
        startedAt: Date? = nil, path: String? = nil, run: Int64? = nil, tests: Int = 0
    ) {
        self.kind = kind
        self.name = name
        self.chosenBy = chosenBy
        self.match = match
        self.commit = commit
        self.branch = branch
        self.startedAt = startedAt
        self.path = path
        self.run = run
        self.tests = tests
    }

    /// For people: `main: the run of 1a2b3c4d on main from 2026-11-27 10:00 UTC (#12 in the history; --base main)`.
    package var description: String {
        var what: String
        switch kind {
        case .file:
            what = "\(path ?? name)"
        case .history:
            let commit = self.commit.map { " of \($0.prefix(8))" } ?? ""
            let branch = self.branch.map { " on \($0)" } ?? ""
            what = match == .branch ? "the newest run\(commit)\(branch)" : "the run\(commit)\(branch)"
        }
        if let startedAt { what += " from \(Self.minute(startedAt))" }
        var facts = [run.map { "#\($0) in the history" }, "\(tests) test\(tests == 1 ? "" : "s")", chosenBy].compactMap(\.self)
        if match == .branch { facts.insert("no run of the base commit kept", at: 0) }
        return "\(name): \(what) (\(facts.joined(separator: "; ")))"
    }

    /// `2026-11-27 10:00 UTC`.
    static func minute(_ date: Date) -> String {
        let text = ISO8601Timestamp.string(from: date)
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}
