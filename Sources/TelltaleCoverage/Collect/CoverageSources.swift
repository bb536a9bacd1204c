import Foundation

/// Which files a run measures, and the target each belongs to. By default the package's own
/// non-test targets: not its tests, not `.build` (dependencies' checkouts, generated sources),
/// nothing outside the package. `include` globs replace that choice (any file under the
/// package but `.build`); `exclude` globs take files out of it.
public struct CoverageSources: Sendable, Hashable {
    public struct Target: Sendable, Hashable {
        public var name: String
        /// Relative to the package: `Sources/Shapes`.
        public var path: String
        public var isTest: Bool

        public init(name: String, path: String, isTest: Bool) {
            self.name = name
            self.path = path
            self.isTest = isTest
        }
    }

    /// The package's folder, absolute.
    public var root: String
    public var targets: [Target]
    public var include: [PathGlob]
    public var exclude: [PathGlob]

    public init(root: String, targets: [Target], include: [String] = [], exclude: [String] = []) {
        self.root = root
        self.targets = targets.sorted { $0.path.count > $1.path.count }
        self.include = include.map(PathGlob.init)
        self.exclude = exclude.map(PathGlob.init)
    }

    /// A measured file's path relative to the package and its target; nil for a file the run does not measure.
    public func classify(_ absolutePath: String) -> (path: String, target: String?)? {
        guard let relative = relativePath(absolutePath), !relative.hasPrefix(".build/"), !relative.contains("/.build/") else { return nil }
        let target = targets.first { relative.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
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
