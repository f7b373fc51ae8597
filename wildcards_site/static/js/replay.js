// The replay: the arrow keys step back and forward, as the page's own ◀ and ▶ links do (htmx
// swaps the step in without reloading the page). Not while typing or sliding: the slider has
// its own arrows. htmx boosts a swapped-in link only once the swap settles, so a key pressed
// sooner has the link processed first, or it would load the whole page.
"use strict";

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest("input, textarea, select, [contenteditable]")) return;
  const rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
  const link = rel && document.querySelector(`.replay-controls a[rel=${rel}]`);
  if (link) {
    event.preventDefault();
    if (window.htmx) window.htmx.process(link);
    link.click();
  }
});
