import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Serialized so the crash always happens with the same tests done and not done.
@Suite(.serialized) struct SignalCases {
    @Test func a_beforeSignal() { #expect(Bool(true)) }
    @Test func b_raisesSignal() {
        print("about to raise SIGABRT")
        abort()
    }
    @Test func c_afterSignal() { #expect(Bool(true)) }
}
