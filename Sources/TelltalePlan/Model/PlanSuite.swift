/// A named slice of the plan's tests with its own selection and limits.
public struct PlanSuite: Sendable, Equatable {
    public var name: String
    /// Regexes over test ids; empty selects every test the plan selects.
    public var filter: [String]
    public var skip: [String]
    /// Swift Testing tags: the suite takes only tests with one of them.
    public var tags: [String] = []
    /// Swift Testing tags whose tests the suite leaves out.
    public var skipTags: [String] = []
    /// nil inherits the plan's `retries`.
    public var retries: Int?
    public var timeout: PlanTimeouts
    /// Run this suite's tests one at a time, for tests that share state.
    public var serial: Bool
    /// Variables for this suite's test processes, over the plan's `environment`.
    public var environment: [String: String] = [:]
    /// Launch arguments after the plan's (`TELLTALE_TEST_ARGUMENTS`).
    public var arguments: [String] = []
    /// Named sets of flags: each test of the suite runs once under each, as `Suite/test [name]`.
    public var variants: [PlanVariant] = []

    /// Whether the suite changes its tests' processes (own environment, arguments or variants).
    public var hasFlags: Bool { !environment.isEmpty || !arguments.isEmpty || !variants.isEmpty }

    public init(
        name: String,
        filter: [String] = [],
        skip: [String] = [],
        retries: Int? = nil,
        timeout: PlanTimeouts = PlanTimeouts(),
        serial: Bool = false,
        environment: [String: String] = [:],
        arguments: [String] = [],
        variants: [PlanVariant] = []
    ) {
        self.name = name
        self.filter = filter
        self.skip = skip
        self.retries = retries
        self.timeout = timeout
        self.serial = serial
        self.environment = environment
        self.arguments = arguments
        self.variants = variants
    }
}
