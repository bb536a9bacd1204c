import Foundation
import TelltaleReports
import TelltaleTestSupport
import Testing

@testable import TelltalePublish

/// The request Conduit receives: encoded as PHP encodes forms, with the token inside `params`,
/// and a large run cut into `work` parts under the request size, the verdict last.
@Suite(.tags(.small))
struct HarbormasterPublisherTests {
    static let client = ConduitClient(endpoint: URL(string: "https://phabricator.example.com")!, token: "api-secret")

    static func unit(_ index: Int, details: Int = 600) -> HarbormasterWriter.Unit {
        HarbormasterWriter.Unit(
            name: "test\(index)()", namespace: "Big.Suite\(index % 97)", engine: "telltale/swift-testing", path: "Tests/Big/Big.swift",
            result: index % 50 == 0 ? "fail" : "pass", duration: 0.012,
            details: String(repeating: "é <a&b> ", count: details / 8), format: "remarkup")
    }

    @Test(.tags(.medium)) func aTenThousandTestRunIsSentInPartsUnderTheRequestSizeWithTheVerdictLast() throws {
        let message = HarbormasterWriter.Message(type: "fail", unit: (0..<10_000).map { Self.unit($0) })
        let limit = HarbormasterPublisher.defaultMaxRequestBytes
        let parts = try HarbormasterPublisher.parts(message, buildTarget: "PHID-HMBT-1", maxRequestBytes: limit, client: Self.client)
        #expect(parts.count > 2)
        #expect(parts.dropLast().allSatisfy { $0.type == "work" && !($0.unit ?? []).isEmpty })
        #expect(parts.last?.type == "fail" && parts.last?.unit == nil)
        for part in parts {
            let bytes = try Self.client.formBody(paramsJSON: HarbormasterPublisher.json(part)).utf8.count
            #expect(bytes <= limit)
        }
        #expect(parts.flatMap { $0.unit ?? [] } == message.unit, "every unit once, in order")
    }

    @Test func aSmallRunIsOneMessage() throws {
        let message = HarbormasterWriter.Message(type: "pass", unit: (0..<3).map { Self.unit($0) })
        let parts = try HarbormasterPublisher.parts(message, buildTarget: "PHID-HMBT-1", maxRequestBytes: 16_384, client: Self.client)
        #expect(parts.count == 1 && parts[0].type == "pass" && parts[0].unit?.count == 3)
    }

    /// PHP's `http_build_query` (what arcanist's HTTPSFuture sends) encodes the same bytes.
    @Test func theFormIsEncodedAsPHPEncodesIt() async throws {
        let text = #"{"a":"é <b>&c=d/e+f~g*h'i(j)","k":[1.5,true,null]}"#
        let php = try await ChildProcesses.run("php", ["-r", "echo http_build_query(['params' => $argv[1]]);", text])
        try #require(php.status == 0, "php (installed with arcanist by Scripts/install-dependencies.sh): \(php.stderrText)")
        #expect("params=" + ConduitClient.formEncoded(text) == php.stdoutText)
    }

    @Test func theTokenTravelsInsideTheParametersOnly() throws {
        let body = try Self.client.formBody(paramsJSON: Data(#"{"buildTargetPHID":"PHID-HMBT-1","type":"pass"}"#.utf8))
        #expect(body.hasSuffix("&output=json&__conduit__=1"))
        let params = try #require(body.split(separator: "&").first { $0.hasPrefix("params=") }?.dropFirst("params=".count))
        let json = try #require(String(params).replacingOccurrences(of: "+", with: " ").removingPercentEncoding)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["__conduit__"] as? [String: String]) == ["token": "api-secret"])
        #expect(!"\(ConduitError.conduit(code: "ERR-INVALID-AUTH", info: "bad token", method: "m"))".contains("api-secret"))
    }

    @Test func conduitErrorsAreNotRetriedButServerErrorsAre() throws {
        let refused = ConduitClient.interpret(
            status: 200, body: Data(#"{"result":null,"error_code":"ERR-CONDUIT-CORE","error_info":"no such target"}"#.utf8), method: "m")
        let error = try #require(refused.failure, "accepted an error answer")
        #expect(!error.isRetryable && "\(error)" == "m: Conduit refused it: ERR-CONDUIT-CORE: no such target")
        let busy = try #require(ConduitClient.interpret(status: 503, body: Data(), method: "m").failure, "accepted a 503")
        #expect(busy.isRetryable)
        let success = ConduitClient.interpret(status: 200, body: Data(#"{"result":null,"error_code":null,"error_info":null}"#.utf8), method: "m")
        #expect(success.failure == nil, "refused a success")
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
