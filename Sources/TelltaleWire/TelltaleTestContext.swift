/// The test running in the current task, set by TelltaleTesting's lifecycle trait
/// and test case, read by `Tracker` to tag each event with the test that sent it.
///
/// Attribution by tag does not depend on timing: an event sent late, or while
/// another test's window is open in the same session, still lands on its own test.
public enum TelltaleTestContext {
    @TaskLocal public static var currentTest: TestID?
}
