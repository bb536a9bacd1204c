/// A named slice of the plan's tests with its own selection and limits.
package struct PlanSuite: Sendable, Equatable {
    /// Unique in the plan: reports and retries are keyed by it.
    package var name: String
    /// Regexes over test ids; empty selects every test the plan selects.
    package var filter: [String]
    /// Regexes over test ids the suite leaves out.
    package var skip: [String]
    /// Swift Testing tags: the suite takes only tests with one of them.
    package var tags: [String] = []
    /// Swift Testing tags whose tests the suite leaves out.
    package var skipTags: [String] = []
    /// nil inherits the plan's `retries`.
    package var retries: Int?
    /// For this suite's tests, over the plan's `timeout`.
    package var timeout: PlanTimeouts
    /// Run this suite's tests one at a time, for tests that share state.
    package var serial: Bool
    /// Variables for this suite's test processes, over the plan's `environment`.
    package var environment: [String: String] = [:]
    /// Launch arguments after the plan's (`TELLTALE_TEST_ARGUMENTS`).
    package var arguments: [String] = []
    /// Named sets of flags: each test of the suite runs once under each, as `Suite/test [name]`.
    package var variants: [PlanVariant] = []

    /// Whether the suite changes its tests' processes (own environment, arguments or variants).
    package var hasFlags: Bool { !environment.isEmpty || !arguments.isEmpty || !variants.isEmpty }

    package init(
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
