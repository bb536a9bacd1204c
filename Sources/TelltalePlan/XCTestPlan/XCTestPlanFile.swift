/// The parts of Xcode's `.xctestplan` JSON that Telltale imports; the rest
/// (configurations, diagnostics options) has no `swift test` counterpart.
struct XCTestPlanFile: Decodable {
    /// `defaultOptions`: what applies to every configuration, the only options Telltale reads.
    struct Options: Decodable {
        var environmentVariableEntries: [EnvironmentEntry]?
        var commandLineArgumentEntries: [ArgumentEntry]?
        /// Imported only when `retryOnFailure`, as `retries`; other repetition modes are not.
        var testRepetitionMode: String?
        /// Runs in all, the first included: 3 is one try and two retries.
        var maximumTestRepetitions: Int?
    }

    struct EnvironmentEntry: Decodable {
        var key: String
        var value: String
        /// `false` for an entry unchecked in Xcode's editor; nil (omitted) counts as enabled.
        var enabled: Bool?
    }

    struct ArgumentEntry: Decodable {
        var argument: String
        var enabled: Bool?
    }

    struct TestTarget: Decodable {
        struct Target: Decodable {
            var name: String
        }

        var target: Target
        /// Xcode omits `enabled` for enabled targets.
        var enabled: Bool?
        /// When present, only these tests or classes of the target run
        /// (`CartTests/testAdd()`, `CartTests`).
        var selectedTests: [String]?
        /// Tests or classes of the target that never run.
        var skippedTests: [String]?
    }

    var defaultOptions: Options?
    var testTargets: [TestTarget]
}
