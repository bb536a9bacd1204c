import TelltaleModel

/// What Swift Testing's `test` records say about each test beyond its name: display
/// name, tags, bugs and time limit, with a suite's tags and bugs applied to every test
/// beneath it (Swift Testing applies them so, but only when it plans a run; a listing's
/// records carry each test's own).
struct SwiftTestingTraits {
    private var records: [String: SwiftTestingRecord.Payload] = [:]

    /// Notes one `test` record.
    mutating func add(_ payload: SwiftTestingRecord.Payload) {
        guard let id = payload.id else { return }
        records[id] = payload
    }

    var functionIDs: [String] { records.filter { $0.value.testKind == "function" }.map(\.key).sorted() }

    func isFunction(_ streamID: String) -> Bool { records[streamID]?.testKind == "function" }

    func payload(of streamID: String) -> SwiftTestingRecord.Payload? { records[streamID] }

    /// The traits of the test with this event-stream id, its suites' included.
    func traits(of streamID: String) -> TestTraits {
        guard let own = records[streamID] else { return TestTraits() }
        var tags: [String] = []
        var bugs: [TestBug] = []
        for suite in TestID(streamID).withoutSourceLocation.enclosingSuiteIDs {
            tags += records[suite]?.tags ?? []
            bugs += (records[suite]?.bugs ?? []).map(Self.bug)
        }
        tags += own.tags ?? []
        bugs += (own.bugs ?? []).map(Self.bug)
        return TestTraits(
            displayName: own.displayName,
            tags: Self.unique(tags.map(Self.tagName)),
            bugs: Self.unique(bugs),
            timeLimit: own.timeLimit.map { .milliseconds(Int64(($0 * 1000).rounded())) }
        )
    }

    /// `.network` (how 6.3 spells a tag) and `network` (6.4) are the same tag.
    static func tagName(_ raw: String) -> String { raw.hasPrefix(".") ? String(raw.dropFirst()) : raw }

    private static func bug(_ bug: SwiftTestingRecord.Bug) -> TestBug { TestBug(url: bug.url, id: bug.id, title: bug.title) }

    private static func unique<T: Hashable>(_ items: [T]) -> [T] {
        var seen: Set<T> = []
        return items.filter { seen.insert($0).inserted }
    }
}
