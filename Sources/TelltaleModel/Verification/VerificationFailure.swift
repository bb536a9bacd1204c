/// A plan expectation a test's events did not meet.
package struct VerificationFailure: Codable, Sendable, Hashable {
    package enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// An expected event was not sent (no event matched name and params).
        case missingEvent
        /// Matching events were sent, but not as many as `count` says.
        case wrongCount
        /// A forbidden event was sent.
        case forbiddenEvent
        /// The events of an `order:` did not arrive in order (or, without gaps, together).
        case wrongOrder
        /// Strict mode: an event no expectation names was sent.
        case unexpectedEvent
    }

    package var kind: Kind
    /// The event the expectation names (nil for an order, which names several).
    package var event: String?
    /// One line: what was expected and what happened.
    package var message: String
    /// Where the plan states the expectation.
    package var expectation: SourceLocation?
    /// The events involved: the forbidden or unexpected ones, or those that matched too often.
    package var eventIDs: [String]
    /// For a missing event: the test's captured events most like it, closest first.
    package var closest: [ClosestEvent]

    package init(
        kind: Kind, event: String?, message: String, expectation: SourceLocation? = nil,
        eventIDs: [String] = [], closest: [ClosestEvent] = []
    ) {
        self.kind = kind
        self.event = event
        self.message = message
        self.expectation = expectation
        self.eventIDs = eventIDs
        self.closest = closest
    }

    /// The message with the nearest miss in its first line (what JUnit's `message`, the console
    /// and summaries show), then the closest events, each with what differs:
    ///
    ///     missing event: expected purchase_completed { value: number > 0 } (at least 1), …; nearest: purchase_completed (#e42), value: expected number > 0, got "9.99" (string)
    ///       closest captured events:
    ///       - purchase_completed (#e42): 0 of 1 params match
    ///           value: expected number > 0, got "9.99" (string)
    package var text: String {
        ClosestEvent.message(message, closest: closest)
    }
}
