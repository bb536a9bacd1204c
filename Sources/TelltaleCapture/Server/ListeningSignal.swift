/// Announces once where the server listens (or that it failed to start) to anyone waiting.
actor ListeningSignal {
    private var result: Result<CaptureAddress, any Error>?
    private var waiters: [CheckedContinuation<CaptureAddress, any Error>] = []

    /// The first outcome wins; a later one (a failure after the server listened) is ignored.
    func resolve(_ outcome: Result<CaptureAddress, any Error>) {
        guard result == nil else { return }
        result = outcome
        for waiter in waiters { waiter.resume(with: outcome) }
        waiters = []
    }

    /// The address, at once if the outcome is known, else when it is; throws the start's failure.
    func wait() async throws -> CaptureAddress {
        if let result { return try result.get() }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }
}
