// Order and flakiness (runs with --shuffle, --repeat, or a flaky test): the seed and repetitions
// in the header; a "Flaky tests explained" section grouping tests by cause with the evidence,
// the failure rate and the command that reproduces an order dependency; a mark on their rows;
// and in a test's details its cause, its bisection and where each attempt ran.
(function (T) {
  'use strict';
  var el = T.el, add = T.add;
  var RANK = { orderDependent: 0, slowWhenFailing: 1, machineSpecific: 2, variantSpecific: 3, workerSpecific: 4, unexplained: 5 };

  function causeOf(test) {
    if (test.fc) return test.fc.l;
    if (test.od) return 'suspected ' + test.od.k;
    return 'failed in repetitions';
  }
  function rank(test) { return test.fc ? RANK[test.fc.k] : 6; }
  // A cause's own evidence, but a bisection's finding for an order dependency (or a suspect without a cause).
  function evidenceOf(test) {
    if (test.fc && test.fc.k !== 'orderDependent') return test.fc.e;
    return test.od ? test.od.x : test.rp.x;
  }
  function ordinal(n) { return n + (n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'); }
  // `<session>/p7` → `p7`: the session is the same for every process of a worker.
  function processName(pl) { return pl.p.slice(pl.p.lastIndexOf('/') + 1); }
  function placed(pl) {
    var text = ordinal(pl.i + 1) + ' in process ' + processName(pl) + ' (worker ' + pl.w + ')';
    if (pl.i === 0) text += ', nothing before it';
    if (pl.r !== undefined) text += ', repetition ' + pl.r;
    if (pl.s !== undefined) text += ', seed ' + pl.s;
    return text;
  }
  function reproduceBlock(parent, command) {
    add(parent, el('div', 'label', 'Reproduce'));
    add(parent, el('pre', 'reproduce', command));
  }

  (T.features = T.features || []).push(function order(page) {
    var tests = page.tests, run = page.data.order;

    function section(parent, explained) {
      var rows = explained.slice().sort(function (a, b) { return rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0); });
      var box = add(parent, el('details', 'order'));
      box.id = 'flaky-explained';
      box.open = true;
      add(box, el('summary', null, 'Flaky tests explained: ' + rows.length));
      var table = add(box, el('table', 'explained'));
      var head = add(add(table, el('thead')), el('tr'));
      ['test', 'cause', 'evidence', 'failure rate'].forEach(function (title) { add(head, el('th', null, title)); });
      var body = add(table, el('tbody'));
      rows.forEach(function (test) {
        var tr = add(body, el('tr'));
        add(tr, el('td', 'mono', test.id));
        add(tr, el('td', 'cause-' + (test.fc ? test.fc.k : 'suspected'), causeOf(test)));
        var evidence = add(tr, el('td', null, evidenceOf(test)));
        if (test.od && test.od.r) add(evidence, el('code', 'reproduce', test.od.r));
        add(tr, el('td', null, test.rp ? test.rp.pct + ' (' + test.rp.f + ' of ' + test.rp.n + ')' : '–'));
        tr.addEventListener('click', function () { page.reveal(tests.indexOf(test)); });
      });
    }

    return {
      header: function (header) {
        if (run) {
          var facts = [];
          if (run.seed !== undefined) facts.push('Shuffle seed ' + run.seed + ' (--shuffle=' + run.seed + ' repeats this order)');
          if (run.reps > 1) facts.push(run.reps + ' repetitions' + (run.uf ? ', until a failure' : ''));
          if (facts.length) add(header, el('p', 'order-facts', facts.join(' · ')));
        }
        var explained = tests.filter(function (t) { return t.fc || t.od || (t.rp && t.rp.f > 0); });
        if (explained.length) section(header, explained);
      },
      row: function (node, test) {
        if (test.fc) add(node, el('span', 'htag cause-' + test.fc.k, test.fc.l)).title = test.fc.e;
        else if (test.od) add(node, el('span', 'htag cause-suspected', 'suspected ' + test.od.k)).title = test.od.x;
        if (test.rp && test.rp.f > 0) add(node, el('span', 'htag rate', test.rp.pct)).title = test.rp.x;
      },
      detail: function (test, sectionFor) {
        if (!(test.fc || test.od || test.rp || test.pl)) return;
        var block = sectionFor('Order and flakiness');
        // An order dependency's evidence is the bisection's finding, just below.
        if (test.fc) add(block, el('p', 'cause-' + test.fc.k, test.fc.k === 'orderDependent' ? test.fc.l : test.fc.l + ': ' + test.fc.e));
        if (test.od) {
          add(block, el('p', null, test.od.x + ', ' + test.od.s.toFixed(1) + ' s'));
          if (test.od.t.length) {
            add(block, el('div', 'label', test.od.k === 'victim' ? 'Polluters' : 'State-setters'));
            var list = add(block, el('ul', 'culprits'));
            test.od.t.forEach(function (id) { add(list, el('li', 'mono', id)); });
          }
          if (test.od.r) reproduceBlock(block, test.od.r);
        }
        if (test.rp) add(block, el('p', null, 'Over the repetitions: ' + test.rp.x));
        var runs = (test.a || []).concat([test]).filter(function (attempt) { return attempt.pl; });
        if (runs.length) {
          add(block, el('div', 'label', 'Where each run ran'));
          var where = add(block, el('ol', 'placements'));
          runs.forEach(function (attempt) { add(where, el('li', null, attempt.o + ', ' + placed(attempt.pl))); });
        }
      }
    };
  });
})(Telltale);
