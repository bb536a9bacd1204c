import Foundation
import SameName
import Testing

// Same suite and test names as BetaTests' SharedTests: these pass, Beta's `same()` fails.
struct SharedTests {
    @Test func same() {
        #expect(Greeting.hello("alpha") == "hello, alpha")
        // Under `telltale run`, the ids listed with a location, for the lifecycle trait.
        let listed = ProcessInfo.processInfo.environment["TELLTALE_DISAMBIGUATED_TESTS"] ?? ""
        print("disambiguated: \(listed.split(separator: "\n").sorted().joined(separator: ","))")
    }

    @Test func onlyInAlpha() {
        #expect(Greeting.hello("a").hasPrefix("hello"))
    }

    // Two overloads with one name in one suite: ambiguous within the module too.
    @Test(arguments: [1, 2]) func overloaded(_ value: Int) {
        #expect(value > 0)
    }

    @Test(arguments: ["x"]) func overloaded(_ value: String) {
        #expect(value == "y", "the String overload fails, the Int one passes")
    }
}

@Test func sharedFreeFunction() {
    #expect(Greeting.hello("free") == "hello, free")
}
