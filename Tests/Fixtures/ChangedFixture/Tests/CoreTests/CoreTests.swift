import Core
import Testing

@Test func doubles() { #expect(double(2) == 4) }
