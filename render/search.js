// The static search of a site crules wrote: search.html?q=…&rev=… loads
// {rev}/search-index.js (a script, so that it loads from file:// too) and
// ranks its documents as the server's search index does (package index):
// typography folded one way (’ → ', “ ” → ", dashes → -, non-breaking
// spaces → space), a "quoted phrase" matched exactly, every word kept;
// plain words scored by BM25 as bleve scores them, then raised for a rule
// that holds them together, names them in its heading or opens its
// chapter, and lowered for each word it lacks.
(function () {
  "use strict";
  var fold = {"\u2018": "'", "\u2019": "'", "\u2032": "'", "`": "'", "\u201c": '"', "\u201d": '"', "\u2033": '"',
    "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2012": "-", "\u2212": "-",
    "\u00a0": " ", "\u2007": " ", "\u2009": " ", "\u202f": " "};
  var LIMIT = 20, K1 = 1.2, B = 0.75;

  function typography(s) {
    return s.replace(/[\u2018\u2019\u2032`\u201c\u201d\u2033\u2013\u2014\u2015\u2012\u2212\u00a0\u2007\u2009\u202f]/g,
      function (c) { return fold[c]; });
  }
  function esc(s) {
    return s.replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]; });
  }

  // words splits text as the index's tokenizer does: mana symbols,
  // "+1/+1" and rule numbers whole, the rest at word boundaries (Unicode
  // UAX #29); in lower case, as the words field holds them.
  var exceptions = /\{[^{}\s]{1,4}\}(?:\{[^{}\s]{1,4}\})*|[+-][0-9X*]+\/[+-][0-9X*]+|\b[1-9][0-9]{2}\.[0-9]+[a-z]?\b/g;
  var segmenter = window.Intl && Intl.Segmenter ? new Intl.Segmenter("en", {granularity: "word"}) : null;
  function words(text) {
    var out = [], last = 0, m;
    function gap(s) {
      if (segmenter) {
        for (var it = segmenter.segment(s)[Symbol.iterator](), r = it.next(); !r.done; r = it.next()) {
          if (r.value.isWordLike) { out.push(r.value.segment.toLowerCase()); }
        }
        return;
      }
      (s.match(/[\p{L}\p{N}]+(?:['.][\p{L}\p{N}]+)*/gu) || []).forEach(function (w) { out.push(w.toLowerCase()); });
    }
    exceptions.lastIndex = 0;
    while ((m = exceptions.exec(text)) !== null) {
      gap(text.slice(last, m.index));
      out.push(m[0].toLowerCase());
      last = m.index + m[0].length;
    }
    gap(text.slice(last));
    return out;
  }

  // parse splits a query into "phrases" and words, as the server does; a
  // field:value term counts as its value's words here.
  function parse(q) {
    q = typography(q);
    if ((q.match(/"/g) || []).length % 2) { throw new Error("unbalanced quotes in " + q); }
    var terms = [], re = /"([^"]*)"|([^\s"]+)/g, m;
    while ((m = re.exec(q)) !== null) {
      if (m[1] !== undefined) {
        if (m[1].trim()) { terms.push({text: m[1].trim(), phrase: true}); }
      } else {
        var f = /^(id|rev|era|kind|title|text|keyword):(.*)$/i.exec(m[2]);
        var t = f ? f[2] : m[2];
        if (t) { terms.push({text: t, phrase: false}); }
      }
    }
    if (!terms.length) { throw new Error("empty query"); }
    return terms;
  }

  function search(x, q) {
    var n = x.docs.length, termNo = {};
    x.terms.forEach(function (t, i) { termNo[t] = i; });
    function decode(s) {
      return s === "" ? [] : s.split(" ").map(function (v) { return v === "." ? -1 : parseInt(v, 36); });
    }
    var titles = x.titles.map(function (t) { return decode(t[1]); });
    // A body given by a number is what the vocabulary makes of its words,
    // after its title's terms (1) or alone (0).
    var stem = x.terms.map(function (t) { return t in x.vocab ? x.vocab[t] : -1; });
    var docs = x.docs.map(function (d, i) {
      var words = decode(d[9]), body = d[8];
      if (typeof body === "number") {
        var derived = words.map(function (t) { return stem[t]; });
        body = body === 1 ? titles[d[2]].concat(derived) : derived;
      } else {
        body = decode(body);
      }
      return {i: i, kind: d[0], id: d[1], title: x.titles[d[2]][0], titleNo: d[2], lead: d[3], bare: d[4],
        href: d[5], order: d[6], text: d[7], body: body, words: words, heading: decode(d[10])};
    });
    var titleTerms = titles.map(function (t) { return t.filter(function (v) { return v >= 0; }); });
    // BM25 as bleve computes it: the field's average length rounded up,
    // a document's length as its float32 norm keeps it, tf its root.
    var fields = {body: {}, words: {}, heading: {}, id: {}};
    Object.keys(fields).forEach(function (f) {
      var total = 0, post = {};
      docs.forEach(function (d) {
        var terms = f === "id" ? [d.id] : d[f], len = 0, tf = {};
        terms.forEach(function (t) { if (t !== -1) { len++; tf[t] = (tf[t] || 0) + 1; } });
        if (!len) { return; }
        total += len;
        var norm = Math.fround(1 / Math.sqrt(len));
        d[f + "Len"] = 1 / (norm * norm);
        Object.keys(tf).forEach(function (t) { (post[t] = post[t] || []).push([d, tf[t]]); });
      });
      fields[f] = {post: post, avg: Math.ceil((f === "id" ? n : total) / n)};
    });
    // A term's score in the documents that hold it: boost × idf² ×
    // saturation (bleve's query weight brings the second idf; its query
    // norm, the same for every document, is left out).
    function termScores(f, t, boost) {
      var p = fields[f].post[t] || [], idf = Math.log(1 + (n - p.length + 0.5) / (p.length + 0.5)), out = new Map();
      p.forEach(function (e) {
        var tf = Math.sqrt(e[1]), d = e[0];
        out.set(d, boost * idf * idf * (tf * K1) / (tf + K1 * (1 - B + B * d[f + "Len"] / fields[f].avg)));
      });
      return out;
    }
    function disjunction(children) {
      var out = new Map(), count = new Map();
      children.forEach(function (c) {
        c.forEach(function (s, d) { out.set(d, (out.get(d) || 0) + s); count.set(d, (count.get(d) || 0) + 1); });
      });
      out.forEach(function (s, d) { out.set(d, s * count.get(d) / children.length); });
      return out;
    }
    function conjunction(children) {
      var out = new Map();
      children[0].forEach(function (s, d) {
        var sum = s;
        for (var k = 1; k < children.length; k++) {
          if (!children[k].has(d)) { return; }
          sum += children[k].get(d);
        }
        out.set(d, sum);
      });
      return out;
    }
    // analyze gives the terms of text at their positions, as a field
    // holds them: body and heading stemmed, stop words dropped (-1); words
    // as printed. A word this revision never prints has no stem here: it
    // stands for itself.
    function analyze(f, text) {
      return words(text).map(function (w) {
        if (f === "words") { return w in termNo ? termNo[w] : "?" + w; }
        var v = x.vocab[w];
        if (v === undefined && /'s$/.test(w)) { v = x.vocab[w.slice(0, -2)]; }
        return v === undefined ? "?" + w : v;
      });
    }
    function match(f, text, boost) {
      return disjunction(analyze(f, text).filter(function (t) { return t !== -1; }).map(function (t) { return termScores(f, t, boost); }));
    }
    function holds(terms, at, phrase) {
      for (var k = 0; k < phrase.length; k++) {
        if (phrase[k] !== -1 && terms[at + k] !== phrase[k]) { return false; }
      }
      return true;
    }
    function phraseIn(f, text, boost) {
      var phrase = analyze(f, text);
      while (phrase.length && phrase[0] === -1) { phrase.shift(); }
      while (phrase.length && phrase[phrase.length - 1] === -1) { phrase.pop(); }
      var slots = phrase.filter(function (t) { return t !== -1; });
      if (!slots.length) { return new Map(); }
      var all = conjunction(slots.map(function (t) { return termScores(f, t, boost); })), out = new Map();
      all.forEach(function (s, d) {
        for (var at = 0; at + phrase.length <= d[f].length; at++) {
          if (holds(d[f], at, phrase)) { out.set(d, s); return; }
        }
      });
      return out;
    }

    var terms = parse(q), plain = [], unquoted = [], must = [];
    terms.forEach(function (t) {
      plain.push(t.text);
      if (t.phrase) {
        must.push(phraseIn("words", t.text, 2));
      } else {
        unquoted.push(t.text);
      }
    });
    var query = analyze("body", plain.join(" ")).filter(function (t) { return t !== -1; });
    var together = [], glued = false;
    if (unquoted.length) {
      var ws = unquoted.join(" "), kept = analyze("body", ws), stop = 0;
      if (kept.length > 1) {
        together = analyze("words", ws);
        kept.forEach(function (t) { if (t === -1) { stop++; } });
        glued = stop > 0 && kept.length - stop < 2;
      }
      // rankWords: any word in the body (a common one only beside a rare
      // one), in a heading, the words as a phrase, the other era's wording,
      // a rule number.
      var bodyTerms = kept.filter(function (t) { return t !== -1; }), rare = [], common = [];
      bodyTerms.forEach(function (t) {
        ((fields.body.post[t] || []).length * x.ranking.common > n ? common : rare).push(termScores("body", t, 1));
      });
      var qs = [];
      if (!rare.length || !common.length) {
        qs.push(match("body", ws, 1));
      } else {
        var r = disjunction(rare), c = disjunction(common), b = new Map();
        r.forEach(function (s, d) { b.set(d, s + (c.has(d) ? c.get(d) : 0)); });
        qs.push(b);
      }
      qs.push(match("heading", ws, 1.5));
      if (ws.indexOf(" ") >= 0) {
        qs.push(phraseIn("body", ws, 2));
        if (glued) { qs.push(phraseIn("words", ws, x.ranking.together_boost)); }
      }
      var lw = " " + ws.toLowerCase() + " ";
      var alts = [];
      x.synonyms.forEach(function (p) {
        if (lw.indexOf(p[0]) >= 0 && alts.indexOf(p[1]) < 0) { alts.push(p[1]); }
      });
      alts.forEach(function (a) { qs.push(phraseIn("body", a, 1)); });
      ws.split(/\s+/).forEach(function (w) {
        var id = /^([1-9][0-9]{2})\.([0-9]+)([a-zA-Z]?)\.?$/.exec(w);
        if (id) { qs.push(termScores("id", id[1] + "." + Number(id[2]) + id[3].toLowerCase(), 10)); }
      });
      must.push(disjunction(qs));
    }
    var scored = must.length === 1 ? must[0] : conjunction(must);
    var cs = [];
    scored.forEach(function (s, d) { cs.push({d: d, score: s}); });
    cs.sort(function (a, b) { return b.score - a.score || a.d.order - b.d.order; });
    cs = cs.slice(0, x.ranking.candidates); // whatever LIMIT is, as the server's

    // rerank, as the server's: kind, lead, heading, words together, and
    // the share of the query's words held, cubed.
    var rank = query.filter(function (t, i) { return query.indexOf(t) === i && !(typeof t === "string" && t.indexOf(":") >= 0); });
    cs = cs.filter(function (c) { return c.d.kind !== "chapter"; });
    cs.forEach(function (c, i) {
      var d = c.d, weight = x.ranking[d.kind] || 1;
      c.i = i;
      if (d.lead) { weight *= x.ranking.lead; }
      if (d.title && d.kind !== "glossary" && within(titleTerms[d.titleNo], query)) { weight *= x.ranking.title; }
      var found = rank.filter(function (t) { return d.body.indexOf(t) >= 0; }).length;
      if (together.length > 1 && found === rank.length) {
        var tw = together;
        for (var at = 0; at + tw.length <= d.words.length; at++) {
          if (holds(d.words, at, tw)) { weight *= x.ranking.together; break; }
        }
      }
      var coverage = rank.length ? found / rank.length : 1;
      c.score *= weight * coverage * coverage * coverage;
    });
    cs = foldHeadings(cs);
    cs.sort(function (a, b) { return b.score - a.score || a.i - b.i; });
    // collect: an example counts for its rule, each rule once; a query
    // that is one bare rule number lists that rule first (as the
    // library's Search does).
    var hits = [], seen = {}, num = ruleNumber(q);
    docs.some(function (d) {
      if (num === null || d.id !== num || (d.kind !== "rule" && d.kind !== "subrule")) { return false; }
      seen[d.id] = true;
      hits.push(d);
      return true;
    });
    cs.forEach(function (c) {
      var d = c.d, key = d.kind === "glossary" ? "glossary " + d.title : d.id;
      if (seen[key] || hits.length === LIMIT) { return; }
      seen[key] = true;
      hits.push(d);
    });
    return {hits: hits, words: plain};
  }

  // ruleNumber returns the rule a query of one bare rule or subrule
  // number names ("702.19B." is 702.19b), as parse.ParseRuleID reads it,
  // or null.
  function ruleNumber(q) {
    var m = /^\s*([1-9][0-9]{2})\.([0-9]{1,4})([a-zA-Z]?)\.?\s*$/.exec(q), n = m ? parseInt(m[2], 10) : 0;
    return n ? m[1] + "." + n + m[3].toLowerCase() : null;
  }

  function within(title, query) {
    if (!title.length) { return false; }
    for (var i = 0; i + title.length <= query.length; i++) {
      var ok = true;
      for (var k = 0; k < title.length && ok; k++) { ok = query[i + k] === title[k]; }
      if (ok) { return true; }
    }
    return false;
  }

  // foldHeadings gives a heading rule's score to the best of its subrules
  // among the candidates and drops it; a heading none of whose subrules
  // is there stays.
  function foldHeadings(cs) {
    if (!cs.some(function (c) { return c.d.bare; })) { return cs; }
    var best = {};
    cs.forEach(function (c, i) {
      var parent = c.d.id.replace(/[a-z]+$/, "");
      if (c.d.bare || parent === c.d.id) { return; }
      if (!(parent in best) || cs[best[parent]].score < c.score) { best[parent] = i; }
    });
    var drop = {};
    cs.forEach(function (c, i) {
      if (c.d.bare && c.d.id in best) {
        var j = best[c.d.id];
        cs[j].score = Math.max(cs[j].score, c.score);
        drop[i] = true;
      }
    });
    return cs.filter(function (c, i) { return !drop[i]; });
  }

  // snippet: about 160 characters of a hit's text around the first of the
  // query's words, each of them marked.
  function snippet(text, plain) {
    var ws = [];
    plain.forEach(function (p) { words(p).forEach(function (w) { if (ws.indexOf(w) < 0) { ws.push(w); } }); });
    var lower = typography(text).toLowerCase(), first = -1;
    ws.forEach(function (w) {
      var k = lower.indexOf(w);
      if (k >= 0 && (first < 0 || k < first)) { first = k; }
    });
    var start = first > 53 ? text.lastIndexOf(" ", first - 53) + 1 : 0, end = Math.min(text.length, start + 160);
    if (end < text.length) { end = Math.max(text.lastIndexOf(" ", end), first + 1); }
    var s = text.slice(start, end), html = esc(s);
    if (ws.length) {
      // Matched in the folded text, marked in the published one: folding
      // changes no length.
      var re = new RegExp("(^|[^\\w'])(" + ws.map(function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|") + ")(?![\\w'])", "gi");
      var folded = typography(s), at = 0, m;
      html = "";
      while ((m = re.exec(folded)) !== null) {
        var from = m.index + m[1].length, to = from + m[2].length;
        html += esc(s.slice(at, from)) + "<mark>" + esc(s.slice(from, to)) + "</mark>";
        at = to;
        if (re.lastIndex === m.index) { re.lastIndex++; }
      }
      html += esc(s.slice(at));
    }
    return (start > 0 ? "…" : "") + html + (end < text.length ? "…" : "");
  }

  var params = new URLSearchParams(location.search);
  var q = params.get("q") || "";
  var form = document.querySelector("form.search");
  var box = form && form.querySelector("input[name=q]");
  var select = form && form.querySelector("select[name=rev]");
  var out = document.getElementById("hits");
  var rev = params.get("rev");
  if (box) { box.value = q; }
  if (select) {
    var held = Array.prototype.map.call(select.options, function (o) { return o.value; });
    if (rev && held.indexOf(rev) < 0) {
      // A revision the site doesn't hold: say so and list none, as the
      // server answers 400, rather than search another revision.
      if (out && q.trim()) {
        out.innerHTML = '<p class="notice" role="alert">This site holds no revision ' + esc(rev) +
          "; it holds " + esc(held.join(", ")) + ".</p>";
      }
      return;
    }
    if (rev) { select.value = rev; }
    rev = select.value;
  }
  if (!out || !q.trim() || !rev) { return; }
  out.innerHTML = "<p>Searching " + esc(rev) + "…</p>";
  window.crulesSearchIndex = function (x) {
    var res;
    try {
      res = search(x, q);
    } catch (e) {
      out.innerHTML = '<p class="notice" role="alert">' + esc(e.message) + "</p>";
      return;
    }
    if (!res.hits.length) {
      out.innerHTML = '<p class="notice" role="alert">Nothing matches in ' + esc(x.rev) + ".</p>";
      return;
    }
    var html = '<ol class="hits">';
    res.hits.forEach(function (d) {
      var label = d.kind === "glossary" ? d.title : d.id, title = d.kind === "glossary" ? "" : " " + esc(d.title);
      html += '\n<li><a class="id" href="' + esc(d.href) + '">' + esc(label) + "</a>" + title + ' <span class="note">(' +
        esc(x.rev) + ")</span><br>" + snippet(d.text, res.words) + "</li>";
    });
    out.innerHTML = html + "\n</ol>";
  };
  var script = document.createElement("script");
  script.src = encodeURI(rev) + "/search-index.js";
  script.onerror = function () {
    out.innerHTML = '<p class="notice" role="alert">This site holds no search index of ' + esc(rev) + ".</p>";
  };
  document.body.appendChild(script);
})();
