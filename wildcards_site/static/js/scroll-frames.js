// A frame that scrolls sideways (a crosstable, standings, a bracket on a phone) says so in a
// line above it: two organisers on phones found the last columns of standings cut off with nothing
// showing that the frame scrolls. The
// words come from the page (<body data-scroll-hint>, in the reader's language); a frame that
// fits says nothing, and the line comes and goes as the window turns or htmx swaps a frame in.
"use strict";

function markScrollFrames() {
  const words = document.body.dataset.scrollHint;
  if (!words) return;
  for (const frame of document.querySelectorAll(".scroll-frame")) {
    const hint = frame.previousElementSibling?.classList.contains("scroll-hint") ? frame.previousElementSibling : null;
    const scrolls = frame.scrollWidth > frame.clientWidth + 1;
    if (scrolls && !hint) {
      const line = document.createElement("p");
      line.className = "scroll-hint";
      // The frame is a labelled region a screen reader already moves through: the line is for eyes.
      line.setAttribute("aria-hidden", "true");
      line.textContent = words;
      frame.before(line);
    } else if (!scrolls && hint) {
      hint.remove();
    }
  }
}

document.addEventListener("DOMContentLoaded", markScrollFrames);
window.addEventListener("resize", markScrollFrames);
document.addEventListener("htmx:afterSwap", markScrollFrames);
