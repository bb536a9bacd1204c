import Foundation

/// Weak references to every configured tracker, for `Tracker.flushAll()`.
///
/// `@unchecked Sendable`: `entries` is read and written only while holding `lock`.
final class TrackerRegistry: @unchecked Sendable {
    private struct Entry {
        weak var tracker: Tracker?
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    func add(_ tracker: Tracker) {
        lock.withLock {
            entries.removeAll { $0.tracker == nil }
            entries.append(Entry(tracker: tracker))
        }
    }

    func trackers() -> [Tracker] {
        lock.withLock { entries.compactMap(\.tracker) }
    }
}
