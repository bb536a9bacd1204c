// The Stress section (runs with --stress-new): the stressed tests, why, their runs and verdict;
// a mark on the rows of tests flaky on arrival, and each stressed test's verdict in its details.
(function (T) {
  'use strict';
  var el = T.el, add = T.add;
  var VERDICT = { stable: 'stable', flakyOnArrival: 'flaky on arrival', failing: 'failed every run', skipped: 'skipped' };
  var ORDER = { flakyOnArrival: 0, failing: 1, stable: 2, skipped: 3 };

  function verdictText(st) { return VERDICT[st.v] + (st.v === 'flakyOnArrival' && st.ro ? ' (reported only)' : ''); }
  function times(count, one) { return count + ' ' + one + (count === 1 ? '' : 's'); }

  (T.features = T.features || []).push(function stress(page) {
    var tests = page.tests;

    function stressSection(parent, stressed) {
      var rows = stressed.slice().sort(function (a, b) { return ORDER[a.st.v] - ORDER[b.st.v] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0); });
      var arrivals = rows.filter(function (t) { return t.st.v === 'flakyOnArrival'; }).length;
      var box = add(parent, el('details', 'stress'));
      box.id = 'stress';
      box.open = arrivals > 0;
      add(box, el('summary', null, 'Stress: ' + times(rows.length, 'new or changed test') + ' run ' +
        times(rows[0].st.x, 'more time') + ', ' + arrivals + ' flaky on arrival'));
      add(box, el('p', 'hint', 'A test whose runs both passed and failed is flaky on arrival' +
        (rows[0].st.ro ? '; the plan reports it without failing the run.' : ', and fails the run.')));
      var table = add(box, el('table', 'stressed'));
      var head = add(add(table, el('thead')), el('tr'));
      ['test', 'why', 'passed', 'verdict'].forEach(function (title) { add(head, el('th', null, title)); });
      var body = add(table, el('tbody'));
      rows.forEach(function (test) {
        var tr = add(body, el('tr'));
        add(tr, el('td', 'mono', test.id));
        add(tr, el('td', null, test.st.r.join('; ')));
        add(tr, el('td', null, test.st.p + ' of ' + test.st.n));
        add(tr, el('td', 'verdict-' + test.st.v, verdictText(test.st)));
        tr.addEventListener('click', function () { page.reveal(tests.indexOf(test)); });
      });
    }
    function stressBlock(parent, st) {
      add(parent, el('p', 'verdict-' + st.v, verdictText(st) + ': passed ' + st.p + ' of ' + st.n + ' runs'));
      add(parent, el('p', 'hint', 'Stressed because ' + st.r.join('; ') + '. Each run is one of the attempts below.'));
    }

    return {
      header: function (header) {
        var stressed = tests.filter(function (t) { return t.st; });
        if (stressed.length) stressSection(header, stressed);
      },
      row: function (node, test) {
        if (test.st && test.st.v === 'flakyOnArrival') add(node, el('span', 'htag arrival', 'flaky on arrival')).title = 'Passed ' + test.st.p + ' of ' + test.st.n + ' runs';
      },
      detail: function (test, section) {
        if (test.st) stressBlock(section('Stress: ' + times(test.st.x, 'more run')), test.st);
      }
    };
  });
})(Telltale);
