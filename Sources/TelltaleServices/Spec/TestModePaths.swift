/// The paths of a service's test-mode protocol, each called with POST.
package struct TestModePaths: Sendable, Equatable {
    package static let defaultReset = "/tests/reset"
    package static let defaultSetup = "/tests/setup"
    package static let defaultTeardown = "/tests/teardown"

    /// Before each test: the service drops whatever data earlier tests left.
    package var reset: String
    /// Before each test, after `reset`, with `?test=ID`.
    package var setup: String
    /// After each test, with `?test=ID`: a non-2xx answer fails the test with its body.
    package var teardown: String

    package init(
        reset: String = TestModePaths.defaultReset,
        setup: String = TestModePaths.defaultSetup,
        teardown: String = TestModePaths.defaultTeardown
    ) {
        self.reset = reset
        self.setup = setup
        self.teardown = teardown
    }
}
