import Foundation
import TelltaleModel
import Yams

/// Where a plan file writes a key, read again from the file: a problem only the run can find
/// (a `filter` that selects none of the listed tests) is located as `plan validate`'s are.
package enum PlanSourceMap {
    /// One step down the plan's YAML tree: a mapping's key or a list's index.
    package enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    /// The position of the value at `path` (`[.key("suites"), .index(1), .key("filter")]`); nil when
    /// the file cannot be read or has no such value.
    package static func location(of path: [Step], in file: String) -> SourceLocation? {
        // The file is read again: a `Plan` keeps no positions for its suites and their filters.
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), var node = (try? Yams.compose(yaml: text)) ?? nil else {
            return nil
        }
        // A step that does not fit the node it meets (a key where a list is, an index
        // past its end) finds nothing.
        for step in path {
            switch (step, node) {
            case (.key(let key), .mapping(let mapping)):
                guard let value = mapping.first(where: { $0.key.string == key })?.value else { return nil }
                node = value
            case (.index(let index), .sequence(let items)) where items.indices.contains(index):
                node = items[index]
            default:
                return nil
            }
        }
        return node.location(in: file)
    }

    /// `suites[1].filter`, as problems name key paths.
    package static func keyPath(_ path: [Step]) -> String {
        path.reduce(into: "") { text, step in
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
    }
}
