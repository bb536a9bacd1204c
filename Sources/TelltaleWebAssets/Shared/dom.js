// What the test report (index.html) and the capture inspector (/_telltale/ui) share, kept once
// under the global `Telltale`. Every element is made with createElement and its text set through
// textContent, never as markup, so captured text stays text on both pages.
var Telltale = {};
(function (T) {
  'use strict';

  // An element of `tag`, classed `cls`, holding `text` as text.
  T.el = function (tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  };

  // Appends `child` to `parent` and returns the child.
  T.add = function (parent, child) {
    parent.appendChild(child);
    return child;
  };

  // A titled block (`section.block` with its `h3`) appended to `parent`, returned.
  T.section = function (parent, title) {
    var block = T.add(parent, T.el('section', 'block'));
    T.add(block, T.el('h3', null, title));
    return block;
  };

  T.plural = function (count, one) {
    return count + ' ' + (count === 1 ? one : one + 's');
  };
})(Telltale);
