import Foundation
import TelltaleModel

/// Where one attempt of a result ran, as both stores keep it: a JSON array per result, one
/// object per attempt (oldest first, the last is the result's own), with short keys because a
/// shuffled run writes one for every test. `{}` for an attempt no process reported.
struct StoredAttempt: Codable, Sendable, Hashable {
    /// `TestPlacement.process`, `.position`, `.worker`, `.seed`.
    var p: String?
    var i: Int?
    var w: Int?
    var s: Int?
    /// `TestAttempt.repetition`.
    var r: Int?

    init(_ attempt: TestAttempt) {
        p = attempt.placement?.process
        i = attempt.placement?.position
        w = attempt.placement?.worker
        s = attempt.placement?.seed
        r = attempt.repetition
    }

    /// Nil unless the process, the position and the worker were all recorded.
    var placement: TestPlacement? {
        guard let p, let i, let w else { return nil }
        return TestPlacement(process: p, position: i, worker: w, seed: s)
    }

    /// The attempts' column: nil when no attempt was placed or repeated (a run from before
    /// Telltale recorded the order, or a JUnit import), so such rows cost nothing.
    static func encode(_ attempts: [TestAttempt]) -> String? {
        let stored = attempts.map(StoredAttempt.init)
        guard stored.contains(where: { $0.placement != nil || $0.r != nil }) else { return nil }
        return json(stored)
    }

    /// A `placements` column's attempts; none for NULL, or for JSON this Telltale cannot read.
    static func decode(_ text: String?) -> [StoredAttempt] {
        guard let text, !text.isEmpty else { return [] }
        return (try? JSONValueDecoder().decode([StoredAttempt].self, from: Array(text.utf8))) ?? []
    }

    /// A column's JSON, as TelltaleJSON writes everything Telltale stores: compact, keys sorted.
    static func json<T: Encodable>(_ value: T?) -> String? {
        guard let value, let tree = try? JSONValueEncoder().encode(value) else { return nil }
        return String(decoding: tree.serialized(), as: UTF8.self)
    }

    /// A stored `orderDependency`; nil for NULL, or for JSON this Telltale cannot read.
    static func orderDependency(_ text: String?) -> OrderDependency? {
        guard let text, !text.isEmpty else { return nil }
        return try? JSONValueDecoder().decode(OrderDependency.self, from: Array(text.utf8))
    }
}
