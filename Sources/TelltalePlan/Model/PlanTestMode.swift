/// The paths of a service's test-mode protocol (`POST` each; setup and teardown get `?test=ID`).
public struct PlanTestMode: Sendable, Equatable {
    public var reset: String
    public var setup: String
    public var teardown: String

    public init(reset: String = "/tests/reset", setup: String = "/tests/setup", teardown: String = "/tests/teardown") {
        self.reset = reset
        self.setup = setup
        self.teardown = teardown
    }
}
