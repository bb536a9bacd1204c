import TelltaleTestSupport
import Testing

@testable import TelltaleReports

@Suite(.tags(.small))
struct XMLTextTests {
    @Test func escapesMarkupInContentAndAttributes() {
        #expect(XMLText.escapeContent(#"<a href="x">&'"#) == #"&lt;a href="x"&gt;&amp;'"#)
        #expect(XMLText.escapeAttribute("<\"'&>\nnext\ttab") == "&lt;&quot;&apos;&amp;&gt;&#10;next&#9;tab")
    }

    @Test func removesWholeANSISequencesAndForbiddenControls() {
        #expect(XMLText.escapeContent("\u{1B}[1;31mred\u{1B}[0m plain") == "red plain")
        #expect(XMLText.escapeContent("bell\u{07} nul\u{00} esc\u{1B}c vt\u{0B} end") == "bell nul esc vt end")
        #expect(XMLText.escapeContent("keeps\ttab\nnewline") == "keeps\ttab\nnewline")
        #expect(XMLText.escapeContent("non-characters \u{FFFE}\u{FFFF} gone, emoji 🎉 kept") == "non-characters  gone, emoji 🎉 kept")
    }
}
