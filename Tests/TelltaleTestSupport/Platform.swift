/// The system the tests run on, for `.enabled(if:)`/`.disabled(if:)` traits: a test that means
/// nothing on one system is skipped there, and says so, rather than left with an empty body
/// that passes.
public enum Platform {
    #if os(macOS)
        public static let isMacOS = true
    #else
        public static let isMacOS = false
    #endif
}
