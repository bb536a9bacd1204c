import TelltaleModel

/// Who acts on the control API's `tests/begin` and `tests/end` besides the store's
/// attribution markers: `telltale run` resets and sets up the backend on begin, tears
/// down and checks the test's events on end. The answers' `failures` are what the
/// caller (TelltaleTesting's lifecycle) records on the test, at their location (a
/// failed expectation points at its plan line) when they have one.
package protocol CaptureTestLifecycle: Sendable {
    func testBegan(_ test: TestID, session: String) async -> [TestMessage]
    func testEnded(_ test: TestID, session: String) async -> [TestMessage]
}
