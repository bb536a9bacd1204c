/// A bug a test is associated with (Swift Testing's `.bug(...)` trait).
package struct TestBug: Codable, Sendable, Hashable {
    package var url: String?
    package var id: String?
    package var title: String?

    package init(url: String? = nil, id: String? = nil, title: String? = nil) {
        self.url = url
        self.id = id
        self.title = title
    }

    /// What a report writes for it: its title, else its id, else its URL.
    package var label: String { title ?? id.map { "#\($0)" } ?? url ?? "bug" }
}
