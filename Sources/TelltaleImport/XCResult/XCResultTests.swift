/// What `xcrun xcresulttool get test-results tests --path BUNDLE` prints (Xcode 16.3 and
/// later, not `--legacy`): the test plan's configurations, the devices and the tree of
/// test nodes, as the schema `xcresulttool help get test-results tests` prints describes them.
///
/// Only the fields the import reads are declared; unknown fields are ignored, and node types
/// and results stay strings so a newer Xcode's values reach a note rather than a decode error.
public struct XCResultTests: Decodable, Sendable, Hashable {
    public var testPlanConfigurations: [Configuration]
    public var devices: [Device]
    public var testNodes: [Node]

    public struct Configuration: Decodable, Sendable, Hashable {
        public var configurationId: String
        public var configurationName: String
    }

    public struct Device: Decodable, Sendable, Hashable {
        public var deviceId: String?
        public var deviceName: String
        public var architecture: String?
        public var modelName: String?
        public var platform: String?
        public var osVersion: String?
        public var osBuildNumber: String?

        /// `iPhone 16 Pro (iOS Simulator 18.2, 22C150)`: what a person reads to know where a test ran.
        public var label: String {
            let system = [platform, osVersion].compactMap(\.self).joined(separator: " ")
            let build = osBuildNumber.map { system.isEmpty ? $0 : "\(system), \($0)" } ?? system
            return build.isEmpty ? deviceName : "\(deviceName) (\(build))"
        }
    }

    /// One node of the tree: a plan, bundle, suite, test case, or what a test case holds
    /// (devices, configurations, argument cases, repetitions, messages, attachments).
    public struct Node: Decodable, Sendable, Hashable {
        public var nodeType: String
        public var name: String
        public var nodeIdentifier: String?
        public var nodeIdentifierURL: String?
        public var result: String?
        /// Seconds (Xcode 16.3 and later).
        public var durationInSeconds: Double?
        /// The same, localized (`0,75s`, `1m 2s`): all Xcode 16.0 to 16.2 write.
        public var duration: String?
        public var details: String?
        public var tags: [String]?
        public var children: [Node]?

        public init(
            nodeType: String, name: String, nodeIdentifier: String? = nil, result: String? = nil, durationInSeconds: Double? = nil,
            duration: String? = nil, details: String? = nil, tags: [String]? = nil, children: [Node]? = nil
        ) {
            self.duration = duration
            self.nodeType = nodeType
            self.name = name
            self.nodeIdentifier = nodeIdentifier
            self.result = result
            self.durationInSeconds = durationInSeconds
            self.details = details
            self.tags = tags
            self.children = children
        }

        var kids: [Node] { children ?? [] }

        /// How long the node took: `durationInSeconds`, else its `duration` string read.
        var seconds: Double? { durationInSeconds ?? duration.flatMap(XCResultDuration.seconds) }
    }

    /// The node types of the schema (`TestNodeType`), spelled as the JSON spells them.
    public enum NodeType {
        public static let testPlan = "Test Plan"
        public static let unitTestBundle = "Unit test bundle"
        public static let uiTestBundle = "UI test bundle"
        public static let testSuite = "Test Suite"
        public static let testCase = "Test Case"
        public static let device = "Device"
        public static let configuration = "Test Plan Configuration"
        public static let arguments = "Arguments"
        public static let repetition = "Repetition"
        public static let testCaseRun = "Test Case Run"
        public static let failureMessage = "Failure Message"
        public static let sourceCodeReference = "Source Code Reference"
        public static let attachment = "Attachment"
        public static let expression = "Expression"
        public static let testValue = "Test Value"
        public static let runtimeWarning = "Runtime Warning"

        /// Every type the schema names; anything else is a newer Xcode's, noted and skipped.
        public static let known: Set<String> = [
            testPlan, unitTestBundle, uiTestBundle, testSuite, testCase, device, configuration, arguments, repetition,
            testCaseRun, failureMessage, sourceCodeReference, attachment, expression, testValue, runtimeWarning,
        ]
    }

    enum CodingKeys: String, CodingKey {
        case testPlanConfigurations, devices, testNodes
    }

    /// `testNodes` is required; the lists beside it default to empty, so a hand-trimmed file still reads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        testPlanConfigurations = try c.decodeIfPresent([Configuration].self, forKey: .testPlanConfigurations) ?? []
        devices = try c.decodeIfPresent([Device].self, forKey: .devices) ?? []
        testNodes = try c.decode([Node].self, forKey: .testNodes)
    }
}
