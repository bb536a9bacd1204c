// A JSON value as nested lists: an event's parameters on both pages, a JSON attachment in the
// report. Objects and arrays are `details`, open for the first `openDepth` levels; a leaf is
// `key: value`, its value classed `v-string`, `v-number`, `v-bool` or `v-null` (empty objects
// and arrays too, shown as `{}` and `[]`).
(function (T) {
  'use strict';
  var el = T.el, add = T.add;

  function tree(parent, key, value, depth, openDepth) {
    var item = add(parent, el('li'));
    var isObject = value !== null && typeof value === 'object';
    var keys = isObject ? Object.keys(value) : [];
    if (isObject && keys.length > 0) {
      var box = add(item, el('details'));
      if (depth < openDepth) box.open = true;
      var summary = add(box, el('summary'));
      add(summary, el('span', 'k', key));
      add(summary, el('span', 'count', Array.isArray(value) ? ' [' + keys.length + ']' : ' {' + keys.length + '}'));
      var children = add(box, el('ul', 'tree'));
      keys.forEach(function (child) { tree(children, child, value[child], depth + 1, openDepth); });
    } else {
      add(item, el('span', 'k', key));
      item.appendChild(document.createTextNode(': '));
      var kind = value === null ? 'null' : typeof value === 'boolean' ? 'bool' : isObject ? 'null' : typeof value;
      add(item, el('span', 'v v-' + kind, isObject ? (Array.isArray(value) ? '[]' : '{}') : JSON.stringify(value)));
    }
  }

  // The members of `object` as a tree (`ul.tree.root`) under `parent`; `empty`, if given, is
  // what the list says when there are none.
  T.objectTree = function (parent, object, openDepth, empty) {
    var root = add(parent, el('ul', 'tree root'));
    var keys = Object.keys(object || {});
    if (keys.length === 0 && empty) add(root, el('li', 'count', empty));
    keys.forEach(function (key) { tree(root, key, object[key], 0, openDepth); });
    return root;
  };
})(Telltale);
