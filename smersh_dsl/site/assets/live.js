// Live pages (smersh serve): the server pushes, by server-sent events, what every page is
// made of after each check; a page whose digest moved fetches itself again and swaps its
// <main> in place (no reload, the scroll kept); a page that did not move does nothing.
// A page the server computes when it is opened (data-computed, not among the pushed
// pages) says, once a file changed, that it shows the book as it was.
"use strict";

(function () {
  const body = document.body;
  const status = document.getElementById("live-status");

  let first = null;                             // the version a computed page was played on

  function say(text) { status.hidden = !text; status.textContent = text; }

  async function refresh() {
    const response = await fetch(window.location.pathname + window.location.search,
                                 { headers: { "X-Smersh-Live": "1" } });
    if (response.status === 404) { say("This page is gone from the book after the last save."); return; }
    const html = await response.text();
    const fresh = new DOMParser().parseFromString(html, "text/html");
    const main = fresh.getElementById("main");
    if (!main) { return; }
    const y = window.scrollY;
    document.getElementById("main").replaceWith(main);
    body.dataset.made = fresh.body.dataset.made;
    window.scrollTo(0, y);
    document.dispatchEvent(new CustomEvent("smersh:updated"));
  }

  const events = new EventSource("/events");
  events.addEventListener("update", (event) => {
    const news = JSON.parse(event.data);
    const counts = news.counts;
    document.getElementById("findings-count").textContent =
      counts.error + " errors, " + counts.warning + " warnings";
    body.dataset.version = news.version;
    const made = news.pages[body.dataset.page];
    if (body.dataset.computed === "yes") {     // played when opened (the Entries page)
      if (first === null) { first = news.version; }
      say(news.problem || (news.version !== first
        ? "A file changed after these games were played: open the page again to play the book as it is now."
        : ""));
      return;
    }
    if (made === undefined) {
      if (body.dataset.page !== "play.html") { say("This page is gone from the book after the last save."); }
      return;
    }
    say(news.problem || "");
    if (made !== body.dataset.made) { refresh(); }
  });
  events.addEventListener("error", () => say("Not connected to smersh serve; retrying."));
  events.addEventListener("open", () => say(""));
})();
