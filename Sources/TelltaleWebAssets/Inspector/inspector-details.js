// The inspector's details pane (`Telltale.inspectorDetails`): a stored event (its facts, the
// tracking plan's verdict, the params as a tree, the raw body, the stored JSON) or a refused
// request (its reason and the first bytes of its body).
(function (T) {
  'use strict';
  var el = T.el, add = T.add;

  function facts(parent, pairs) {
    var list = add(parent, el('dl', 'facts'));
    pairs.forEach(function (pair) {
      add(list, el('dt', null, pair[0]));
      add(list, el('dd', 'mono', pair[1]));
    });
  }
  function planVerdict(parent, check) {
    var verdict = T.section(parent, 'Tracking plan');
    if (check.valid) {
      add(verdict, el('p', 'verdict-good', '\u2713 keeps the tracking plan'));
      return;
    }
    add(verdict, el('p', 'verdict-bad', '\u2717 breaks the tracking plan: ' + T.plural(check.violations.length, 'violation')));
    check.violations.forEach(function (violation) {
      var box = add(verdict, el('div', 'violation'));
      add(box, el('div', 'where mono', violation.kind + (violation.path ? ' \u00b7 ' + violation.path : '')));
      add(box, el('div', null, violation.message));
      var actual = violation.actual !== null && violation.actual !== undefined ? ' \u00b7 actual ' + violation.actual : '';
      add(box, el('div', 'where mono', 'expected ' + violation.expected + actual));
    });
  }

  T.inspectorDetails = {
    // `inPage` is false for an event read from the server because the page no longer holds it.
    event: function (detail, event, inPage) {
      detail.textContent = '';
      detail.scrollTop = 0;
      add(detail, el('h2', null, event.name));
      if (!inPage) add(detail, el('p', 'hint', 'Read from the server: not among the events this page holds.'));
      var test = event.test === null || event.test === undefined ? '\u2014' : event.test;
      facts(detail, [['id', event.id], ['received', event.receivedAt], ['source', event.source], ['session', event.session], ['test', test]]);
      if (event.check) planVerdict(detail, event.check);
      T.objectTree(T.section(detail, 'Params'), event.params, 2, 'no params');
      if (event.raw !== undefined) {
        var raw = T.section(detail, 'Raw body, as received');
        add(raw, el('pre', 'raw', typeof event.raw === 'string' ? event.raw : JSON.stringify(event.raw, null, 2)));
      }
      var whole = add(T.section(detail, 'Stored event'), el('details'));
      add(whole, el('summary', null, 'JSON'));
      var copy = {};
      Object.keys(event).forEach(function (key) { if (key.charAt(0) !== '_') copy[key] = event[key]; });
      add(whole, el('pre', 'raw', JSON.stringify(copy, null, 2)));
    },
    bad: function (detail, capture) {
      detail.textContent = '';
      add(detail, el('h2', null, 'Refused: ' + capture.status + ' ' + capture.method + ' ' + capture.path));
      facts(detail, [
        ['id', capture.id], ['received', capture.receivedAt], ['session', capture.session],
        ['content type', capture.contentType || '\u2014'], ['body', capture.bodySize + ' bytes']
      ]);
      add(T.section(detail, 'Reason'), el('p', null, capture.reason));
      add(T.section(detail, 'Body (the first bytes)'), el('pre', 'raw', capture.bodySample));
    }
  };
})(Telltale);
