import Foundation
import TelltaleModel
import TelltaleTestSupport
import Testing

@testable import TelltaleCodegen

@Suite(.tags(.small))
struct SwiftCodeGeneratorTests {
    let generator = SwiftCodeGenerator(source: "../Plans/events", imports: [])

    @Test func eventsMatchTheGoldenFile() throws {
        let text = generator.events(try SampleCatalog.catalog())
        try GoldenFile.check(Data(text.utf8), named: "Events.swift.txt")
    }

    @Test func expectationsMatchTheGoldenFile() throws {
        let text = SwiftCodeGenerator(source: "../Plans/events", imports: ["ShopApp"]).expectations(try SampleCatalog.catalog())
        try GoldenFile.check(Data(text.utf8), named: "Expectations.swift.txt")
    }

    /// The same plan, its events in any order, gives the same bytes.
    @Test func outputDoesNotDependOnTheCatalogsOrder() throws {
        var catalog = try SampleCatalog.catalog()
        let first = generator.events(catalog)
        catalog.events.reverse()
        #expect(generator.events(catalog) == first)
        catalog.events.swapAt(0, 2)
        #expect(generator.expectations(catalog) == generator.expectations(try SampleCatalog.catalog()))
    }

    @Test func typesFollowTheSchema() throws {
        let events = generator.generatedEvents(try SampleCatalog.catalog())
        let order = try #require(events.first { $0.eventName == "order_completed" }).structure
        func property(_ wire: String) throws -> GeneratedProperty { try #require(order.properties.first { $0.wireName == wire }) }
        #expect(try property("order_id").swiftName == "orderId" && property("order_id").type == .int && !property("order_id").optional)
        #expect(try property("total").type == .double)
        #expect(try property("coupon").type == .string && property("coupon").optional)
        #expect(try property("placed_at").type == .date)
        #expect(try property("items").type == .array(.named(["OrderCompleted", "Items"])))
        #expect(try property("tags").type == .array(.string))
        #expect(try property("context").type == .json, "an object without properties")
        #expect(try property("discount").type == .double && property("discount").optional, "a nullable oneOf")
        #expect(try property("anything").type == .json, "a oneOf of two types")
        #expect(try property("default").swiftName == "`default`")
        #expect(try property("properties").swiftName == "propertiesValue", "TrackedEvent's own member")
        #expect(try property("user_type").swiftName == "userType" && property("userType").swiftName == "userType2")
        #expect(try property("string").type == .named(["OrderCompleted", "StringValue"]), "never shadows Swift's String")
        // Sorted by wire name, bytewise: `String` before `app opened`.
        #expect(events.map(\.structure.name) == ["StringEvent", "AppOpened", "OrderCompleted", "SignedIn"])
        #expect(events.map(\.functionName) == ["stringEvent", "appOpened", "orderCompleted", "signedIn"])
    }

    @Test func namesAreSwiftIdentifiers() {
        #expect(SwiftName.type("purchase_completed") == "PurchaseCompleted")
        #expect(SwiftName.type("Order Completed") == "OrderCompleted")
        #expect(SwiftName.type("3d-secure") == "_3dSecure")
        #expect(SwiftName.member("USD") == "usd")
        #expect(SwiftName.member("orderID") == "orderID")
        #expect(SwiftName.member("in") == "`in`")
        #expect(SwiftName.member("self") == "selfValue")
        #expect(SwiftName.member("") == "value")
        var used: Set<String> = []
        #expect(["a", "a", "a"].map { SwiftName.unique($0, in: &used) } == ["a", "a2", "a3"])
    }

    @Test func theHeaderNamesThePlanRelativeToTheOutput() {
        #expect(GeneratedFile.relativePath(of: "/repo/Plans/events.yml", from: "/repo/Sources/App/Events.swift") == "../../Plans/events.yml")
        #expect(GeneratedFile.relativePath(of: "/repo/Sources/App/events.yml", from: "/repo/Sources/App/Events.swift") == "events.yml")
    }

    @Test func aStringLiteralHoldsAnyWireName() {
        #expect(SwiftSourceWriter.literal(#"a "b" \c"#) == #""a \"b\" \\c""#)
        #expect(SwiftSourceWriter.literal("line\nbreak") == #""line\nbreak""#)
    }
}
