import App
import Testing

@Test func describes() { #expect(describe(2) == "2 × 4 = 8") }
