import TelltaleModel

/// The plan's `capture` section.
public struct PlanCapture: Sendable, Equatable {
    /// The tracking plan (a catalog YAML file) every captured event is checked against,
    /// relative to the working directory; `CatalogLoader` reads it.
    public var catalog: String?
    /// Where the plan names the catalog, so a catalog that cannot be read is reported there.
    public var catalogLocation: SourceLocation?

    public init(catalog: String? = nil, catalogLocation: SourceLocation? = nil) {
        self.catalog = catalog
        self.catalogLocation = catalogLocation
    }
}
