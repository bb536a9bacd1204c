/// The paths of a service's test-mode protocol, each called with POST.
public struct TestModePaths: Sendable, Equatable {
    public static let defaultReset = "/tests/reset"
    public static let defaultSetup = "/tests/setup"
    public static let defaultTeardown = "/tests/teardown"

    public var reset: String
    public var setup: String
    public var teardown: String

    public init(
        reset: String = TestModePaths.defaultReset,
        setup: String = TestModePaths.defaultSetup,
        teardown: String = TestModePaths.defaultTeardown
    ) {
        self.reset = reset
        self.setup = setup
        self.teardown = teardown
    }
}
