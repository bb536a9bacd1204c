import Foundation

/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`): lines of
/// `host:port:database:user:password`, `*` matching anything in the first four fields, `\`
/// escaping `:` and `\`. As in libpq, a file that others may read is not used, and over a
/// socket `localhost` matches.
enum PostgresPasswordFile {
    static func password(
        for endpoint: PostgresLocation.Endpoint, database: String, user: String, environment: [String: String]
    ) -> (password: String, path: String)? {
        let path = environment["PGPASSFILE"] ?? "\(environment["HOME"] ?? NSHomeDirectory())/.pgpass"
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let permissions = attributes[.posixPermissions] as? Int, permissions & 0o077 == 0,
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        let hosts: [String]
        switch endpoint {
        case .tcp(let host, _): hosts = [host]
        case .socket(let directory, _): hosts = ["localhost", directory]
        }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(line)
            guard fields.count == 5 else { continue }
            func matches(_ field: String, _ values: [String]) -> Bool { field == "*" || values.contains(field) }
            if matches(fields[0], hosts), matches(fields[1], [String(endpoint.port)]), matches(fields[2], [database]),
                matches(fields[3], [user])
            {
                // The first line that matches decides, as in libpq; an empty password there is none.
                return fields[4].isEmpty ? nil : (fields[4], path)
            }
        }
        return nil
    }

    /// The line's fields, split at unescaped `:` and unescaped.
    static func fields(_ line: Substring) -> [String] {
        var fields = [""]
        var escaped = false
        // Past the fourth unescaped `:` the rest of the line is the password, colons and all.
        for character in line {
            if escaped {
                fields[fields.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":", fields.count < 5 {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        return fields
    }
}
