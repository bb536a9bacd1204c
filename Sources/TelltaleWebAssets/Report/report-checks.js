// Analytics checks as the report draws them (`Telltale.checks`), for the analytics feature
// (report-analytics.js): a test's verdict (`v` in the data: event count, failed expectations with
// their closest captured events, tracking-plan violations) and tables of violations.
(function (T) {
  'use strict';
  var el = T.el, add = T.add, plural = T.plural;

  function words(kind) { return kind.replace(/([A-Z])/g, ' $1').toLowerCase(); }
  function failed(v) { return !!(v && (v.f || v.x)); }
  function eventIDs(ids, more) {
    return ids.map(function (id) { return '#' + id; }).join(', ') + (more ? ', \u2026 ' + more + ' more' : '');
  }
  function shortJSON(value) {
    var text = JSON.stringify(value);
    return text.length > 160 ? text.slice(0, 159) + '\u2026' : text;
  }
  // What failed, in words: `1 missing event, 2 tracking-plan violations`.
  function summary(v) {
    var counts = {}, kinds = [];
    (v.f || []).forEach(function (failure) {
      if (!counts[failure.k]) { counts[failure.k] = 0; kinds.push(failure.k); }
      counts[failure.k]++;
    });
    var parts = kinds.map(function (kind) { return plural(counts[kind], words(kind)); });
    if (v.x) parts.push(plural(v.x.length, 'tracking-plan violation'));
    return parts.join(', ');
  }
  function violationTable(parent, violations) {
    var table = add(parent, el('table', 'vtable'));
    var head = add(add(table, el('thead')), el('tr'));
    ['kind', 'event', 'path', 'expected', 'actual', 'count'].forEach(function (title) { add(head, el('th', null, title)); });
    var body = add(table, el('tbody'));
    violations.forEach(function (violation) {
      var row = add(body, el('tr'));
      add(row, el('td', 'vkind', words(violation.k)));
      add(row, el('td', 'mono', violation.ev));
      add(row, el('td', 'mono', violation.p || '\u2014'));
      add(row, el('td', 'mono value', violation.e));
      var actual = violation.a !== undefined ? violation.a : violation.k === 'missingRequired' ? 'missing' : '\u2014';
      add(row, el('td', 'mono value' + (actual === '\u2014' ? '' : ' vactual'), actual));
      var count = add(row, el('td', 'num', violation.n));
      if (violation.ids) count.title = eventIDs(violation.ids, violation.more);
    });
  }
  // A near miss: the params that differ from the expectation marked, then the event's other params.
  function closestEvent(parent, event, offset) {
    var box = add(parent, el('div', 'closest'));
    var head = add(box, el('div', 'vhead'));
    add(head, el('span', 'ev-name', event.ev));
    add(head, el('span', 'mono vnote', '#' + event.id));
    if (event.other) add(head, el('span', 'vnote', 'another event'));
    if (event.p > 0) add(head, el('span', 'vnote', event.m + ' of ' + event.p + ' params match'));
    if (event.at !== undefined) add(head, el('span', 'mono vnote', offset(event.at)));
    var body = add(add(box, el('table', 'vparams mono')), el('tbody'));
    var differing = {};
    event.d.forEach(function (difference) {
      differing[difference.p.split(/[.\[]/)[0]] = true;
      var row = add(body, el('tr', 'vdiff'));
      add(row, el('td', 'mark', '\u2260')).title = 'differs from the expectation';
      add(row, el('td', 'k', difference.p));
      var value = add(row, el('td', 'value'));
      add(value, el('span', 'vactual', difference.a === undefined ? 'missing' : difference.a));
      value.appendChild(document.createTextNode(' \u00b7 '));
      add(value, el('span', 'vexpected', 'expected ' + difference.e));
    });
    var others = Object.keys(event.params).filter(function (key) { return !differing[key]; });
    others.slice(0, 12).forEach(function (key) {
      var row = add(body, el('tr', 'vsame'));
      add(row, el('td', 'mark'));
      add(row, el('td', 'k', key));
      add(row, el('td', 'value', shortJSON(event.params[key])));
    });
    if (others.length > 12) add(add(body, el('tr', 'vsame')), el('td', null, '\u2026 ' + (others.length - 12) + ' more params')).colSpan = 3;
  }
  // One test's checks: each failed expectation (kind, event, plan line, the events involved, the
  // closest events, their offsets drawn by `offset` as in the timeline), then its tracking-plan
  // violations. The message itself is left out when the test's messages above already hold it.
  function verificationBlock(parent, v, offset) {
    var broken = failed(v);
    add(parent, el('div', 'vsum' + (broken ? ' failed' : ''), plural(v.n, 'event') + ' \u00b7 ' + (broken ? summary(v) : 'every check passed')));
    (v.f || []).forEach(function (failure) {
      var box = add(parent, el('div', 'vfail'));
      var head = add(box, el('div', 'vhead'));
      add(head, el('span', 'vkind', words(failure.k)));
      if (failure.ev) add(head, el('span', 'ev-name', failure.ev));
      if (failure.l) add(head, el('span', 'mono vnote', 'plan ' + failure.l));
      if (failure.ids) add(head, el('span', 'mono vnote', eventIDs(failure.ids, failure.more)));
      if (failure.t) add(box, el('pre', 'vtext', failure.t));
      if (failure.c) {
        add(box, el('div', 'vlabel', 'closest captured ' + (failure.c.length === 1 ? 'event' : 'events')));
        failure.c.forEach(function (event) { closestEvent(box, event, offset); });
      }
    });
    if (v.x) {
      add(parent, el('div', 'vlabel', 'tracking plan'));
      violationTable(parent, v.x);
    }
  }

  T.checks = { failed: failed, summary: summary, block: verificationBlock, violationTable: violationTable };
})(Telltale);
