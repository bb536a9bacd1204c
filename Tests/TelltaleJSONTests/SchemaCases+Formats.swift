import TelltaleJSONSchema

/// Values for the `format` family: well-formed ones and the mistakes real events make.
extension SchemaCases {
    mutating func format() -> (JSONValue, [String: JSONValue], [JSONValue]) {
        let format = random.pick(["date-time", "date", "uuid", "email", "uri"])
        var members: [String: JSONValue] = ["format": .string(format)]
        if random.chance(0.2) { members["type"] = "string" }
        let values = instances { generator in
            if generator.random.chance(0.08) { return generator.random.pick([1, true, .null, ["a"]]) }
            let text: String
            switch format {
            case "date-time": text = generator.dateTime()
            case "date": text = generator.date()
            case "uuid": text = generator.uuid()
            case "email":
                text = generator.random.pick(["ada@example.com", "a@b", "@", "ada", "ada@", "@example.com", "a b@c.d", "", "ada.example.com"])
            default: text = generator.uri()
            }
            return .string(text)
        }
        return (schema(members), [:], values)
    }

    private func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    mutating func date() -> String {
        let year = random.pick([1, 1999, 2000, 2024, 2023, 1900, 9999, 0])
        let month = random.int(0...13)
        let day = random.pick([1, 15, 28, 29, 30, 31, 32, 0])
        let text = "\(String(repeating: "0", count: max(0, 4 - String(year).count)))\(year)-\(two(month))-\(two(day))"
        switch random.int(0...9) {
        case 0: return text.replacingOccurrences(of: "-", with: "/")
        case 1: return String(text.dropLast())
        case 2: return text + "T"
        default: return text
        }
    }

    mutating func dateTime() -> String {
        let hour = random.pick([0, 9, 23, 24])
        let minute = random.pick([0, 30, 59, 60])
        let second = random.pick([0, 45, 59, 60])
        var text = date() + random.pick(["T", "T", "t", " "]) + "\(two(hour)):\(two(minute))"
        if random.chance(0.9) { text += ":\(two(second))" }
        if random.chance(0.3) { text += random.pick([".1", ".125", ".", ".123456789"]) }
        text += random.pick(["Z", "Z", "z", "+01:00", "-05:30", "+24:00", "+01:60", "+0100", "", "+1:00"])
        return text
    }

    mutating func uuid() -> String {
        let hex = Array("0123456789abcdefABCDEF")
        var text = String((0..<32).map { _ in random.pick(hex) })
        for position in [8, 13, 18, 23] { text.insert("-", at: text.index(text.startIndex, offsetBy: position)) }
        switch random.int(0...9) {
        case 0: return String(text.dropLast())
        case 1: return text + random.pick(["a", "0"])
        case 2: return text.replacingOccurrences(of: "-", with: "")
        case 3: return "{\(text)}"
        case 4: return String(text.prefix(9)) + "g" + String(text.dropFirst(10))
        case 5:
            var moved = text.replacingOccurrences(of: "-", with: "")
            moved.insert("-", at: moved.index(moved.startIndex, offsetBy: 7))
            return moved + "abc"
        default: return text
        }
    }

    mutating func uri() -> String {
        let scheme = random.pick(["http", "https", "mailto", "urn", "a+b.c-d", "1http", "ht_tp", "", "HTTP"])
        var text = scheme + ":"
        if random.chance(0.65) {
            text += "//"
            if random.chance(0.2) { text += random.pick(["user", "user:pass", "us%20er", "u@v", "u%zz"]) + "@" }
            text += random.pick([
                "example.com", "127.0.0.1", "999.1.1.1", "[::1]", "[1:2:3:4:5:6:7:8]", "[1::]", "[1:2:3:4:5:6:7::]", "[::ffff:1.2.3.4]",
                "[1:2:3:4:5:6:1.2.3.4]", "[1:2:3:4:5:6:7:1.2.3.4]", "[1:::2]", "[12345::]", "[1:2:3:4:5:6:7:8:9]", "[::1.2.3.4]",
                "[1::2:3:4:5:6:7]", "[1::2:3:4:5:6:7:8]", "[v1.x]", "[v.x]", "[V1.x]", "[::1", "", "ex ample.com", "exa%41mple", "例子.com",
            ])
            if random.chance(0.3) { text += random.pick([":80", ":", ":8a", ":65536"]) }
        }
        text += random.pick(["", "/", "/a/b", "//x", "/a%2Fb", "/a%zz", "/a%2", "/a b", "/é", "/a|b", "/[x]", "/a:b@c", "relative/path", "/~user"])
        if random.chance(0.3) { text += "?" + random.pick(["q=1", "a=b&c=d", "x?y/z", "q=%41", "q={}", "q=^"]) }
        if random.chance(0.3) { text += "#" + random.pick(["frag", "a/b?c", "a#b", "%20", "x y"]) }
        return text
    }
}
