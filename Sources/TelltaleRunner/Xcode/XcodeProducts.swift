import Foundation

/// What `xcodebuild build-for-testing` leaves in `derivedData/Build/Products`.
package enum XcodeProducts {
    /// The `.xctestrun` file of `scheme` (and `testPlan`): `App_iphonesimulator18.2-arm64.xctestrun`,
    /// or with a test plan `App_Smoke_iphonesimulator18.2-arm64.xctestrun`; the newest if several.
    package static func xctestrun(derivedData: String, scheme: String, testPlan: String?) throws(XcodeError) -> String {
        let products = "\(derivedData)/Build/Products"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: products)) ?? []
        let prefix = testPlan.map { "\(scheme)_\($0)_" } ?? "\(scheme)_"
        let candidates = names.filter { $0.hasSuffix(".xctestrun") && $0.hasPrefix(prefix) }.map { "\(products)/\($0)" }
        let newest = candidates.max { modified($0) < modified($1) }
        guard let newest else {
            throw XcodeError(
                "no \(prefix)*.xctestrun in \(products)" + (names.isEmpty ? "" : " (it holds \(names.sorted().joined(separator: ", ")))"),
                remedy: "run without --skip-build, so `xcodebuild build-for-testing` writes it there")
        }
        return newest
    }

    private static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
