import TelltaleTestSupport
import Testing

@testable import TelltalePlan

/// The top-level keys a plan accepts are the keys it reads and the keys `plan print` writes:
/// one table holds all three.
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

    /// `plan print` writes every key of the table, in its order (`xcode:` when the plan has one).
    @Test func everyKeyIsPrinted() throws {
        let yaml = """
            version: 1
            xcode:
              project: Shop.xcodeproj
              scheme: Shop
              destination: platform=iOS Simulator,name=iPhone 16
            """
        let plan = try PlanLoader().parse(yaml: yaml, file: "printed.yml")
        let printed = PlanPrinter.yaml(plan).split(separator: "\n").compactMap { line -> String? in
            guard let first = line.first, first.isLetter, let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[..<colon])
        }
        #expect(printed == PlanDecoder.planKeys)
    }
}
