// What Swift Testing says beyond pass or fail (records with any of it): display names beside
// ids (the search matches them too), tag chips and a tag filter (`#tag=NAME`), bug links,
// warning and known-issue marks, a table of a parameterized test's cases, and its attachments
// (images and text inline, the rest linked).
(function (T) {
  'use strict';
  var el = T.el, add = T.add;

  (T.features = T.features || []).push(function richResults(page) {
    var tests = page.tests, LABEL = page.LABEL, seconds = page.seconds;
    var tagFilter = '', tagCounts = {}, tagSelect = null;
    tests.forEach(function (test) { (test.tg || []).forEach(function (tag) { tagCounts[tag] = (tagCounts[tag] || 0) + 1; }); });

    function filterByTag(tag) {
      if (!tagSelect) return;
      tagSelect.value = tag;
      tagFilter = tag;
      page.refilter();
    }
    function isFailure(outcome) { return outcome === 'failed' || outcome === 'error'; }
    function hasKnownIssue(test) { return !!test.m && test.m.some(function (message) { return message.k === 'knownIssue'; }); }
    function caseTag(cases) {
      var failed = cases.filter(function (item) { return isFailure(item.o); }).length;
      var text = cases.length + (cases.length === 1 ? ' case' : ' cases') + (failed ? ', ' + failed + ' failed' : '');
      return el('span', 'htag cases' + (failed ? ' failed' : ''), text);
    }
    function tagChips(parent, tags) {
      var box = add(parent, el('div', 'chips'));
      tags.forEach(function (tag) {
        var chip = add(box, el('button', 'chip', tag));
        chip.type = 'button';
        chip.title = 'Show only tests tagged ' + tag;
        chip.addEventListener('click', function () { filterByTag(tag); });
      });
    }
    function bugLinks(parent, bugs) {
      var listNode = add(parent, el('ul', 'bugs'));
      bugs.forEach(function (bug) {
        var item = add(listNode, el('li'));
        if (bug.u) {
          var link = add(item, el('a', 'bug-link', bug.l));
          link.href = bug.u;
          link.target = '_blank';
          link.rel = 'noopener noreferrer';
          if (bug.l !== bug.u) add(item, el('span', 'hint mono', ' ' + bug.u));
        } else {
          add(item, el('span', 'bug-label', bug.l));
        }
      });
    }
    function caseTable(parent, cases) {
      parent.firstChild.textContent = 'Cases: ' + caseTag(cases).textContent;
      var table = add(parent, el('table', 'cases'));
      var head = add(add(table, el('thead')), el('tr'));
      ['Outcome', 'Arguments', 'Duration'].forEach(function (title) { add(head, el('th', null, title)); });
      var body = add(table, el('tbody'));
      cases.forEach(function (item) {
        var line = add(body, el('tr', 'case-row ' + item.o));
        add(add(line, el('td')), el('span', 'badge ' + item.o, LABEL[item.o] || item.o));
        add(line, el('td', 'mono', item.n));
        add(line, el('td', 'dur', seconds(item.d)));
      });
    }
    function fileHref(path) { return path.split('/').map(encodeURIComponent).join('/'); }
    function bytes(count) {
      if (count < 1024) return count + ' B';
      if (count < 1048576) return (count / 1024).toFixed(1) + ' KiB';
      return (count / 1048576).toFixed(1) + ' MiB';
    }
    function attachmentText(box, item) {
      var fold = add(box, el('details', 'attachment-text'));
      fold.open = item.txt.length < 4000;
      add(fold, el('summary', null, item.k === 'json' ? 'JSON' : 'Text'));
      var parsed;
      if (item.k === 'json' && !item.cut) { try { parsed = JSON.parse(item.txt); } catch (e) { parsed = undefined; } }
      if (parsed !== undefined && parsed !== null && typeof parsed === 'object') T.objectTree(fold, parsed, 1);
      else add(fold, el('pre', 'output', item.txt));
      if (item.cut) add(fold, el('p', 'hint', 'Cut here: the link above opens the whole file.'));
    }
    function attachmentList(parent, attachments) {
      attachments.forEach(function (item) {
        var box = add(parent, el('figure', 'attachment ' + item.k));
        var caption = add(box, el('figcaption'));
        var link = add(caption, el('a', 'attachment-link mono', item.n));
        link.href = fileHref(item.p);
        link.target = '_blank';
        link.rel = 'noopener';
        add(caption, el('span', 'hint', ' ' + bytes(item.b) + (item.c !== undefined ? ' \u00b7 arguments: ' + item.c : '')));
        if (item.img) {
          var image = add(box, el('img', 'attachment-image'));
          image.alt = item.n;
          image.src = item.img;
        } else if (item.txt !== undefined) {
          attachmentText(box, item);
        }
        if (item.note) add(box, el('p', 'hint', item.note + '; the link opens it.'));
      });
    }

    return {
      // Tags (suite tags included): a filter beside the status buttons.
      filters: function (filter, controls) {
        var tagNames = Object.keys(tagCounts).sort();
        if (!tagNames.length) return;
        tagSelect = add(controls, el('select', 'tag-filter'));
        tagSelect.id = 'tag-filter';
        tagSelect.setAttribute('aria-label', 'Show tests with a tag');
        add(tagSelect, el('option', null, 'All tags')).value = '';
        tagNames.forEach(function (tag) { add(tagSelect, el('option', null, tag + ' (' + tagCounts[tag] + ')')).value = tag; });
        tagSelect.addEventListener('change', function () { tagFilter = tagSelect.value; page.refilter(); });
      },
      matches: function (test) {
        return tagFilter && !(test.tg && test.tg.indexOf(tagFilter) !== -1) ? false : undefined;
      },
      row: function (node, test) {
        if (test.dn) add(node, el('span', 'dn', test.dn)).title = 'Display name';
        if (test.cs) add(node, caseTag(test.cs));
        if (test.w) add(node, el('span', 'htag warn', '\u26a0 ' + test.w)).title = test.w + (test.w === 1 ? ' warning' : ' warnings') + ' (they do not fail the test)';
        if (hasKnownIssue(test)) add(node, el('span', 'htag known', 'known issue'));
        if (test.bg) add(node, el('span', 'htag bug', 'bug')).title = test.bg.map(function (bug) { return bug.l; }).join(', ');
        if (test.at) add(node, el('span', 'htag attached', test.at.length + (test.at.length === 1 ? ' file' : ' files'))).title = 'Attachments';
        (test.tg || []).slice(0, 3).forEach(function (tag) { add(node, el('span', 'chip', tag)); });
      },
      detail: function (test, section) {
        if (test.dn) page.detail.insertBefore(el('p', 'display-name', test.dn), page.detail.children[1]);
        if (test.tg) tagChips(section('Tags'), test.tg);
        if (test.bg) bugLinks(section('Bugs'), test.bg);
        if (test.cs) caseTable(section('Cases'), test.cs);
        if (test.at) attachmentList(section('Attachments (' + test.at.length + ')'), test.at);
      },
      start: function (params) {
        if (params.tag !== undefined && tagCounts[params.tag]) filterByTag(params.tag);
      }
    };
  });
})(Telltale);
