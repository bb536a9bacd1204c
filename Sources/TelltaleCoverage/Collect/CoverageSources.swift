import Foundation

/// Which files a run measures, and the target each belongs to. By default the package's own
/// non-test targets: not its tests, not `.build` (dependencies' checkouts, generated sources),
/// nothing outside the package. `include` globs replace that choice (any file under the
/// package but `.build`); `exclude` globs take files out of it.
package struct CoverageSources: Sendable, Hashable {
    package struct Target: Sendable, Hashable {
        package var name: String
        /// Relative to the package: `Sources/Shapes`.
        package var path: String
        /// A test target's files are measured only when an `include` glob names them.
        package var isTest: Bool

        package init(name: String, path: String, isTest: Bool) {
            self.name = name
            self.path = path
            self.isTest = isTest
        }
    }

    /// The package's folder, absolute.
    package var root: String
    /// Longest path first, so a file nested in two targets belongs to the inner one.
    package var targets: [Target]
    /// When not empty, the files measured instead of the non-test targets' (any file of the package but `.build`).
    package var include: [PathGlob]
    /// Files taken out of what is measured, whichever way it was chosen.
    package var exclude: [PathGlob]

    package init(root: String, targets: [Target], include: [String] = [], exclude: [String] = []) {
        self.root = root
        self.targets = targets.sorted { $0.path.count > $1.path.count }
        self.include = include.map(PathGlob.init)
        self.exclude = exclude.map(PathGlob.init)
    }

    /// A measured file's path relative to the package and its target; nil for a file the run does not measure.
    package func classify(_ absolutePath: String) -> (path: String, target: String?)? {
        guard let relative = relativePath(absolutePath), !relative.hasPrefix(".build/"), !relative.contains("/.build/") else { return nil }
        let target = targets.first { relative.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
        // No `include`: the package's non-test targets; with one, any file it matches, in a target or not.
        if include.isEmpty {
            guard let target, !target.isTest else { return nil }
        } else {
            guard include.contains(where: { $0.matches(relative) }) else { return nil }
        }
        if exclude.contains(where: { $0.matches(relative) }) { return nil }
        return (relative, target?.name)
    }

    /// llvm-cov names files as the compiler saw them, which may be through a symlink of the package's folder.
    private func relativePath(_ path: String) -> String? {
        for base in Set([root, URL(fileURLWithPath: root).resolvingSymlinksInPath().path]) {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        return nil
    }
}
