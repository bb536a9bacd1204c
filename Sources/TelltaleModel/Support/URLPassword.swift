/// A connection URL's password, found where libpq finds it so it can be hidden: the user part
/// (`postgres://user:secret@host/db`, up to the first `@` before any `/`) and a `password=`
/// query parameter. Every place that shows a URL a user gave (`plan print`, a URL that does not
/// parse) shows `hidden(in:)`, never the text itself.
package enum URLPassword {
    /// The schemes whose URLs name a PostgreSQL database (libpq's two).
    package static let postgresSchemes = ["postgres://", "postgresql://"]

    /// True when `text` is a PostgreSQL URL rather than a path.
    package static func isPostgresURL(_ text: String) -> Bool {
        postgresSchemes.contains { text.lowercased().hasPrefix($0) }
    }

    /// `text` with the password, if any, replaced by `***`; anything that is not a URL unchanged.
    package static func hidden(in text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        var result = String(text[..<schemeEnd.upperBound])
        var rest = text[schemeEnd.upperBound...]
        // The user part ends at the first `@`, unless a `/` comes first (then there is none).
        if let at = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[at] == "@" {
            let user = rest[..<at]
            if let colon = user.firstIndex(of: ":") {
                result += user[..<colon] + ":***"
            } else {
                result += user
            }
            rest = rest[at...]
        }
        guard let question = rest.firstIndex(of: "?") else { return result + rest }
        result += rest[...question]
        let parameters = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            parameter.lowercased().hasPrefix("password=") ? "\(parameter.prefix("password=".count))***" : String(parameter)
        }
        return result + parameters.joined(separator: "&")
    }
}
