/// A bug a test is associated with (Swift Testing's `.bug(...)` trait).
public struct TestBug: Codable, Sendable, Hashable {
    public var url: String?
    public var id: String?
    public var title: String?

    public init(url: String? = nil, id: String? = nil, title: String? = nil) {
        self.url = url
        self.id = id
        self.title = title
    }

    /// What a report writes for it: its title, else its id, else its URL.
    public var label: String { title ?? id.map { "#\($0)" } ?? url ?? "bug" }
}
