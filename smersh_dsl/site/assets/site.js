// The jump box and the search page: both read only what the page itself carries (a
// data attribute, a JSON data element), so they work on the server and from file://.
"use strict";

function smershAnchor(key) {
  // "01.7.4" -> "e-01-7-4", "01.7" -> "enc-01-7", "01" -> "enc-01" (site/names.py)
  const parts = key.split(".");
  return (parts.length === 3 ? "e-" : "enc-") + parts.join("-");
}

function smershRoot() {
  // what links to a page start with: "/" on the server, "" in the static folder (site/pages.py)
  const form = document.getElementById("jump");
  return (form && form.dataset.root) || "";
}

function smershJump(event) {
  event.preventDefault();
  const form = document.getElementById("jump");
  const problem = document.getElementById("jump-problem");
  const key = document.getElementById("jump-key").value.trim();
  const match = /^(\d{1,3})(\.\d+){0,2}$/.exec(key);
  const pages = JSON.parse(form.dataset.keys || "{}");
  if (!match) { problem.textContent = "write a key such as 01.7.4"; return; }
  const number = match[1].padStart(2, "0");
  const page = pages[number];
  if (!page) { problem.textContent = "no encounter " + number; return; }
  problem.textContent = "";
  const normal = [number].concat(key.split(".").slice(1)).join(".");
  window.location.href = smershRoot() + page + "#" + smershAnchor(normal);
}

function smershSearch(query) {
  const index = JSON.parse(document.getElementById("search-index").textContent);
  const list = document.getElementById("search-results");
  const count = document.getElementById("search-count");
  list.replaceChildren();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) { count.textContent = ""; return; }
  let shown = 0, found = 0;
  for (const [key, href, text] of index) {
    const low = text.toLowerCase();
    if (!words.every((w) => low.includes(w))) { continue; }
    found += 1;
    if (shown >= 200) { continue; }
    shown += 1;
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = smershRoot() + href;
    link.textContent = key;
    const at = low.indexOf(words[0]);
    const start = Math.max(0, at - 60);
    const excerpt = document.createElement("span");
    excerpt.textContent = " " + (start > 0 ? "…" : "") + text.slice(start, at + 140);
    item.append(link, excerpt);
    list.append(item);
  }
  count.textContent = found + (found === 1 ? " place" : " places") + (found > shown ? " (the first " + shown + " shown)" : "");
}

document.addEventListener("DOMContentLoaded", () => {
  const jump = document.getElementById("jump");
  if (jump) { jump.addEventListener("submit", smershJump); }
  const search = document.getElementById("search");
  if (search) {
    const box = document.getElementById("search-q");
    search.addEventListener("submit", (event) => { event.preventDefault(); smershSearch(box.value); });
    box.addEventListener("input", () => smershSearch(box.value));
    const given = new URLSearchParams(window.location.search).get("q");
    if (given) { box.value = given; smershSearch(given); }
  }
});

// EP-SHOW-6: the conclusions sit folded at the back of a section; a "go to" one opens them.
function smershOpenTarget() {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id && document.getElementById(id);
  const folded = target && target.closest("details");
  if (folded) { folded.open = true; target.scrollIntoView(); }
}
window.addEventListener("hashchange", smershOpenTarget);
document.addEventListener("DOMContentLoaded", smershOpenTarget);
