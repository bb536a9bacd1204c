/// The paths of a service's test-mode protocol, each called with POST.
package struct TestModePaths: Sendable, Equatable {
    package static let defaultReset = "/tests/reset"
    package static let defaultSetup = "/tests/setup"
    package static let defaultTeardown = "/tests/teardown"

    package var reset: String
    package var setup: String
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
