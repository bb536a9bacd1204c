import SameName
import Testing

// Same suite and test names as AlphaTests' SharedTests: `same()` fails here.
struct SharedTests {
    @Test func onlyInBeta() {
        #expect(Greeting.hello("b").hasPrefix("hello"))
    }

    @Test func same() {
        #expect(Greeting.hello("beta") == "hello, BETA", "Beta's same() fails, Alpha's passes")
    }
}

@Test func sharedFreeFunction() {
    #expect(Greeting.hello("free") == "hello, FREE", "Beta's free function fails, Alpha's passes")
}
