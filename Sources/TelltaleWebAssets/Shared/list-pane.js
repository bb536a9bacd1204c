// The shape both pages share under their header: a list on the left that the keyboard moves
// through, and the details of what is opened on the right.
(function (T) {
  'use strict';
  var el = T.el, add = T.add;

  // The two panes: `list` (a `section.list-pane` for the page's controls and list) and `detail`
  // (a `section.detail-pane`, its changes announced to screen readers), with the id `detailID`.
  T.panes = function (parent, detailID) {
    var layout = add(parent, el('main', 'layout'));
    var list = add(layout, el('section', 'list-pane'));
    var detail = add(layout, el('section', 'detail-pane'));
    detail.id = detailID;
    detail.setAttribute('aria-live', 'polite');
    return { list: list, detail: detail };
  };

  // Under the list pane's own controls: a line that says what is shown (`#shown`), then the list
  // itself (a focusable listbox with the id `id`, its rows the page's `[role=option]` elements).
  T.listbox = function (pane, id, label) {
    var shown = add(pane, el('div', 'shown'));
    shown.id = 'shown';
    var list = add(pane, el('div', 'listbox'));
    list.id = id;
    list.tabIndex = 0;
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', label);
    return { shown: shown, list: list };
  };

  // The page's keys as a hint paragraph: each entry is [key, another key or null, what they do].
  T.keyHint = function (parent, keys) {
    var hint = add(parent, el('p', 'hint'));
    keys.forEach(function (entry) {
      add(hint, el('kbd', null, entry[0]));
      if (entry[1]) {
        hint.appendChild(document.createTextNode(' / '));
        add(hint, el('kbd', null, entry[1]));
      }
      hint.appendChild(document.createTextNode(entry[2]));
    });
    return hint;
  };

  // The keyboard of a page with a list: `/` focuses `actions.search`; `j`/`k` or the arrows,
  // Home, End, PageUp and PageDown call `actions.move(by)` (by a number of rows, ±Infinity for
  // the ends); Enter or `o` calls `actions.open()`. In a field, Esc returns to the list, and Enter
  // or the down arrow in a text field goes to it and calls `actions.fromField(isEnter)`.
  // `actions.keys` maps other keys to handlers of their own.
  T.listKeys = function (list, actions) {
    function pageRows() {
      var row = list.querySelector('[role="option"]');
      return Math.max(1, Math.floor(list.clientHeight / (row ? row.offsetHeight || 30 : 30)));
    }
    var MOVES = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    document.addEventListener('keydown', function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      var target = event.target, tag = target && target.tagName;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
        if (event.key === 'Escape') {
          target.blur();
          list.focus();
        } else if (tag === 'INPUT' && target.type !== 'checkbox' && (event.key === 'Enter' || event.key === 'ArrowDown')) {
          event.preventDefault();
          list.focus();
          actions.fromField(event.key === 'Enter');
        }
        return;
      }
      if (actions.keys && actions.keys[event.key]) {
        actions.keys[event.key](event);
      } else if (event.key === '/') {
        event.preventDefault();
        actions.search.focus();
        actions.search.select();
      } else if (MOVES[event.key]) {
        event.preventDefault();
        actions.move(MOVES[event.key]);
      } else if (event.key === 'PageDown' || event.key === 'PageUp') {
        event.preventDefault();
        actions.move(event.key === 'PageDown' ? pageRows() : -pageRows());
      } else if ((event.key === 'Enter' || event.key === 'o') && tag !== 'BUTTON') {
        event.preventDefault();
        actions.open();
      }
    });
  };
})(Telltale);
