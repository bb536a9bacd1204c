// The comparison with the base of the change (a run compared with one): its line and baseline in
// the header, a filter for each class (new failures, already failing, fixed, new tests, newly
// flaky, much slower), a mark on each classed row, and what the test did on the base in its
// details. Under --fail-on new, failures the base had too do not turn the verdict FAILED.
(function (T) {
  'use strict';
  var el = T.el, add = T.add;
  var LABEL = { newFailure: 'new failure', stillFailing: 'already failing', fixed: 'fixed', newTest: 'new test', newlyFlaky: 'newly flaky', slower: 'much slower' };
  var FILTERS = [['newFailure', 'New failures'], ['stillFailing', 'Already failing'], ['fixed', 'Fixed'], ['newTest', 'New tests'],
    ['newlyFlaky', 'Newly flaky'], ['slower', 'Much slower']];

  (T.features = T.features || []).push(function comparison(page) {
    var data = page.data.comparison, tests = page.tests, seconds = page.seconds;
    var counts = {};
    tests.forEach(function (t) { if (t.cmp) counts[t.cmp.c] = (counts[t.cmp.c] || 0) + 1; });

    // What the test did against the base, in words.
    function describe(cmp) {
      var was = cmp.b ? cmp.b + ' on ' + data.base : 'not on ' + data.base;
      switch (cmp.c) {
        case 'newFailure': return 'New failure: ' + was + '.';
        case 'stillFailing': return 'Already failing: ' + was + (data.failOn === 'new' ? '; it does not fail the run (--fail-on new).' : '.');
        case 'fixed': return 'Fixed: ' + was + '.';
        case 'newTest': return 'New test: ' + was + '.';
        case 'newlyFlaky': return 'Newly flaky: it passed on a retry, and was not flaky on ' + data.base + '.';
        default: return 'Much slower: ' + seconds(cmp.bd || 0) + ' on ' + data.base + ' (its median there).';
      }
    }
    function header(parent) {
      var box = add(parent, el('div', 'comparison'));
      box.id = 'comparison';
      if (!data.base) {
        add(box, el('p', 'headline', 'No baseline to compare with: ' + data.missing));
        return;
      }
      add(box, el('p', 'headline', 'Against ' + data.base + ': ' + data.headline));
      add(box, el('p', 'hint', 'Baseline: ' + data.desc + (data.failOn === 'new' ? '. Only new failures fail the run.' : '.')));
      if (data.removed && data.removed.length) {
        var removed = add(box, el('details', 'removed'));
        add(removed, el('summary', null, 'Removed: ' + data.removed.length + ' test' + (data.removed.length === 1 ? '' : 's') + ' of ' + data.base + ' not in this run'));
        data.removed.forEach(function (id) { add(removed, el('div', 'mono', id)); });
      }
    }

    return {
      verdict: function (failed) { return failed - (data.excused || 0); },
      header: header,
      filters: function (filter) {
        FILTERS.forEach(function (pair) { if (counts[pair[0]]) filter('cmp-' + pair[0], pair[1], counts[pair[0]]); });
      },
      matches: function (test, index, status) {
        if (status.indexOf('cmp-') !== 0) return undefined;
        return !!test.cmp && test.cmp.c === status.slice(4) && page.searched(index);
      },
      row: function (node, test) {
        if (test.cmp) add(node, el('span', 'htag cmp ' + test.cmp.c, LABEL[test.cmp.c])).title = describe(test.cmp);
      },
      detail: function (test, section) {
        if (test.cmp) add(section('Against ' + data.base), el('p', 'cmp-' + test.cmp.c, describe(test.cmp)));
      }
    };
  });
})(Telltale);
