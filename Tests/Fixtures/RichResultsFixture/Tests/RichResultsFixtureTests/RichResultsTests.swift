import Foundation
import Testing

extension Tag {
    @Tag static var network: Self
    @Tag static var slow: Self
}
/// A 96×48 PNG of four bars, so the HTML report has an image to show.
let screenPNG = Data(
    base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAGAAAAAwCAIAAABhdOiYAAAAfUlEQVR42u3WMQ2AMBRAwa61wIiArkgiqMAHptgrhBAmHHRrUj6XPAU3vZS3qkYJASBAgAABAhQW6LofNQIECBAgQCMDTfvyqwABAgQIECBAgIwiIECARgA65/KJAAECBAgQIECAjCIgQIAiAR1rrwABAgQIECBAgIwioMC9zqZZ3ON1JG8AAAAASUVORK5CYII="
)!

@Suite("Attachments")
struct AttachmentTests {
    @Test("Attaches a log and a screenshot")
    func attachesTextAndImage() {
        Attachment.record("line one\nline two <b>not bold</b>\n", named: "session.log")
        Attachment.record(screenPNG, named: "screen.png")
    }
}

struct ParameterizedTests {
    @Test(arguments: [1, 2, 3])
    func isSmall(_ value: Int) {
        #expect(value < 3, "\(value) is not small")
    }
}

struct IssueTests {
    @Test func recordsAWarning() {
        Issue.record("the cache was cold", severity: .warning)
    }

    @Test func hasAKnownIssue() {
        withKnownIssue("the clock service rounds down") {
            #expect(1 + 1 == 3)
        }
    }

    @Test(.bug("https://example.com/issues/42", "Totals are off by one"))
    func tracksABug() {
        #expect(2 + 2 == 4)
    }

    @Test func cancelsItself() throws {
        try Test.cancel("the sandbox has no network")
    }
}

@Suite(.tags(.network))
struct NetworkTests {
    @Test func fetchesProfile() {}

    @Test(.tags(.slow))
    func uploadsAvatar() {}
}

@Suite(.serialized)
struct TimeLimitTests {
    /// Blocks its thread, so only a kill ends it: Swift Testing's own time limit cannot.
    @Test(.timeLimit(.minutes(1)))
    func hangs() {
        while true { sleep(60) }
    }
}
