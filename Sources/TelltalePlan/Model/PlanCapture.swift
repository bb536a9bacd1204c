import TelltaleModel

/// The plan's `capture` section.
package struct PlanCapture: Sendable, Equatable {
    /// The tracking plan every captured event is checked against (a YAML catalog, JSON Schemas or
    /// an Iglu folder), relative to the plan file's folder as written; `CatalogLoader` reads it.
    package var catalog: String?
    /// Where the plan names the catalog, so a catalog that cannot be read is reported there.
    package var catalogLocation: SourceLocation?
    /// `fdatasync` every event before acknowledging it (survives power loss, not only `kill -9`).
    package var sync: Bool

    package init(catalog: String? = nil, catalogLocation: SourceLocation? = nil, sync: Bool = false) {
        self.catalog = catalog
        self.catalogLocation = catalogLocation
        self.sync = sync
    }
}
