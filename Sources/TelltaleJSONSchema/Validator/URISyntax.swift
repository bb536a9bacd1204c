/// RFC 3986's `URI` rule (an absolute URI, with an optional fragment), by hand: `scheme ":"
/// hier-part ["?" query] ["#" fragment]`, percent-escapes checked, IPv6 and IPvFuture hosts.
enum URISyntax {
    static func isURI(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        // `https:`, `urn:`, `mailto:` first: without a scheme the text is a relative reference.
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), isScheme(bytes[..<colon]) else { return false }
        bytes = bytes[(colon + 1)...]
        // The fragment is split off before the query, so a `?` inside the fragment stays in it.
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            guard allQueryOrFragment(bytes[(hash + 1)...]) else { return false }
            bytes = bytes[..<hash]
        }
        if let question = bytes.firstIndex(of: UInt8(ascii: "?")) {
            guard allQueryOrFragment(bytes[(question + 1)...]) else { return false }
            bytes = bytes[..<question]
        }
        // hier-part: "//" authority path-abempty, or a path of pchars and slashes.
        if bytes.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let rest = bytes.dropFirst(2)
            let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            return isAuthority(rest[..<slash]) && allPath(rest[slash...])
        }
        return allPath(bytes)
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isAlpha(first) else { return false }
        return bytes.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// `[userinfo "@"] host [":" port]`.
    private static func isAuthority(_ bytes: ArraySlice<UInt8>) -> Bool {
        var host = bytes
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")) {
            guard all(bytes[..<at], allowing: { isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }) else { return false }
            host = bytes[(at + 1)...]
        }
        var port: ArraySlice<UInt8> = []
        // `[::1]:8080`, `[v1.x]`: an IP literal in brackets, then an optional port.
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")), isIPLiteral(host[(host.startIndex + 1)..<close]) else { return false }
            let after = host[(close + 1)...]
            guard after.isEmpty || after.first == UInt8(ascii: ":") else { return false }
            port = after.dropFirst()
        } else {
            if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
                port = host[(colon + 1)...]
                host = host[..<colon]
            }
            // reg-name (an IPv4 address is one too).
            guard all(host, allowing: { isUnreserved($0) || isSubDelimiter($0) }) else { return false }
        }
        return port.allSatisfy(isDigit)
    }

    /// `v`, hex digits, `.` and more (IPvFuture), or an IPv6 address.
    private static func isIPLiteral(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.first == UInt8(ascii: "v") {
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot > bytes.startIndex + 1 else { return false }
            let after = bytes[(dot + 1)...]
            return bytes[(bytes.startIndex + 1)..<dot].allSatisfy(isHexDigit) && !after.isEmpty
                && after.allSatisfy { isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
        }
        return isIPv6(bytes)
    }

    /// Eight groups of 1 to 4 hex digits (the last two may be an IPv4 address), or fewer with
    /// one `::` standing for the rest.
    static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = Array(bytes)
        var halves: [[UInt8]] = []
        if let gap = (0..<max(0, text.count - 1)).first(where: { text[$0] == UInt8(ascii: ":") && text[$0 + 1] == UInt8(ascii: ":") }) {
            halves = [Array(text[..<gap]), Array(text[(gap + 2)...])]
            if halves[1].starts(with: [UInt8(ascii: ":")]) || contains(halves[1], "::") { return false }
        } else {
            halves = [text]
        }
        guard let left = groups(halves[0], allowIPv4: halves.count == 1) else { return false }
        guard halves.count == 2 else { return left == 8 }
        guard let right = groups(halves[1], allowIPv4: true) else { return false }
        // After `::`, a lone IPv4 address counts as two groups; a lone group is never one.
        return left + right <= 7
    }

    /// How many 16-bit groups `:`-separated text holds (an IPv4 address at the end counts two);
    /// nil when it is not such text. Empty text holds none.
    private static func groups(_ text: [UInt8], allowIPv4: Bool) -> Int? {
        guard !text.isEmpty else { return 0 }
        let parts = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var count = 0
        for (index, part) in parts.enumerated() {
            if index == parts.count - 1, allowIPv4, part.contains(UInt8(ascii: ".")) {
                guard isIPv4(part) else { return nil }
                count += 2
            } else {
                guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return nil }
                count += 1
            }
        }
        return count
    }

    private static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let octets = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                (1...3).contains(octet.count) && octet.allSatisfy(isDigit) && octet.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
            }
    }

    private static func contains(_ text: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        return text.count >= pattern.count && (0...(text.count - pattern.count)).contains { Array(text[$0..<($0 + pattern.count)]) == pattern }
    }

    /// Path segments of `pchar` between slashes; the path may be empty.
    private static func allPath(_ bytes: ArraySlice<UInt8>) -> Bool {
        all(bytes) { isPathCharacter($0) || $0 == UInt8(ascii: "/") }
    }

    /// RFC 3986's `query` and `fragment`: `pchar`, `/` and `?`.
    private static func allQueryOrFragment(_ bytes: ArraySlice<UInt8>) -> Bool {
        all(bytes) { isPathCharacter($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
    }

    /// Every byte allowed, or a `%` followed by two hex digits.
    private static func all(_ bytes: ArraySlice<UInt8>, allowing allowed: (UInt8) -> Bool) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard allowed(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    /// RFC 3986's `pchar`, less `pct-encoded`, which `all(_:allowing:)` checks.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
    }

    /// RFC 3986's `unreserved`: letters, digits and `-._~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    /// RFC 3986's `sub-delims`: `!$&'()*+,;=`.
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }
}
