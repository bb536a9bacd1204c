import Foundation

/// Paths in a plan file (`package`, `xctestplan`, `capture.catalog`, `history`, `reports.dir`, a
/// service's `cwd`) are relative to the plan file's folder, as an Xcode test plan's and a
/// compose file's are, so a plan runs the same from any working directory:
/// `telltale run MyApp/Plans/app.yml` from the parent folder finds `package: ..` as `MyApp`.
///
/// A `Plan` keeps its paths as written (so `plan print` shows them back); code that opens them
/// works on `resolvingPaths()`.
extension Plan {
    /// The plan with every path made usable from the working directory: relative to it (`../x`
    /// where the path climbs above it), or absolute where the plan wrote it so.
    package func resolvingPaths() -> Plan {
        guard let sourcePath else { return self }
        var plan = self
        let resolve = { (path: String) in Plan.resolve(path, inPlan: sourcePath) }
        plan.package = resolve(package)
        plan.xctestplan = xctestplan.map(resolve)
        plan.capture.catalog = capture.catalog.map(resolve)
        plan.reports.dir = resolve(reports.dir)
        if case .file(let path) = history { plan.history = .file(resolve(path)) }
        if let xcode {
            plan.xcode?.derivedData = resolve(xcode.derivedData)
            switch xcode.container {
            case .project(let path): plan.xcode?.container = .project(resolve(path))
            case .workspace(let path): plan.xcode?.container = .workspace(resolve(path))
            case .found: break
            }
        }
        for index in plan.services.indices {
            // A service runs in the plan's folder unless its `cwd` says otherwise, and an
            // executable named by a path is found from the plan's folder too.
            plan.services[index].cwd = resolve(plan.services[index].cwd ?? ".")
            plan.services[index].command = Self.resolvingExecutable(plan.services[index].command, resolve)
            plan.services[index].build = plan.services[index].build.map { Self.resolvingExecutable($0, resolve) }
        }
        return plan
    }

    /// `command` with its executable resolved when it names a path (`./backend`,
    /// `.build/debug/shop-backend`); a bare name (`swift`) is left for `PATH` to find.
    private static func resolvingExecutable(_ command: [String], _ resolve: (String) -> String) -> [String] {
        guard let first = command.first, first.contains("/") else { return command }
        return [resolve(first)] + command.dropFirst()
    }

    /// `path`, written in the plan at `planFile`, as a path from the working directory.
    package static func resolve(_ path: String, inPlan planFile: String) -> String {
        // Absolute, or under the home folder (`~/x`, expanded here): the plan's folder does not matter.
        if path.hasPrefix("/") || path.hasPrefix("~") { return (path as NSString).expandingTildeInPath }
        let folder = (planFile as NSString).deletingLastPathComponent
        return normalized(folder.isEmpty ? path : "\(folder)/\(path)")
    }

    /// The plan file's folder as a person reads it, absolute, for hints.
    package static func folder(of planFile: String) -> String {
        URL(fileURLWithPath: planFile).deletingLastPathComponent().standardizedFileURL.path
    }

    /// `a/./b/../c` as `a/c`, lexically; a relative path that climbs above the working
    /// directory (`../x`) or an absolute one keeps its form.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
