import TelltaleModel

/// Tests of one framework that one test process runs.
struct TestBatch: Sendable {
    var framework: TestFramework
    var tests: [TestID]
    /// Run one test at a time: a plan's serial suite, or a test re-run alone to find
    /// which of several tests in flight together crashed their process.
    var serial: Bool = false

    /// One process runs tests with the same variables only (`TestProcessContext.testEnvironment`:
    /// a plan suite's own, or its variant's): a batch that mixes them becomes one batch per set,
    /// in the order each set first appears.
    func splitByEnvironment(_ testEnvironment: [TestID: [String: String]]) -> [TestBatch] {
        guard !testEnvironment.isEmpty else { return [self] }
        let groups = tests.groupedInOrder { testEnvironment[$0] ?? [:] }
        guard groups.count > 1 else { return [self] }
        return groups.map { TestBatch(framework: framework, tests: $0.elements, serial: serial) }
    }

    /// XCTest prints `Class.method` without the module, so one process must not run
    /// two modules' classes of the same name: such a batch becomes one batch per module.
    func splitWhereXCTestNamesCollide() -> [TestBatch] {
        guard framework == .xctest else { return [self] }
        let byConsoleName = Dictionary(grouping: tests, by: XCTestConsoleParser.consoleName(of:))
        guard byConsoleName.values.contains(where: { $0.count > 1 }) else { return [self] }
        return Dictionary(grouping: tests, by: \.module).keys.sorted().map { module in
            TestBatch(framework: framework, tests: tests.filter { $0.module == module }, serial: serial)
        }
    }
}

/// Turns a batch into the test binary's selection arguments.
///
/// Selecting tests one by one would overflow the kernel's limit on one argument
/// (128 KiB on Linux) for large suites, so whole classes, suites and modules are
/// named where every test in them is selected, and long lists are split into
/// several invocations.
enum BatchArguments {
    static let maxXCTestArgumentLength = 100_000
    static let maxSwiftTestingArgumentsLength = 1_000_000

    /// XCTest's specifiers, `Module.Class` or `Module.Class/test`, one list per invocation
    /// (the launcher joins them with commas, or turns them into filters). An empty list
    /// means "run everything".
    static func xctest(_ batch: TestBatch, listed: [TestID]) -> [[String]] {
        let specifiers = cover(selected: batch.tests, listed: listed).map { path -> String in
            path.count == 1 ? path[0] : "\(path[0]).\(path.dropFirst().joined(separator: "/"))"
        }
        if specifiers == [""] { return [[]] }
        // XCTest cannot name a whole module, so expand module-level covers into classes.
        var expanded: [String] = []
        for specifier in specifiers {
            if specifier.contains(".") {
                expanded.append(specifier)
            } else {
                let classes = Set(listed.filter { $0.module == specifier }.map(\.suiteName))
                expanded.append(contentsOf: classes.sorted())
            }
        }
        return chunk(expanded, limit: maxXCTestArgumentLength)
    }

    /// Swift Testing takes `--filter` regexes matched against the id of every test and
    /// suite, where a test function's id always ends in its source location:
    /// `Module.Suite/fn()/File.swift:5:6`. A path that ends in a location names one
    /// test exactly; any other path is followed by `/` so it covers what is beneath it.
    static func swiftTestingFilters(_ batch: TestBatch, listed: [TestID]) -> [[String]] {
        let paths = cover(selected: batch.tests, listed: listed)
        if paths == [[""]] { return [[]] }
        let patterns = paths.map { path -> String in
            if path.count == 1 { return "^" + escape(path[0]) + "\\." }
            let id = TestID("\(path[0]).\(path.dropFirst().joined(separator: "/"))")
            return "^" + escape(id.rawValue) + (id.sourceLocationSuffix == nil ? "/" : "$")
        }
        return chunk(patterns, limit: maxSwiftTestingArgumentsLength).map { group in
            group.flatMap { ["--filter", $0] }
        }
    }

    /// The smallest set of id paths (`[module, component, …]`) that covers exactly the
    /// selected tests; `[[""]]` when the selection is every listed test.
    static func cover(selected: [TestID], listed: [TestID]) -> [[String]] {
        let selectedSet = Set(selected)
        let listedSet = Set(listed)
        if selectedSet.isSuperset(of: listedSet) && selectedSet.count == listedSet.count { return [[""]] }
        // Tests that were not listed (should not happen) are named one by one.
        let unlisted = selectedSet.subtracting(listedSet).sorted().map(path)
        let paths = listedSet.map(path)
        let chosen = Set(selectedSet.intersection(listedSet).map(path))
        return coverNode(prefix: [], paths: paths, chosen: chosen) + unlisted
    }

    private static func coverNode(prefix: [String], paths: [[String]], chosen: Set<[String]>) -> [[String]] {
        let selectedCount = paths.count { chosen.contains($0) }
        if selectedCount == 0 { return [] }
        if selectedCount == paths.count, !prefix.isEmpty { return [prefix] }
        var children: [String: [[String]]] = [:]
        var leaves: [[String]] = []
        for path in paths {
            if path.count == prefix.count + 1 {
                leaves.append(path)
            } else {
                children[path[prefix.count], default: []].append(path)
            }
        }
        var result = leaves.filter { chosen.contains($0) }
        for key in children.keys.sorted() {
            result += coverNode(prefix: prefix + [key], paths: children[key]!, chosen: chosen)
        }
        return result
    }

    /// The id split at its dot and slashes, a source-location suffix included, so that
    /// same-named tests are separate leaves.
    private static func path(_ id: TestID) -> [String] {
        [id.module] + id.components + (id.sourceLocationSuffix.map { [$0] } ?? [])
    }

    static func escape(_ text: String) -> String {
        TestIDPattern.escaped(text)
    }

    private static func chunk(_ items: [String], limit: Int) -> [[String]] {
        var chunks: [[String]] = []
        var current: [String] = []
        var length = 0
        for item in items {
            if length + item.count + 1 > limit, !current.isEmpty {
                chunks.append(current)
                current = []
                length = 0
            }
            current.append(item)
            length += item.count + 1
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }
}
