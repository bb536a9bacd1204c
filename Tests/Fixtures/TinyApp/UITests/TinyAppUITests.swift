import TelltaleTesting
import XCTest

/// Taps Buy in the app under `telltale run Plans/ios.yml`: `TelltaleTestCase` brackets the test
/// in the capture server, and the app is given what the run gave this test runner.
final class TinyAppUITests: TelltaleTestCase {
    @MainActor
    func testBuying() throws {
        let environment = TelltaleTestEnvironment()
        let app = XCUIApplication()
        app.launchEnvironment.merge(environment.appEnvironment) { _, telltale in telltale }
        app.launchArguments += environment.arguments
        app.launch()
        app.buttons["buy"].tap()
        XCTAssertTrue(app.staticTexts["thanks"].waitForExistence(timeout: 30))
    }
}
