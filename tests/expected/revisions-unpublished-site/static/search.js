/* Full-text search on search/index.html, with the Pagefind indexes of the page's own
   language: each site language has its own, beside its pages (pagefind/, fr/pagefind/,
   zh-hant/pagefind/), holding only that language's claim pages, split into shards by
   claim (pagefind/0/, pagefind/1/, ...: an edit makes one shard again, not the whole).
   The page names the folder (data-bundle, relative to the page) and the shards that
   hold a claim (data-shards); the first is loaded, the others merged into it
   (Pagefind's mergeIndex), and one query searches them all.  The form is a plain
   GET form: this script reads ?q=, ?status=, ?kind=, ?topic= and ?claimant= from the
   address, asks Pagefind, and lists the claims found, ten at a time.
   Pagefind loads only the index chunks the query's words fall in, and the text of the
   results shown.  Without JavaScript (or without a server) the page keeps its
   explanation and its links to the listings.  Every interface string comes from the
   page (data-* attributes written through gettext), never from this file. */
const app = document.getElementById("search-app");
const form = document.querySelector("form.search-form");
const PAGE = 10;

// The site's root, from this file's own address (static/search.js): the site may be
// published under a sub-folder, while Pagefind's result URLs start at "/" (every
// language's index is made over the whole site, so they hold the language's prefix:
// /fr/claims/x/).
const root = new URL("../", import.meta.url);

function text(name) {
  return app.getAttribute("data-" + name) || "";
}

// Pagefind's excerpts are HTML whose only tags are <mark>; anything else is shown as text.
function excerpt(html) {
  const p = document.createElement("p");
  p.className = "search-excerpt";
  html.split(/(<mark>|<\/mark>)/).reduce(function (marked, part) {
    if (part === "<mark>") {
      return true;
    }
    if (part === "</mark>") {
      return false;
    }
    const words = new DOMParser().parseFromString(part, "text/html").body.textContent;
    if (marked) {
      const mark = document.createElement("mark");
      mark.textContent = words;
      p.appendChild(mark);
    } else {
      p.appendChild(document.createTextNode(words));
    }
    return marked;
  }, false);
  return p;
}

function item(data) {
  const li = document.createElement("li");
  li.className = "search-result";
  const status = (data.filters.status || [""])[0];
  if (status) {
    const badge = document.createElement("span");
    badge.className = "badge badge-" + status;
    badge.textContent = data.meta.status || status;
    li.appendChild(badge);
    li.appendChild(document.createTextNode(" "));
  }
  const link = document.createElement("a");
  link.className = "statement";
  link.href = new URL("." + data.url, root).href;
  link.textContent = data.meta.title || data.url;
  li.appendChild(link);
  if (data.meta.kind) {
    const kind = document.createElement("span");
    kind.className = "item-meta";
    kind.textContent = " " + data.meta.kind;
    li.appendChild(kind);
  }
  li.appendChild(excerpt(data.excerpt || ""));
  return li;
}

async function run() {
  const params = new URLSearchParams(window.location.search);
  const query = (params.get("q") || "").trim();
  const filters = {};
  for (const name of ["status", "kind", "topic", "claimant"]) {
    const value = params.get(name);
    if (value) {
      filters[name] = value;
    }
  }
  if (form) {
    form.elements.q.value = query;
    for (const name of ["status", "kind"]) {
      if (filters[name] && form.elements[name]) {
        form.elements[name].value = filters[name];
      }
    }
  }
  if (!query) {
    return;
  }
  const summary = document.getElementById("search-summary");
  const list = document.getElementById("search-results");
  const more = document.getElementById("search-more");
  app.hidden = false;
  summary.textContent = text("loading");
  let pagefind;
  try {
    const bundle = new URL(app.getAttribute("data-bundle") || "../pagefind/", document.baseURI);
    const shards = (app.getAttribute("data-shards") || "0").split(" ").map(function (n) {
      return new URL(n + "/", bundle);
    });
    pagefind = await import(new URL("pagefind.js", shards[0]).href);
    // baseUrl "/": result URLs as the index holds them, the path from the site root
    // (Pagefind would otherwise put the index's own folder, /fr/, before them again).
    const options = { baseUrl: "/", excerptLength: 24 };
    // In the page itself: a web worker costs one more script (41 KB) and a query is small work.
    await pagefind.options(Object.assign({ noWorker: true }, options));
    await Promise.all(shards.slice(1).map(function (shard) {
      return pagefind.mergeIndex(shard.pathname, options);
    }));
  } catch (error) {
    summary.textContent = text("failed");
    return;
  }
  // Pagefind (1.5.2) loads the index chunk a word falls in, not the chunks its longer
  // forms run on into: `8` found the pages saying `8x` only where `8x` sat in the same
  // chunk, so how many it found hung on how the claims fell into shards (2,828 pages in
  // one index, 2,774 in two).  A word just past all of its longer forms (the highest code
  // point after it) loads the chunk where they end as well.
  const past = query.split(/\s+/).filter(Boolean).map(function (word) {
    return word + "\u{10FFFF}";
  });
  // Both at once: the chunks of the two come in one round of requests, not two.
  await Promise.all([
    pagefind.preload(past.join(" "), { filters: filters }),
    pagefind.preload(query, { filters: filters }),
  ]);
  const found = await pagefind.search(query, { filters: filters });
  const results = found ? found.results : [];
  const count = results.length;
  summary.textContent =
    count === 0 ? text("none") : count === 1 ? text("one") : text("many").replace("{n}", count);
  let shown = 0;
  async function showMore() {
    const next = results.slice(shown, shown + PAGE);
    shown += next.length;
    const datas = await Promise.all(next.map(function (r) { return r.data(); }));
    for (const data of datas) {
      list.appendChild(item(data));
    }
    more.hidden = shown >= count;
  }
  more.addEventListener("click", showMore);
  await showMore();
  document.documentElement.setAttribute("data-search-done", String(count));
}

if (app) {
  run();
}
