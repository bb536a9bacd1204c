import Foundation
import Yams

/// The plan a command uses when none is named: `telltale.yml` (or `.telltale.yml`) beside the
/// package's `Package.swift`, as `docker compose` finds `compose.yaml` in its folder. A plan
/// sitting there is never ignored without a word; with none there, the plans under the
/// package's `Plans/` are named, so a user who meant one of them knows how to ask for it.
package struct PlanDiscovery: Sendable, Equatable {
    /// The names looked for beside `Package.swift`, the first found wins.
    package static let fileNames = ["telltale.yml", ".telltale.yml"]

    /// The plan found, as a path from the working directory; nil when there is none.
    package var plan: String?
    /// A second plan file beside the first, which is not used.
    package var shadowed: String?
    /// With no plan found: the plan files under `Plans/`, as paths from the working directory.
    package var candidates: [String] = []

    package init(plan: String? = nil, shadowed: String? = nil, candidates: [String] = []) {
        self.plan = plan
        self.shadowed = shadowed
        self.candidates = candidates
    }

    /// Looks beside `package`'s manifest (`package` as the command line gives it, `.` by default).
    package static func find(package: String) -> PlanDiscovery {
        let found = fileNames.map { path(package, $0) }.filter { FileManager.default.fileExists(atPath: $0) }
        // Both names found: the first is used and the other named in the note, never silently ignored.
        guard found.isEmpty else { return PlanDiscovery(plan: found[0], shadowed: found.dropFirst().first) }
        return PlanDiscovery(candidates: plans(under: path(package, "Plans")))
    }

    /// The first line of a run's output: which plan it uses and why, or why it uses none.
    package var note: String? {
        if let plan {
            let shadow = shadowed.map { "; \($0) is not used, only one plan is found" } ?? ""
            return "plan: \(plan), found beside Package.swift (name another plan to use it instead\(shadow))"
        }
        guard !candidates.isEmpty else { return nil }
        let shown = candidates.prefix(5).joined(separator: ", ") + (candidates.count > 5 ? " and \(candidates.count - 5) more" : "")
        return "no plan: no \(Self.fileNames.joined(separator: " or ")) beside Package.swift, so every test runs with defaults; "
            + "plans under Plans/: \(shown) (name one to use it, e.g. `telltale run \(candidates[0])`)"
    }

    /// `Plans/x.yml` for `.`, `Pkg/Plans/x.yml` for `Pkg`.
    static func path(_ folder: String, _ name: String) -> String {
        let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        return trimmed == "." || trimmed.isEmpty ? name : "\(trimmed)/\(name)"
    }

    /// The YAML files directly under `folder` that read as plans: a mapping with `version` and
    /// without `events` (a YAML tracking plan has both), sorted.
    static func plans(under folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map { path(folder, $0) }.filter { file in
            guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                let keys = (try? Yams.compose(yaml: text))??.mapping?.keys.compactMap(\.string)
            else { return false }
            return keys.contains("version") && !keys.contains("events")
        }
    }
}
