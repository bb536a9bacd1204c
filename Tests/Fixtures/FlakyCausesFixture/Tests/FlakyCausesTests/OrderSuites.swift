import Foundation
import Testing

/// State the Swift Testing tests leave behind, apart from XCTest's.
enum SharedST {
    nonisolated(unsafe) static var polluted = false
    nonisolated(unsafe) static var primed = false
}

/// Serialized, so its tests run in source order in one process: the victim three after its polluter.
@Suite(.serialized) struct PollutionSuite {
    @Test func polluter() {
        SharedST.polluted = true
    }

    @Test func firstBystander() {}

    @Test func secondBystander() {}

    @Test func victim() {
        #expect(!SharedST.polluted, "a test that ran before this one in its process left SharedST.polluted set")
    }
}

/// Before BrittleSuite in source order: `--no-parallel` runs it first when both share a process.
@Suite struct StateSetterSuite {
    @Test func stateSetter() {
        SharedST.primed = true
    }
}

@Suite struct BrittleSuite {
    @Test func brittle() {
        #expect(SharedST.primed, "nothing primed SharedST: this test passes only after another one set it")
    }
}
