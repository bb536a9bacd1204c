import Foundation
import TelltaleModel
import TelltaleRunner

/// Which test targets a change can break: changed files → the targets that own them →
/// every target that depends on those, transitively → the test targets among them.
///
/// A change to `Package.swift`, `Package.resolved`, the plan, or a file inside the package
/// that no target owns runs everything. Files of a local path dependency count as a change
/// to every product of it. Files outside the package and its local dependencies are not its concern.
package struct ChangeSelection: Sendable, Equatable {
    package var base: String
    package var changedFiles: Int
    /// Why every test runs; nil when the selection is by test target.
    package var everything: String?
    /// Test target module names to run, with one line each saying why.
    package var testTargets: [String: String]
    /// With `--select tests` and a coverage map: which tests of `testTargets` run.
    package var testLevel: TestLevel? = nil
    /// Why a test-level selection was asked for and not made (no coverage map), for the notes.
    package var levelNote: String? = nil
    /// The changed files of test targets: `--stress-new` stresses the tests they declare.
    package var testFiles: [TestFile] = []

    package struct TestFile: Sendable, Equatable {
        /// The test target's module.
        package var module: String
        /// Absolute.
        package var path: String
        /// Relative to the package, as reports show it.
        package var relative: String
    }

    package var selectsNothing: Bool { everything == nil && testTargets.isEmpty }

    /// The lines `--explain` prints and the run's notes keep.
    package var explanation: [String] {
        var lines = ["changed since \(base): \(changedFiles) file\(changedFiles == 1 ? "" : "s")"]
        if let everything {
            lines.append("every test runs: \(everything)")
        } else if testTargets.isEmpty {
            lines.append("no test can be affected by this change")
        } else {
            lines += testTargets.keys.sorted().map { testTargets[$0]! }
        }
        if let levelNote { lines.append(levelNote) }
        return lines
    }

    /// The listed tests in the selected test targets (all of them when everything runs), and
    /// of those, with a test-level selection, the ones it runs.
    package func filter(_ tests: [ListedTest]) -> [ListedTest] {
        guard everything == nil else { return tests }
        let inTargets = tests.filter { testTargets[$0.id.module] != nil }
        guard let testLevel else { return inTargets }
        return inTargets.filter { testLevel.reason(for: $0.id) != nil }
    }

    /// The selection for `changes`: everything, with why, or the test targets that own or depend on
    /// a changed file, each with the chain of targets that reaches it.
    package static func select(changes: ChangeSet, graph: PackageGraph, planPath: String?) -> ChangeSelection {
        let root = URL(fileURLWithPath: graph.root).standardizedFileURL.path
        let plan = planPath.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        // Only the files that concern this package count: its own, its local dependencies', the plan.
        let relevant = changes.files.filter { file in
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            return path == plan || path.hasPrefix(root + "/") || graph.localPackages.contains { path.hasPrefix($0.path + "/") }
        }
        var selection = ChangeSelection(base: changes.base, changedFiles: relevant.count, everything: changes.everything, testTargets: [:])
        // Listed even when everything runs: `--stress-new` stresses their tests either way.
        selection.testFiles = relevant.compactMap { file in
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            guard path.hasPrefix(root + "/") else { return nil }
            let relative = String(path.dropFirst(root.count + 1))
            let owner = graph.targets.filter { relative.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }
            guard let owner, owner.isTest else { return nil }
            return TestFile(module: owner.module, path: path, relative: relative)
        }
        if selection.everything != nil { return selection }
        let manifests: Set<String> = ["Package.swift", "Package.resolved"]

        // The changed targets, each with the first file that changed it.
        var changed: [String: String] = [:]
        func mark(_ target: String, _ file: String) { if changed[target] == nil { changed[target] = file } }
        for file in relevant {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            if path == plan {
                selection.everything = "the plan \(Self.relative(path, to: root)) changed"
                return selection
            }
            if path.hasPrefix(root + "/") {
                let relative = String(path.dropFirst(root.count + 1))
                // A version-specific manifest (`Package@swift-6.0.swift`) is a manifest too.
                if manifests.contains(relative) || (relative.hasPrefix("Package@swift") && relative.hasSuffix(".swift")) {
                    selection.everything = "\(relative) changed"
                    return selection
                }
                // The longest target path that holds the file (targets may nest).
                if let owner = graph.targets.filter({ relative.hasPrefix($0.path + "/") }).max(by: { $0.path.count < $1.path.count }) {
                    mark(owner.name, relative)
                    continue
                }
                // A local dependency inside this package's folder is still that dependency.
                if !graph.localPackages.contains(where: { path.hasPrefix($0.path + "/") }) {
                    selection.everything = "\(relative) changed and no target owns it"
                    return selection
                }
            }
            // A local dependency's file changes every target that uses one of its products.
            for local in graph.localPackages where path.hasPrefix(local.path + "/") {
                let shown = Self.relative(path, to: root)
                // A dependency SwiftPM could not describe has no known products: which targets
                // use the changed file is unknown, so every test runs rather than none.
                guard let products = local.products else {
                    selection.everything =
                        "\(shown) changed in the local dependency \(Self.relative(local.path, to: root)), which `swift package describe` could not read"
                    return selection
                }
                for target in graph.targets where !Set(target.products).isDisjoint(with: products) {
                    mark(target.name, shown)
                }
            }
        }

        // Each test target that is changed or reaches a changed target, with the chain.
        let byName = Dictionary(graph.targets.map { ($0.name, $0) }) { first, _ in first }
        for test in graph.targets where test.isTest {
            guard let chain = Self.chain(from: test.name, to: changed, in: byName) else { continue }
            let file = changed[chain.last!]!
            let path = chain.reversed().joined(separator: " ← ")
            selection.testTargets[test.module] = "\(test.name): \(file) changed (\(path))"
        }
        return selection
    }

    /// The shortest dependency path from `start` to a changed target, `start` first.
    static func chain(from start: String, to changed: [String: String], in targets: [String: PackageGraph.Target]) -> [String]? {
        // Breadth first: the first changed target reached ends a shortest chain.
        var queue: [[String]] = [[start]]
        var seen: Set<String> = [start]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            if changed[path.last!] != nil { return path }
            for next in targets[path.last!]?.dependencies ?? [] where !seen.contains(next) {
                seen.insert(next)
                queue.append(path + [next])
            }
        }
        return nil
    }

    private static func relative(_ path: String, to root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
