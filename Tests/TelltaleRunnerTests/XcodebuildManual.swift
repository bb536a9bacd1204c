import Foundation

/// xcodebuild's own manual as a checker of the commands the plan makes: the terms of the Options
/// section of xcodebuild(1), recorded in `Recordings/xcodebuild-options.txt` (whose header names
/// the Xcode and where it was read). Nothing here is written from what the code emits, so the
/// manual and the code can disagree.
///
/// A term is an option and what follows it: a word is a value to fill in; `[A | B]` is one of the
/// literal values A and B, unless an alternative is one of `placeholders`; `buildsetting=value` is
/// a build setting. The actions are the terms listed under `action ...`.
enum XcodebuildManual {
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    /// The words the manual's descriptions explain as something to fill in where it lists
    /// alternatives: "an absolute path to an SDK, or the canonical name of an SDK" (`-sdk`),
    /// "a file path … If - is supplied" (`-test-enumeration-output-path`), a toolchain's
    /// "identifier or name" (`-toolchain`).
    static let placeholders: Set = ["sdkfullpath", "sdkname", "path", "identifier", "name"]

    static let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Recordings/xcodebuild-options.txt")

    struct Manual {
        var actions: Set<String> = []
        /// Each option and what follows it: nil for any one value, else the literal values allowed.
        var options: [String: [Set<String>?]] = [:]
        var buildSettings = false
    }

    static let manual: Manual = {
        // A missing recording fails every check that reads it, with the path in the message.
        let text = (try? String(contentsOf: recording, encoding: .utf8)) ?? ""
        return parse(text)
    }()

    static func parse(_ text: String) -> Manual {
        var manual = Manual()
        var listingActions = false
        for line in text.split(separator: "\n").map(String.init) where !line.hasPrefix("#") {
            if line == "action ..." {
                listingActions = true
                continue
            }
            if listingActions, !line.hasPrefix("-") {
                manual.actions.insert(line)
                continue
            }
            listingActions = false
            if line == "buildsetting=value" {
                manual.buildSettings = true
                continue
            }
            // `-skip-testing test-identifier, -only-testing test-identifier`: two options in one term.
            for term in line.components(separatedBy: ", -").enumerated().map({ $0.offset == 0 ? $0.element : "-" + $0.element }) {
                guard term.hasPrefix("-"), !term.contains("=") else { continue }
                var words = term.split(separator: " ").map(String.init)[...]
                let name = words.removeFirst()
                var values: [Set<String>?] = []
                while let word = words.first {
                    words.removeFirst()
                    guard word.hasPrefix("[") else {
                        values.append(nil)
                        continue
                    }
                    var group = [word]
                    while let last = group.last, !last.hasSuffix("]"), let next = words.first {
                        group.append(next)
                        words.removeFirst()
                    }
                    let alternatives = group.joined(separator: " ").dropFirst().dropLast().split(separator: "|")
                        .map { $0.trimmingCharacters(in: .whitespaces) }
                    values.append(alternatives.contains(where: placeholders.contains) ? nil : Set(alternatives))
                }
                manual.options[name] = values
            }
        }
        return manual
    }

    /// Throws at the first argument the manual does not allow where it stands.
    static func check(_ arguments: [String]) throws {
        let manual = Self.manual
        guard !manual.options.isEmpty, !manual.actions.isEmpty else {
            throw Violation(description: "no manual read from \(recording.path)")
        }
        guard let action = arguments.first, manual.actions.contains(action) else {
            throw Violation(description: "\(arguments.first ?? "nothing") is not an xcodebuild action")
        }
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if manual.buildSettings, !argument.hasPrefix("-"), let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
                argument[..<equals].allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" })
            {
                continue
            }
            guard let values = manual.options[argument] else { throw Violation(description: "\(argument) is not an option xcodebuild documents") }
            for allowed in values {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { throw Violation(description: "\(argument) needs a value") }
                if let allowed, !allowed.contains(arguments[index]) {
                    throw Violation(description: "\(argument) takes one of \(allowed.sorted()), not \(arguments[index])")
                }
                index += 1
            }
        }
    }
}
