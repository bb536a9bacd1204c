import TelltaleModel

/// One step of making a record, a value in the builder's one ordered list (`standard`): a new
/// judgement of a run's results is a step here, and every road to a record takes it.
package struct RecordStep: Sendable {
    package var name: String
    let body: @Sendable (inout RecordDraft, RecordRules, RecordContext) -> Void

    package init(_ name: String, _ body: @escaping @Sendable (inout RecordDraft, RecordRules, RecordContext) -> Void) {
        self.name = name
        self.body = body
    }

    func apply(_ draft: inout RecordDraft, _ rules: RecordRules, _ context: RecordContext) {
        body(&draft, rules, context)
    }

    /// The steps, in the order every record is made. The order matters: a test no process
    /// reported is an `error` before anything judges it; each event's test and attempt are known
    /// before the analytics checks read them; flaky causes are read from the attempts
    /// before the stress and repetition verdicts rewrite outcomes; quarantine marks the final
    /// outcomes; paths are moved last, once every message is written.
    package static let standard: [RecordStep] = [
        .accountForEveryTest, .attributeEvents, .checkAnalytics, .explainFlakiness, .judgeStress, .judgeRepetitions, .quarantine, .rerootPaths,
    ]
}
