// The run history and quarantine (records with `history`, or a quarantined test): trends of
// recent runs (pass rate and duration, as inline SVG) with the flaky tests grouped by cause, a
// flaky-rate and a "slower than usual" mark on rows, each test's outcome strip and durations in its details, and quarantined failures
// shown as such without failing the verdict.
(function (T) {
  'use strict';
  var el = T.el, add = T.add;

  (T.features = T.features || []).push(function historyAndQuarantine(page) {
    var data = page.data, tests = page.tests, seconds = page.seconds, runHistory = data.history;

    function outcomeName(letter) { return { p: 'passed', f: 'failed', e: 'error', s: 'skipped' }[letter] || 'error'; }
    function svg(tag, attributes, parent) {
      var node = document.createElementNS('http://www.w3.org/2000/svg', tag);
      Object.keys(attributes).forEach(function (key) { node.setAttribute(key, String(attributes[key])); });
      if (parent) parent.appendChild(node);
      return node;
    }
    function tip(node, text) { svg('title', {}, node).textContent = text; return node; }
    function percent(rate) { return Math.round(rate * 100) + '%'; }
    // One bar per run, oldest first; the last (this run) outlined.
    function bars(parent, title, values, top, color, label) {
      var box = add(parent, el('figure', 'trend'));
      add(box, el('figcaption', null, title));
      var width = 16 * values.length + 8, height = 64;
      var chart = svg('svg', { width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'img', 'aria-label': title }, box);
      svg('line', { x1: 0, y1: height - 0.5, x2: width, y2: height - 0.5, 'class': 'axis' }, chart);
      values.forEach(function (value, index) {
        var h = top > 0 ? Math.max(2, Math.round(value / top * (height - 6))) : 2;
        var bar = svg('rect', { x: 4 + index * 16, y: height - h, width: 12, height: h, rx: 2, 'class': 'bar ' + color(index) + (index === values.length - 1 ? ' current' : '') }, chart);
        tip(bar, label(index));
      });
      return box;
    }
    function trends(parent) {
      var runs = runHistory.runs;
      var box = add(parent, el('details', 'trends'));
      box.id = 'trends';
      box.open = true;
      add(box, el('summary', null, 'Trends: the last ' + runs.length + ' runs'));
      var charts = add(box, el('div', 'trend-charts'));
      function describe(index) {
        var r = runs[index];
        return r[0].replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') + (r[5] ? ' \u00b7 ' + r[5].slice(0, 8) : '') + ' \u00b7 ' +
          r[1] + ' of ' + (r[1] + r[2]) + ' passed \u00b7 ' + seconds(r[4]) + (index === runs.length - 1 ? ' (this run)' : '');
      }
      var rates = runs.map(function (r) { return r[1] + r[2] === 0 ? 1 : r[1] / (r[1] + r[2]); });
      bars(charts, 'Pass rate', rates, 1, function (i) { return rates[i] === 1 ? 'pass' : 'fail'; }, describe);
      var durations = runs.map(function (r) { return r[4]; });
      bars(charts, 'Duration (longest ' + seconds(Math.max.apply(null, durations)) + ')', durations, Math.max.apply(null, durations),
        function () { return 'time'; }, describe);
      var flakiest = tests.filter(function (t) { return t.h && t.h.fr > 0; }).length;
      var slower = tests.filter(function (t) { return t.h && t.h.slow; }).length;
      add(box, el('p', 'hint', flakiest + ' test' + (flakiest === 1 ? ' was' : 's were') + ' flaky in these runs; ' +
        slower + (slower === 1 ? ' is' : ' are') + ' slower than usual (more than twice their median).'));
      flakyByCause(box);
    }
    // The flaky tests of these runs by cause (judged over all their attempts), in the classifier's order of evidence.
    function flakyByCause(parent) {
      var order = ['orderDependent', 'slowWhenFailing', 'machineSpecific', 'variantSpecific', 'workerSpecific', 'unexplained'];
      var groups = {};
      tests.forEach(function (t) {
        if (!t.h || !(t.h.fr > 0)) return;
        var kind = t.h.fc ? t.h.fc.k : 'unexplained';
        (groups[kind] = groups[kind] || []).push(t);
      });
      var kinds = order.filter(function (k) { return groups[k]; });
      if (!kinds.length) return;
      var list = add(parent, el('dl', 'flaky-causes'));
      list.id = 'flaky-causes';
      kinds.forEach(function (kind) {
        var group = groups[kind];
        add(list, el('dt', null, (group[0].h.fc ? group[0].h.fc.l : 'unexplained') + ' (' + group.length + ')'));
        group.sort(function (a, b) { return b.h.fr - a.h.fr || (a.id < b.id ? -1 : 1); }).forEach(function (t) {
          var item = add(list, el('dd', null, t.id + ' \u00b7 flaky ' + percent(t.h.fr)));
          if (t.h.fc) add(item, el('div', 'hint', t.h.fc.e));
        });
      });
    }
    function historyBlock(parent, h) {
      var strip = add(parent, el('div', 'strip'));
      var width = 12 * h.s.length, chart = svg('svg', { width: width, height: 14, role: 'img', 'aria-label': 'Outcomes of the last runs, oldest first' }, strip);
      h.s.split('').forEach(function (letter, index) {
        var outcome = outcomeName(letter);
        tip(svg('rect', { x: index * 12, y: 1, width: 10, height: 12, rx: 2, 'class': 'cell ' + outcome + (index === h.s.length - 1 ? ' current' : '') }, chart),
          'Run ' + (index + 1) + ' of ' + h.s.length + ': ' + outcome + ' in ' + seconds(h.d[index]));
      });
      var top = Math.max.apply(null, h.d);
      bars(parent, 'Duration per run', h.d, top, function (i) { return h.s[i] === 'p' ? 'time' : h.s[i] === 's' ? 'skip' : 'fail'; },
        function (i) { return 'Run ' + (i + 1) + ': ' + seconds(h.d[i]); });
      var facts = add(parent, el('div', 'facts'));
      add(facts, el('span', null, 'flaky in ' + h.fn + ' of ' + h.rn + ' runs (' + percent(h.fr) + ')'));
      if (h.u !== undefined) add(facts, el('span', null, 'usually ' + seconds(h.u)));
      if (h.slow) add(facts, el('span', 'htag slow', 'slower than usual'));
      if (h.fc) add(facts, el('span', null, 'across these runs: ' + h.fc.l + ' (' + h.fc.e + ')'));
    }
    function quarantineBlock(parent, q, outcome) {
      var failing = outcome === 'failed' || outcome === 'error';
      add(parent, el('p', null, (failing ? 'This ' + outcome + ' test is quarantined: its failure does not fail the run. ' : 'Quarantined; it did not fail this time. ') +
        'Until ' + q.until + ', owner ' + q.owner + '.'));
      add(parent, el('p', 'hint', q.reason));
    }

    return {
      // Quarantined failures are shown, but do not fail the run.
      verdict: function (failed) { return failed - (data.totals.quarantined || 0); },
      stats: function (stat) {
        if (data.totals.quarantined) {
          stat('quarantined', 'quarantined', data.totals.quarantined, false).title = 'Failures of quarantined tests: shown, but they do not fail the run';
        }
        if (runHistory && runHistory.runs.length > 1) trends(page.header);
      },
      row: function (node, test) {
        if (test.q && (test.o === 'failed' || test.o === 'error')) add(node, el('span', 'htag quarantined', 'quarantined')).title = 'Quarantined until ' + test.q.until + ' (' + test.q.owner + '): ' + test.q.reason;
        if (test.h && test.h.fr > 0) add(node, el('span', 'htag flaky', 'flaky ' + percent(test.h.fr))).title = 'Flaky in ' + test.h.fn + ' of its last ' + test.h.rn + ' runs';
        if (test.h && test.h.slow) add(node, el('span', 'htag slow', 'slower')).title = 'More than twice its usual ' + seconds(test.h.u);
      },
      detail: function (test, section) {
        if (test.q) quarantineBlock(section('Quarantine'), test.q, test.o);
        if (test.h) historyBlock(section('History: last ' + test.h.s.length + ' runs'), test.h);
      }
    };
  });
})(Telltale);
