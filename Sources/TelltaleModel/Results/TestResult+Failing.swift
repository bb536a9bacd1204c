extension TestResult {
    /// This result failed by checks made outside the test, such as a backend's teardown:
    /// a pass or a skip becomes a failure, and each message is added as one.
    package func failing(with messages: [String]) -> TestResult {
        failing(with: messages.map { TestMessage(kind: .failure, text: $0) })
    }

    /// The same with full messages, e.g. an analytics check that points at its plan line.
    package func failing(with messages: [TestMessage]) -> TestResult {
        guard !messages.isEmpty else { return self }
        var result = self
        if !result.outcome.isFailure { result.outcome = .failed }
        result.messages += messages
        return result
    }
}
