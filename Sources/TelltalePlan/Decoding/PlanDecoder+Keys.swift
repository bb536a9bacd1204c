import Yams

extension PlanDecoder {
    /// The entries of `mapping` whose keys are in `allowed`. Every other key is
    /// reported at the key itself, with the key the user probably meant.
    mutating func knownEntries(
        of mapping: Node.Mapping, path: String, allowed: [String], laterVersion: [String] = []
    ) -> MappingEntries {
        var entries = MappingEntries()
        for (keyNode, value) in mapping {
            // A key that is no scalar (a list or a mapping as key), or null, cannot name a setting.
            guard let key = keyNode.plainString else {
                report(
                    "keys must be names, found \(keyNode.summary)", at: keyNode, path: path,
                    hint: "write each setting as `name: value`"
                )
                continue
            }
            let keyPath = path.appendingKey(key)
            if allowed.contains(key) {
                entries.append(key, value)
            } else if laterVersion.contains(key) {
                // Known, but not read by this version: a run that went ahead
                // without it would look green.
                report(
                    "`\(key)` is not supported by this version of Telltale yet", at: keyNode, path: keyPath,
                    hint: "remove it for now: a run would otherwise go ahead without it"
                )
            } else {
                let hint = Self.hint(forUnknown: key, allowed: allowed)
                report("unknown key `\(key)`", at: keyNode, path: keyPath, hint: hint)
            }
        }
        return entries
    }

    /// "did you mean `filter`?" when an allowed key is near (`KeySuggestion`), else every allowed
    /// key, so the hint always says what may be written there.
    static func hint(forUnknown key: String, allowed: [String]) -> String {
        if let suggestion = KeySuggestion.closest(to: key, in: allowed) {
            return "did you mean `\(suggestion)`?"
        }
        return "allowed keys here: " + allowed.map { "`\($0)`" }.joined(separator: ", ")
    }
}
