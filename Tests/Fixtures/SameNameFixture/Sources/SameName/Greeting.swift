public enum Greeting {
    public static func hello(_ name: String) -> String { "hello, \(name)" }
}
