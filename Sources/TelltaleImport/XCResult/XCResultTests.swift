/// What `xcrun xcresulttool get test-results tests --path BUNDLE` prints (Xcode 16.3 and
/// later, not `--legacy`): the test plan's configurations, the devices and the tree of
/// test nodes, as the schema `xcresulttool help get test-results tests` prints describes them.
///
/// Only the fields the import reads are declared; unknown fields are ignored, and node types
/// and results stay strings so a newer Xcode's values reach a note rather than a decode error.
///
///     {
///       "devices" : [ { "deviceId" : "0F3B8D2A-…", "deviceName" : "iPhone 16", "osVersion" : "18.4", … } ],
///       "testNodes" : [ { "children" : [ … ], "name" : "ShopApp-Localized", "nodeType" : "Test Plan" } ],
///       "testPlanConfigurations" : [ { "configurationId" : "1", "configurationName" : "English" }, … ]
///     }
package struct XCResultTests: Decodable, Sendable, Hashable {
    package var testPlanConfigurations: [Configuration]
    package var devices: [Device]
    package var testNodes: [Node]

    package struct Configuration: Decodable, Sendable, Hashable {
        package var configurationId: String
        package var configurationName: String
    }

    package struct Device: Decodable, Sendable, Hashable {
        /// The device's UUID, which a `Device` node's `nodeIdentifier` repeats.
        package var deviceId: String?
        package var deviceName: String
        package var architecture: String?
        package var modelName: String?
        package var platform: String?
        package var osVersion: String?
        package var osBuildNumber: String?

        /// `iPhone 16 Pro (iOS Simulator 18.2, 22C150)`: what a person reads to know where a test ran.
        package var label: String {
            let system = [platform, osVersion].compactMap(\.self).joined(separator: " ")
            let build = osBuildNumber.map { system.isEmpty ? $0 : "\(system), \($0)" } ?? system
            return build.isEmpty ? deviceName : "\(deviceName) (\(build))"
        }
    }

    /// One node of the tree: a plan, bundle, suite, test case, or what a test case holds
    /// (devices, configurations, argument cases, repetitions, messages, attachments).
    package struct Node: Decodable, Sendable, Hashable {
        /// One of `NodeType`'s strings, or a newer Xcode's.
        package var nodeType: String
        /// A test's display name, a device's name, or a message's whole text
        /// (`LocalizationTests.swift:15: XCTAssertLessThanOrEqual failed: …`).
        package var name: String
        /// `LocalizationTests/testCheckoutButtonTitle()` on a test case; a device's UUID, a
        /// configuration's or repetition's number (`1`, `2`) below it.
        package var nodeIdentifier: String?
        package var nodeIdentifierURL: String?
        /// `Passed`, `Failed`, `Skipped`, `Expected Failure` or `unknown` (`XCResultOutcome`).
        package var result: String?
        /// Seconds (Xcode 16.3 and later).
        package var durationInSeconds: Double?
        /// The same, localized (`0,75s`, `1m 2s`): all Xcode 16.0 to 16.2 write.
        package var duration: String?
        /// Read only on a `Device` node, whose system it gives (`iOS 18.2`): shown beside the
        /// name when the `devices` list does not describe the device.
        package var details: String?
        /// A Swift Testing test's tags.
        package var tags: [String]?
        package var children: [Node]?

        package init(
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
    package enum NodeType {
        package static let testPlan = "Test Plan"
        package static let unitTestBundle = "Unit test bundle"
        package static let uiTestBundle = "UI test bundle"
        package static let testSuite = "Test Suite"
        package static let testCase = "Test Case"
        package static let device = "Device"
        package static let configuration = "Test Plan Configuration"
        package static let arguments = "Arguments"
        package static let repetition = "Repetition"
        package static let testCaseRun = "Test Case Run"
        package static let failureMessage = "Failure Message"
        package static let sourceCodeReference = "Source Code Reference"
        package static let attachment = "Attachment"
        package static let expression = "Expression"
        package static let testValue = "Test Value"
        package static let runtimeWarning = "Runtime Warning"

        /// Every type the schema names; anything else is a newer Xcode's, noted and skipped.
        package static let known: Set<String> = [
            testPlan, unitTestBundle, uiTestBundle, testSuite, testCase, device, configuration, arguments, repetition,
            testCaseRun, failureMessage, sourceCodeReference, attachment, expression, testValue, runtimeWarning,
        ]
    }

    enum CodingKeys: String, CodingKey {
        case testPlanConfigurations, devices, testNodes
    }

    /// `testNodes` is required; the lists beside it default to empty, so a hand-trimmed file still reads.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        testPlanConfigurations = try c.decodeIfPresent([Configuration].self, forKey: .testPlanConfigurations) ?? []
        devices = try c.decodeIfPresent([Device].self, forKey: .devices) ?? []
        testNodes = try c.decode([Node].self, forKey: .testNodes)
    }
}
