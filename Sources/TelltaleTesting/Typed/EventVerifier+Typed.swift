import TelltaleWire

/// The typed forms of the checks: the same waits, with an `ExpectedEvent` for the name and params.
/// A failure names the call, as the untyped forms' do.
extension EventVerifier {
    /// Waits until at least `count` events matching `event` arrive; returns them.
    @discardableResult
    public func expect(
        _ event: ExpectedEvent, count: Int = 1, timeout: Duration? = nil, filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column
    ) async throws -> [Event] {
        try await waitFor(event.name, where: event.params, count: count, timeout: timeout, filePath: filePath, line: line, column: column)
    }

    /// Fails if any event matching `event` arrives within `within` (or is already there).
    public func expectNone(
        _ event: ExpectedEvent, within: Duration = .milliseconds(500), filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column
    ) async throws {
        try await expectNone(event.name, where: event.params, within: within, filePath: filePath, line: line, column: column)
    }

    /// Waits for exactly `count` events matching `event`.
    @discardableResult
    public func expectCount(
        _ event: ExpectedEvent, equals count: Int, timeout: Duration? = nil, filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column
    ) async throws -> [Event] {
        try await expectCount(event.name, where: event.params, equals: count, timeout: timeout, filePath: filePath, line: line, column: column)
    }
}
