import Foundation
import TelltaleModel
import Yams

extension PlanDecoder {
    /// Every key of a quarantine entry is required: an entry without an owner or an end date is
    /// one nobody comes back to.
    static let quarantineKeys = ["test", "reason", "owner", "until"]

    /// `history: true | false | PATH | postgres://URL`.
    mutating func history(_ node: Node, path: String) -> PlanHistory {
        if node.isNull { return .beside }
        // Only a plain `true` or `false` turns it on or off: a quoted `"true"` is a file of that
        // name. Unlike the other switches, `yes` and `no` are file names here too.
        if case .scalar(let scalar) = node, scalar.style == .plain, ["true", "false"].contains(scalar.string) {
            return scalar.string == "true" ? .beside : .off
        }
        guard let file = nonEmptyString(node, path: path) else { return .beside }
        // A `postgres://` or `postgresql://` URL is a database, never a path:
        // `resolvingPaths()` leaves it as written.
        return URLPassword.isPostgresURL(file) ? .database(file) : .file(file)
    }

    /// `quarantine:` — a list of `{ test, reason, owner, until }`, every key required.
    mutating func quarantine(_ node: Node, path: String) -> [QuarantineEntry] {
        if node.isNull { return [] }
        guard case .sequence(let items) = node else {
            report(
                "expected a list of quarantine entries, found \(node.summary)", at: node, path: path,
                hint: "write each as `- { test: Module.Suite/test, reason: ..., owner: ..., until: 2026-12-31 }`"
            )
            return []
        }
        return items.enumerated().compactMap { index, item in quarantineEntry(item, path: path.appendingIndex(index)) }
    }

    private mutating func quarantineEntry(_ node: Node, path: String) -> QuarantineEntry? {
        guard case .mapping(let mapping) = node else {
            report(
                "expected a quarantine entry (a mapping), found \(node.summary)", at: node, path: path,
                hint: "write `- { test: Module.Suite/test, reason: ..., owner: ..., until: 2026-12-31 }`"
            )
            return nil
        }
        let entries = knownEntries(of: mapping, path: path, allowed: Self.quarantineKeys)
        var values: [String: String] = [:]
        for key in Self.quarantineKeys {
            guard let value = entries[key], !value.isNull else {
                report(
                    "quarantine entry has no `\(key)`", at: entries[key] ?? node, path: path.appendingKey(key),
                    hint: "a quarantine entry needs `test`, `reason`, `owner` and `until`, so it is never forgotten"
                )
                continue
            }
            guard let text = nonEmptyString(value, path: path.appendingKey(key)) else { continue }
            switch key {
            // `/regex/` over test ids, checked to compile; anything else is an id.
            case "test" where text.count > 1 && text.hasPrefix("/") && text.hasSuffix("/"):
                do {
                    _ = try Regex(String(text.dropFirst().dropLast()))
                } catch {
                    report(
                        "`\(text)` is not a valid regular expression", at: value, path: path.appendingKey(key),
                        hint: "write a test id, or a regex between slashes such as `/CheckoutTests\\/.*/`"
                    )
                    continue
                }
            case "until" where !Self.isDay(text):
                report(
                    "`\(text)` is not a date", at: value, path: path.appendingKey(key),
                    hint: "write the last day the entry holds as YYYY-MM-DD, e.g. `until: 2026-12-31`"
                )
                continue
            default: break
            }
            values[key] = text
        }
        // An entry missing anything, or with a bad value, was reported above, and is left out.
        guard let test = values["test"], let reason = values["reason"], let owner = values["owner"], let until = values["until"]
        else { return nil }
        return QuarantineEntry(test: test, reason: reason, owner: owner, until: until)
    }

    /// `YYYY-MM-DD` naming a real day.
    static func isDay(_ text: String) -> Bool {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})/),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3)
        else { return false }
        // The regex takes `2026-02-30`; the round trip through the calendar does
        // not, landing on `2026-03-02`.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components) else { return false }
        return QuarantineEntry.day(of: date) == text
    }
}
