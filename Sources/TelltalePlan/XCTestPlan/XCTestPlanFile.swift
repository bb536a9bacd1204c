/// The parts of Xcode's `.xctestplan` JSON that Telltale imports; the rest
/// (configurations, diagnostics options) has no `swift test` counterpart.
struct XCTestPlanFile: Decodable {
    struct Options: Decodable {
        var environmentVariableEntries: [EnvironmentEntry]?
        var commandLineArgumentEntries: [ArgumentEntry]?
        var testRepetitionMode: String?
        var maximumTestRepetitions: Int?
    }

    struct EnvironmentEntry: Decodable {
        var key: String
        var value: String
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
        var selectedTests: [String]?
        var skippedTests: [String]?
    }

    var defaultOptions: Options?
    var testTargets: [TestTarget]
}
