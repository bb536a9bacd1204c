extension WebAssets {
    /// `el(tag, cls, text)` makes an element, its text set through `textContent` (never
    /// markup); `add(parent, child)` appends and returns the child.
    public static let domHelpers = """
          function el(tag, cls, text) {
            var node = document.createElement(tag);
            if (cls) node.className = cls;
            if (text !== undefined && text !== null) node.textContent = String(text);
            return node;
          }
          function add(parent, child) { parent.appendChild(child); return child; }

        """

    /// `section(title)`: a titled block appended to the page's `detail` element, returned.
    public static let detailSection = """
          function section(title) {
            var block = add(detail, el('section', 'block'));
            add(block, el('h3', null, title));
            return block;
          }

        """

    /// `tree(parent, key, value, depth)`: a JSON value as nested lists under `parent` (a `ul`),
    /// objects and arrays as `details` that are open above `openDepth` levels. A leaf is
    /// `key: value`, classed `v-string`, `v-number`, `v-bool` or `v-null` (empty objects and
    /// arrays too, shown as `{}` and `[]`).
    public static func jsonTree(openDepth: Int) -> String {
        """
          function tree(parent, key, value, depth) {
            var item = add(parent, el('li'));
            var isObject = value !== null && typeof value === 'object';
            var keys = isObject ? Object.keys(value) : [];
            if (isObject && keys.length > 0) {
              var box = add(item, el('details'));
              if (depth < \(openDepth)) box.open = true;
              var summary = add(box, el('summary'));
              add(summary, el('span', 'k', key));
              add(summary, el('span', 'count', Array.isArray(value) ? ' [' + keys.length + ']' : ' {' + keys.length + '}'));
              var children = add(box, el('ul', 'tree'));
              keys.forEach(function (child) { tree(children, child, value[child], depth + 1); });
            } else {
              add(item, el('span', 'k', key));
              item.appendChild(document.createTextNode(': '));
              var kind = value === null ? 'null' : typeof value === 'boolean' ? 'bool' : isObject ? 'null' : typeof value;
              add(item, el('span', 'v v-' + kind, isObject ? (Array.isArray(value) ? '[]' : '{}') : JSON.stringify(value)));
            }
          }

        """
    }
}
