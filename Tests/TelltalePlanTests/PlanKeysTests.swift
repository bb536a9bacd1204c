import TelltaleTestSupport
import Testing

@testable import TelltalePlan

/// The top-level keys a plan accepts are the keys it reads: one table holds both.
@Suite(.tags(.small))
struct PlanKeysTests {
    @Test func eachKeyIsRegisteredOnce() {
        #expect(Set(PlanDecoder.planKeys).count == PlanDecoder.planKeys.count, "\(PlanDecoder.planKeys)")
    }

    /// A value no key takes (a list of lists) is reported at every key: each is read, none is
    /// accepted and then dropped.
    @Test(arguments: PlanDecoder.planKeys)
    func everyAcceptedKeyIsRead(key: String) {
        let yaml = key == "version" ? "version: [[1]]\n" : "version: 1\n\(key): [[1]]\n"
        let found = problems(in: yaml)
        #expect(!found.contains { $0.message.contains("unknown key") }, "\(found)")
        #expect(
            found.contains { $0.keyPath == key || $0.keyPath.hasPrefix("\(key).") || $0.keyPath.hasPrefix("\(key)[") },
            "\(key): \(found)")
    }
}
