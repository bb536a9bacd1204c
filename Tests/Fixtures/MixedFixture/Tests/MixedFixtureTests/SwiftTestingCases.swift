import MixedFixture
import Testing

@Suite struct SwiftTestingPassing {
    @Test func addition() { #expect(add(2, 3) == 5) }
    @Test func asyncWork() async throws {
        try await Task.sleep(nanoseconds: 10_000_000)
        #expect(add(1, 2) == 3)
    }
    @Test(arguments: [1, 2, 3]) func parameterized(value: Int) {
        #expect(add(value, 0) == value)
    }
}

@Suite struct SwiftTestingFailing {
    @Test func failingExpectation() {
        #expect(add(1, 1) == 3, "one plus one <&\"'>\nsecond line")
    }
    @Test(arguments: [1, 2, 3]) func parameterizedOneFails(value: Int) {
        #expect(value != 2)
    }
    @Test func knownIssue() {
        withKnownIssue("tracked upstream") {
            #expect(Bool(false))
        }
    }
    @Test(.disabled("switched off")) func disabled() {}
}

@Test func freeFunctionPasses() {
    print("hello from Swift Testing")
}
