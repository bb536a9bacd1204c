// The analytics verdict (records with `verification`): a figure for tracking-plan coverage and
// one for the tests whose checks failed, a header button and a filter for them, a mark on their
// rows, the run's Analytics view (shown under the key hint until a test is opened, and at
// `#analytics`), and each test's checks beside its messages (report-checks.js draws them).
(function (T) {
  'use strict';
  var el = T.el, add = T.add, plural = T.plural, checks = T.checks;

  (T.features = T.features || []).push(function analytics(page) {
    var data = page.data, tests = page.tests, verification = data.verification;

    function unsent() { return (verification.coverage || []).filter(function (entry) { return entry[1] === 0; }); }
    function openOther(other) {
      var detail = page.blank();
      add(detail, el('h2', null, other.id));
      add(detail, el('p', 'hint', 'This test sent events but is not in the test list (it did not run, or ran in another shard).'));
      checks.block(page.section('Analytics checks'), other.v, page.offset);
    }
    // Tests whose checks failed, as links, 100 at a time.
    function failedTests(view) {
      var entries = verification.failed.map(function (index) { return { index: index, id: tests[index].id, v: tests[index].v }; })
        .concat((verification.others || []).map(function (other) { return { index: -1, id: other.id, v: other.v, other: other }; }));
      if (!entries.length) {
        add(view, el('p', 'vsum', 'Every test passed its analytics checks.'));
        return;
      }
      var block = T.section(view, 'Tests whose analytics checks failed (' + entries.length + ')');
      var list = add(block, el('ul', 'vtests'));
      var shown = 0, more = null;
      function nextPage() {
        var end = Math.min(entries.length, shown + 100);
        for (var i = shown; i < end; i++) {
          var entry = entries[i];
          var item = add(list, el('li'));
          var link = add(item, el('button', 'link mono', entry.id));
          link.type = 'button';
          link.addEventListener('click', entry.other ? openOther.bind(null, entry.other) : page.reveal.bind(null, entry.index));
          add(item, el('span', 'vnote', checks.summary(entry.v) + (entry.other ? ' \u00b7 not in the test list' : '')));
        }
        shown = end;
        if (more) more.remove();
        more = null;
        if (shown < entries.length) {
          more = add(block, el('button', 'more', 'Show ' + Math.min(100, entries.length - shown) + ' more (' + (entries.length - shown) + ' left)'));
          more.type = 'button';
          more.addEventListener('click', nextPage);
        }
      }
      nextPage();
    }
    function showAnalytics(parent) {
      var view = add(parent, el('div', 'analytics'));
      view.id = 'analytics';
      var heading = add(view, el('h2', null, 'Analytics'));
      heading.appendChild(document.createTextNode(' '));
      add(heading, el('span', 'verdict ' + (verification.ok ? 'passed' : 'failed'), verification.ok ? 'PASSED' : 'FAILED'));
      var factsRow = add(view, el('div', 'facts'));
      add(factsRow, el('span', null, plural(verification.events, 'event') + ' captured'));
      if (verification.unattributedEvents > 0 && data.unattributed[1] > 0) {
        var orphans = add(factsRow, el('button', 'link', verification.unattributedEvents + ' attributed to no test'));
        orphans.type = 'button';
        orphans.addEventListener('click', page.openUnattributed);
      } else {
        add(factsRow, el('span', null, verification.unattributedEvents + ' attributed to no test'));
      }
      add(factsRow, el('span', null, plural(verification.checked, 'test') + ' checked'));
      failedTests(view);

      if (verification.coverage) {
        var planned = verification.coverage.length, missing = unsent().length;
        var coverageBlock = T.section(view, 'Tracking-plan coverage: ' + (planned - missing) + ' of ' + planned + ' planned events sent');
        if (missing) add(coverageBlock, el('p', 'vnote', plural(missing, 'planned event') + ' never sent, marked'));
        var grid = add(coverageBlock, el('ul', 'coverage'));
        verification.coverage.forEach(function (entry) {
          var item = add(grid, el('li', entry[1] === 0 ? 'unsent' : null));
          add(item, el('span', 'name mono', entry[0]));
          add(item, el('span', 'count', entry[1] === 0 ? 'never sent' : entry[1]));
        });
      }
      if (verification.unattributed.length) {
        var outside = T.section(view, 'Tracking-plan violations by events outside any test (' + verification.unattributed.length + ')');
        checks.violationTable(outside, verification.unattributed);
      }
      if (verification.unused.length) {
        var unusedBlock = T.section(view, 'Expectations that selected no test (' + verification.unused.length + ')');
        add(unusedBlock, el('p', 'vnote', 'A typo in the selector, or its tests did not run.'));
        var unusedList = add(unusedBlock, el('ul', 'vunused mono'));
        verification.unused.forEach(function (selector) { add(unusedList, el('li', null, selector)); });
      }
    }
    function openAnalytics() {
      showAnalytics(page.blank());
      try { history.replaceState(null, '', '#analytics'); } catch (e) { /* some file:// contexts refuse */ }
    }

    var checksFailed = verification.failed.length + (verification.others ? verification.others.length : 0);
    return {
      // Tracking-plan violations of events sent outside any test fail the run, as a failed test does.
      verdict: function (failed) { return failed + verification.unattributed.length; },
      stats: function (stat) {
        if (verification.coverage) {
          var planned = verification.coverage.length, sent = planned - unsent().length;
          stat('coverage', 'plan coverage', planned ? (Math.floor(sent / planned * 1000) / 10).toFixed(1) + '%' : '100.0%', false)
            .title = sent + ' of ' + planned + ' events in the tracking plan were sent';
        }
        stat('analytics', 'analytics failed', checksFailed, checksFailed === 0).title = 'Tests whose analytics checks failed, of ' + verification.checked + ' checked';
      },
      header: function (header) {
        var parts = [];
        if (checksFailed) parts.push(plural(checksFailed, 'test') + ' failed checks');
        if (verification.unattributed.length) parts.push(plural(verification.unattributed.length, 'violation') + ' outside tests');
        if (verification.unused.length) parts.push(plural(verification.unused.length, 'unused selector'));
        var button = add(header, el('button', 'analytics-button' + (verification.ok ? '' : ' failed'),
          'Analytics: ' + (parts.length ? parts.join(', ') : 'every check passed')));
        button.type = 'button';
        button.addEventListener('click', openAnalytics);
      },
      filters: function (filter) { filter('analytics', 'Analytics failed', verification.failed.length); },
      matches: function (test, index, status) {
        return status === 'analytics' ? checks.failed(test.v) && page.searched(index) : undefined;
      },
      row: function (node, test) {
        if (checks.failed(test.v)) add(node, el('span', 'vtag', 'analytics')).title = 'Analytics checks failed: ' + checks.summary(test.v);
      },
      detail: function (test, section) {
        if (test.v) checks.block(section('Analytics checks'), test.v, page.offset);
      },
      // Until a test is opened, the details pane shows the Analytics view under the key hint.
      start: function () {
        if (page.opened() !== -1) return;
        if (location.hash === '#analytics') openAnalytics(); else showAnalytics(page.detail);
      }
    };
  });
})(Telltale);
