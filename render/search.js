// The static search of a site crules wrote: search.html?q=… looks the
// words up in search-index.js (loaded before this script, so it works from
// file:// too), with the server's rules: typography folded one way
// (’ → ', “ ” → ", dashes → -, non-breaking spaces → space), a "quoted
// phrase" kept whole, every word of a query required, entries holding the
// words together first.
(function () {
  "use strict";
  var fold = {"\u2018": "'", "\u2019": "'", "\u2032": "'", "`": "'", "\u201c": '"', "\u201d": '"', "\u2033": '"',
    "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2012": "-", "\u2212": "-",
    "\u00a0": " ", "\u2007": " ", "\u2009": " ", "\u202f": " "};
  function norm(s) {
    return s.replace(/[\u2018\u2019\u2032`\u201c\u201d\u2033\u2013\u2014\u2015\u2012\u2212\u00a0\u2007\u2009\u202f]/g,
      function (c) { return fold[c]; }).toLowerCase();
  }
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function esc(s) {
    return s.replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]; });
  }
  var params = new URLSearchParams(location.search);
  var q = params.get("q") || "";
  var box = document.querySelector("form.search input[name=q]");
  if (box) { box.value = q; }
  var out = document.getElementById("hits");
  var idx = window.CRULES_INDEX;
  if (!out || !idx || !q.trim()) { return; }
  var nq = norm(q), terms = [], m, re = /"([^"]*)"|(\S+)/g;
  while ((m = re.exec(nq)) !== null) {
    var t = (m[1] !== undefined ? m[1] : m[2]).trim();
    if (t) { terms.push(new RegExp("(^|[^\\w'-])" + escapeRe(t) + "(?![\\w'])")); }
  }
  var whole = nq.replace(/"/g, "").trim();
  var hits = [];
  for (var i = 0; i < idx.entries.length; i++) {
    var e = idx.entries[i], text = norm(e[2]);
    var ok = true;
    for (var j = 0; j < terms.length && ok; j++) { ok = terms[j].test(text); }
    if (ok) { hits.push({e: e, together: text.indexOf(whole) >= 0 ? 0 : 1, i: i}); }
  }
  hits.sort(function (a, b) { return a.together - b.together || a.i - b.i; });
  var html = "<p>" + hits.length + (hits.length === 1 ? " hit" : " hits") + " in " + esc(idx.rev) + ".</p><ol class=\"hits\">";
  for (var k = 0; k < hits.length && k < 200; k++) {
    var h = hits[k].e, snip = h[2].length > 200 ? h[2].slice(0, h[2].lastIndexOf(" ", 200)) + "…" : h[2];
    html += "<li><a href=\"" + esc(h[1]) + "\">" + esc(h[0]) + "</a> " + esc(snip) + "</li>";
  }
  out.innerHTML = html + "</ol>";
})();
