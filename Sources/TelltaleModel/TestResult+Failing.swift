extension TestResult {
    /// This result failed by checks made outside the test, such as a backend's teardown:
    /// a pass or a skip becomes a failure, and each message is added as one.
    public func failing(with messages: [String]) -> TestResult {
        guard !messages.isEmpty else { return self }
        var result = self
        if !result.outcome.isFailure { result.outcome = .failed }
        result.messages += messages.map { TestMessage(kind: .failure, text: $0) }
        return result
    }
}
