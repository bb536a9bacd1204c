/// The paths of a service's test-mode protocol (`POST` each; setup and teardown get `?test=ID`).
package struct PlanTestMode: Sendable, Equatable {
    /// Before each test, ahead of `setup`.
    package var reset: String
    /// Before each test, with `?test=ID`.
    package var setup: String
    /// After each test, with `?test=ID`.
    package var teardown: String

    package init(reset: String = "/tests/reset", setup: String = "/tests/setup", teardown: String = "/tests/teardown") {
        self.reset = reset
        self.setup = setup
        self.teardown = teardown
    }
}
