import TelltaleModel
import Yams

extension Node {
    /// The node's tree as a `JSONSourceMap`: where each value and key is, and each mapping's
    /// key order, so a JSON Schema written inline in YAML is read and located like a file.
    func sourceMap() -> JSONSourceMap {
        var map = JSONSourceMap()
        addPositions(to: &map, path: [])
        return map
    }

    /// Records this node's position at `path`, then its members' and elements' below it.
    private func addPositions(to map: inout JSONSourceMap, path: [ParamPath.Component]) {
        let position = TextPosition(self)
        map.values[ParamPath(path)] = JSONSourceMap.Position(line: position.line, column: position.column)
        switch self {
        case .mapping(let mapping):
            var order: [String] = []
            for (key, value) in mapping {
                // A key that is no plain scalar has no JSON form: `jsonValue` refuses
                // it, and here it is skipped.
                guard let name = key.plainString else { continue }
                order.append(name)
                let keyPosition = TextPosition(key)
                map.keys[ParamPath(path + [.key(name)])] = JSONSourceMap.Position(line: keyPosition.line, column: keyPosition.column)
                value.addPositions(to: &map, path: path + [.key(name)])
            }
            map.keyOrder[ParamPath(path)] = order
        case .sequence(let items):
            for (index, item) in items.enumerated() { item.addPositions(to: &map, path: path + [.index(index)]) }
        case .scalar, .alias:
            break
        }
    }
}
