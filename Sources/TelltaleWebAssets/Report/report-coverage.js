// Code coverage (records with `coverage`): the Coverage section in the header (figures, the
// thresholds missed, which fail the run as a failed test does, a line-coverage bar per recent
// run, the targets sortable, the changed files with the lines not run) and, in the details pane,
// every file sortable (`#coverage`) and a file's source with each line marked (`#coverage=PATH`).
(function (T) {
  'use strict';
  var el = T.el, add = T.add;

  (T.features = T.features || []).push(function codeCoverage(page) {
    var coverage = page.data.coverage;

    // Percentages come formatted in the data (`CoverageCount.percentText`: as lcov rounds them).
    function pct(pair) { return pair[2]; }
    function rate(c, t) { return t === 0 ? 2 : c / t; }
    function figure(pair) { return pct(pair) + ' (' + pair[0] + '/' + pair[1] + ')'; }
    function meter(parent, c, t) {
      var bar = add(parent, el('span', 'meter'));
      add(bar, el('span')).style.width = (t === 0 ? 100 : Math.round(c / t * 100)) + '%';
    }
    function rangesText(ranges) { return ranges.map(function (r) { return r[0] === r[1] ? String(r[0]) : r[0] + '\u2013' + r[1]; }).join(', '); }
    function coverageSection(parent) {
      var box = add(parent, el('details', 'coverage'));
      box.id = 'coverage';
      box.open = true;
      var head = 'Coverage: lines ' + figure(coverage.lines) + ' \u00b7 functions ' + figure(coverage.functions);
      if (coverage.branches) head += ' \u00b7 branches ' + figure(coverage.branches);
      if (coverage.diff) head += coverage.diff.lines[1] === 0 ? ' \u00b7 no executable line changed' : ' \u00b7 changed lines ' + figure(coverage.diff.lines);
      add(box, el('summary', null, head));
      coverage.gate.forEach(function (message) { add(box, el('div', 'gate', '\u2716 ' + message)); });
      if (coverage.diffGate && coverage.diff && coverage.diff.lines[1] === 0) {
        add(box, el('div', 'passes', 'The change has no executable line, so it passes diffMinimum.'));
      }
      var row = add(box, el('div', 'cov-row'));
      if (coverage.trend.length > 1) coverageTrend(add(row, el('div')));
      var targets = add(row, el('div'));
      add(targets, el('h3', null, 'Targets'));
      sortableTable(targets, [
        { title: 'target', value: function (t) { return t[0]; }, text: function (t) { return t[0]; } },
        { title: 'lines', num: true, value: function (t) { return rate(t[1], t[2]); }, cell: function (td, t) { meter(td, t[1], t[2]); td.appendChild(document.createTextNode(figure([t[1], t[2], t[5]]))); } },
        { title: 'functions', num: true, value: function (t) { return rate(t[3], t[4]); }, text: function (t) { return figure([t[3], t[4], t[6]]); } }
      ], coverage.targets, 1, null);
      if (coverage.diff && coverage.diff.files.length) {
        var changed = add(row, el('div'));
        add(changed, el('h3', null, 'Changed since ' + coverage.diff.base));
        var items = add(changed, el('ul', 'changed'));
        coverage.diff.files.forEach(function (file) {
          var item = add(items, el('li', 'mono'));
          fileLink(item, file[0]);
          item.appendChild(document.createTextNode(' ' + file[1] + '/' + file[2] + ' ran'));
          if (file[3].length) add(item, el('span', 'lines', ' \u00b7 not run: ' + rangesText(file[3])));
        });
      }
      var files = add(row, el('div'));
      add(files, el('h3', null, 'Files'));
      var all = add(files, el('button', null, 'All ' + coverage.files.length + ' files, by coverage'));
      all.type = 'button';
      all.id = 'coverage-files';
      all.addEventListener('click', openCoverageFiles);
    }
    function fileIndex(path) {
      for (var i = 0; i < coverage.files.length; i++) if (coverage.files[i][0] === path) return i;
      return -1;
    }
    function fileLink(parent, path) {
      var index = fileIndex(path), source = index >= 0 ? coverage.files[index][6] : -1;
      if (source < 0) { add(parent, el('span', null, path)); return; }
      var link = add(parent, el('a', 'file', path));
      link.tabIndex = 0;
      link.addEventListener('click', function () { openCoverageSource(source); });
    }
    function coverageTrend(parent) {
      var points = coverage.trend, width = 16 * points.length + 8, height = 64;
      add(parent, el('h3', null, 'Line coverage: the last ' + points.length + ' runs'));
      var ns = 'http://www.w3.org/2000/svg', chart = document.createElementNS(ns, 'svg');
      chart.setAttribute('width', width); chart.setAttribute('height', height); chart.setAttribute('role', 'img');
      chart.setAttribute('aria-label', 'Line coverage of recent runs, oldest first');
      points.forEach(function (p, i) {
        var h = Math.max(2, Math.round(rate(p[1], p[2]) * (height - 6)));
        var bar = document.createElementNS(ns, 'rect');
        [['x', 4 + i * 16], ['y', height - h], ['width', 12], ['height', h], ['rx', 2]].forEach(function (a) { bar.setAttribute(a[0], String(a[1])); });
        bar.setAttribute('fill', i === points.length - 1 ? 'var(--accent)' : 'var(--muted)');
        var tip = document.createElementNS(ns, 'title');
        tip.textContent = p[0].replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') + (p[3] ? ' \u00b7 ' + p[3].slice(0, 8) : '') + ' \u00b7 ' + figure([p[1], p[2], p[4]]);
        bar.appendChild(tip);
        chart.appendChild(bar);
      });
      parent.appendChild(chart);
    }
    // A table whose column headings sort it, ascending (again: the other way; coverage
    // ascending puts the least covered first); rows `onOpen.can` open `onOpen.open`.
    function sortableTable(parent, columns, rows, sortBy, onOpen) {
      var table = add(parent, el('table', 'cov'));
      var headRow = add(add(table, el('thead')), el('tr'));
      var body = add(table, el('tbody'));
      var order = { column: sortBy, ascending: true };
      var heads = columns.map(function (column, index) {
        var th = add(headRow, el('th', column.num ? 'num' : null, column.title));
        th.tabIndex = 0;
        th.addEventListener('click', function () {
          order = { column: index, ascending: order.column === index ? !order.ascending : true };
          render();
        });
        return th;
      });
      function render() {
        var column = columns[order.column], sign = order.ascending ? 1 : -1;
        var sorted = rows.slice().sort(function (a, b) {
          var x = column.value(a), y = column.value(b);
          return x < y ? -sign : x > y ? sign : (a[0] < b[0] ? -1 : 1);
        });
        heads.forEach(function (th, index) { th.setAttribute('aria-sort', index === order.column ? (order.ascending ? 'ascending' : 'descending') : 'none'); });
        body.textContent = '';
        sorted.forEach(function (item) {
          var tr = add(body, el('tr', onOpen && onOpen.can(item) ? 'open' : null));
          columns.forEach(function (c) {
            var td = add(tr, el('td', (c.num ? 'num' : '') + (c.path ? ' path mono' : '')));
            if (c.cell) c.cell(td, item); else td.textContent = c.text(item);
          });
          if (onOpen && onOpen.can(item)) tr.addEventListener('click', function () { onOpen.open(item); });
        });
      }
      render();
      return table;
    }
    function openCoverageFiles() {
      var detail = page.blank();
      add(detail, el('h2', null, 'Coverage by file'));
      add(detail, el('p', 'hint', 'Click a heading to sort. Files with their source here (changed files, then the least covered, within the report\u2019s budget) open it.'));
      sortableTable(detail, [
        { title: 'file', path: true, value: function (f) { return f[0]; }, text: function (f) { return f[0]; } },
        { title: 'target', value: function (f) { return f[1]; }, text: function (f) { return f[1]; } },
        { title: 'lines', num: true, value: function (f) { return rate(f[2], f[3]); }, cell: function (td, f) { meter(td, f[2], f[3]); td.appendChild(document.createTextNode(figure([f[2], f[3], f[7]]))); } },
        { title: 'not run', num: true, value: function (f) { return f[3] - f[2]; }, text: function (f) { return String(f[3] - f[2]); } },
        { title: 'functions', num: true, value: function (f) { return rate(f[4], f[5]); }, text: function (f) { return figure([f[4], f[5], f[8]]); } }
      ], coverage.files, 2, { can: function (f) { return f[6] >= 0; }, open: function (f) { openCoverageSource(f[6]); } });
      try { history.replaceState(null, '', '#coverage'); } catch (e) { /* some file:// contexts refuse */ }
    }
    function openCoverageSource(index) {
      var source = coverage.sources[index], file = coverage.files[fileIndex(source.p)];
      var detail = page.blank();
      add(detail, el('h2', null, source.p));
      var factsRow = add(detail, el('div', 'facts'));
      if (file) {
        add(factsRow, el('span', null, 'lines ' + figure([file[2], file[3], file[7]])));
        add(factsRow, el('span', null, 'functions ' + figure([file[4], file[5], file[8]])));
        if (file[1]) add(factsRow, el('span', null, 'target ' + file[1]));
      }
      var back = add(factsRow, el('button', null, 'All files'));
      back.type = 'button';
      back.addEventListener('click', openCoverageFiles);
      var legend = add(detail, el('div', 'legend'));
      [['var(--pass)', 'ran'], ['var(--fail)', 'never ran'], ['var(--accent)', 'changed']].forEach(function (entry) {
        var item = add(legend, el('span'));
        add(item, el('span', 'swatch')).style.background = entry[0];
        item.appendChild(document.createTextNode(entry[1]));
      });
      var changedLine = {};
      source.ch.forEach(function (r) { for (var l = r[0]; l <= r[1]; l++) changedLine[l] = true; });
      var code = add(detail, el('div', 'src mono'));
      source.t.forEach(function (text, i) {
        var count = source.c[i];
        var line = add(code, el('div', 'ln ' + (count < 0 ? 'none' : count > 0 ? 'cov' : 'unc') + (changedLine[i + 1] ? ' chg' : '')));
        line.id = 'L' + (i + 1);
        add(line, el('span', null, i + 1));
        // A count past 2^53 is a counter llvm-cov saw underflow (Swift's `for … where`): it ran.
        add(line, el('span', 'hits', count < 0 ? '' : count > 9007199254740991 ? 'ran' : count > 0 ? count + '\u00d7' : '0'));
        add(line, el('span', null, text));
      });
      try { history.replaceState(null, '', '#coverage=' + encodeURIComponent(source.p)); } catch (e) { /* some file:// contexts refuse */ }
    }

    return {
      verdict: function (failed) { return failed + coverage.gate.length; },
      header: function (header) { coverageSection(header); },
      start: function (params) {
        if (params.coverage !== undefined) {
          var wanted = fileIndex(params.coverage);
          if (wanted >= 0 && coverage.files[wanted][6] >= 0) openCoverageSource(coverage.files[wanted][6]); else openCoverageFiles();
        } else if (location.hash === '#coverage') {
          openCoverageFiles();
        }
      }
    };
  });
})(Telltale);
