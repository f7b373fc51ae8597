/* Moves by pointing (contract: games/presenters/pointing.py). No dependencies, no build step.
   Every legal move is a form.action-form with data-pick, data-target, data-preview.
   The table's elements carry data-pick / data-target keys. Listeners sit on document,
   so they keep working after htmx swaps the table. */
(function () {
  "use strict";
  var picked = null; // key of the picked element
  var chosen = null; // the form of the chosen move

  function forms() { return Array.prototype.slice.call(document.querySelectorAll("form.action-form[data-pick]")); }
  function all(sel) { return Array.prototype.slice.call(document.querySelectorAll(sel)); }
  function root() { return document.getElementById("table") || document.body; }
  function panel() { return document.getElementById("pointing-preview"); }

  function reset() {
    picked = null; chosen = null;
    root().classList.remove("pointing-active");
    all("[data-pick],[data-target]").forEach(function (el) {
      if (el.tagName === "FORM") return;
      el.classList.remove("picked", "legal", "dimmed", "chosen");
      // ARIA states only on what is a button (a pickable card); a plain card carries none.
      if (el.classList.contains("pickable")) el.setAttribute("aria-pressed", "false");
      else el.removeAttribute("aria-pressed");
      // A card the player may not play stays disabled (the page says so: data-refusal).
      if (!el.hasAttribute("data-refusal")) el.removeAttribute("aria-disabled");
    });
    var p = panel();
    if (p) p.hidden = true;
    var r = refusal();
    if (r) r.textContent = "";
  }

  // A card that may not be played now says why when tapped, instead of doing nothing.
  function refusal() { return document.getElementById("pointing-refusal"); }
  function refuse(el) {
    reset();
    var r = refusal();
    if (r) r.textContent = el.dataset.refusal;
  }

  function markPickables() {
    var keys = {};
    forms().forEach(function (f) { routes(f).forEach(function (r) { keys[r[0]] = true; }); });
    all("[data-pick]").forEach(function (el) {
      if (el.tagName === "FORM") return;
      if (keys[el.dataset.pick]) {
        el.classList.add("pickable");
        if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
        if (!el.hasAttribute("role")) el.setAttribute("role", "button");
        el.setAttribute("aria-pressed", "false");
      }
    });
  }

  // Each form is one move; its routes are the (pick, target) pairs that point at it.
  function routes(f) {
    var list = [[f.dataset.pick, f.dataset.target || ""]];
    if (f.dataset.also) {
      try { list = list.concat(JSON.parse(f.dataset.also)); } catch (err) { /* keep the first */ }
    }
    return list;
  }
  // The moves of a pick, each with where it goes from that pick ("" when nowhere).
  function movesFor(pick) {
    var found = [];
    forms().forEach(function (f) {
      routes(f).forEach(function (r) { if (r[0] === pick) found.push({ form: f, target: r[1] || "" }); });
    });
    return found;
  }

  function showPreview(form) {
    chosen = form;
    var p = panel();
    if (!p) { form.requestSubmit ? form.requestSubmit() : form.submit(); return; }
    p.querySelector("[data-preview-text]").textContent = form.dataset.preview || form.querySelector("button").textContent;
    p.hidden = false;
    var ok = p.querySelector("[data-preview-confirm]");
    if (ok) ok.focus();
  }

  function pick(key) {
    reset();
    var moves = movesFor(key);
    if (!moves.length) return;
    picked = key;
    root().classList.add("pointing-active");
    var targets = {};
    moves.forEach(function (m) { if (m.target) targets[m.target] = m.form; });
    all("[data-pick]").forEach(function (el) {
      if (el.tagName === "FORM") return;
      var on = el.dataset.pick === key;
      el.classList.toggle("picked", on);
      if (el.classList.contains("pickable")) el.setAttribute("aria-pressed", on ? "true" : "false");
    });
    all("[data-target]").forEach(function (el) {
      if (el.tagName === "FORM") return;
      var legal = Object.prototype.hasOwnProperty.call(targets, el.dataset.target);
      // A card that is also a pick (the Eagle's second card) stays lit and enabled: it can be picked.
      var pickable = el.classList.contains("pickable");
      el.classList.toggle("legal", legal);
      el.classList.toggle("dimmed", !legal && !pickable);
      if (legal) {
        el.removeAttribute("aria-disabled");
        if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
        if (!el.hasAttribute("role")) el.setAttribute("role", "button");
      } else if (el.getAttribute("role") === "button" && !pickable) el.setAttribute("aria-disabled", "true");
    });
    // A one-click move: no target, straight to the preview.
    var direct = moves.filter(function (m) { return !m.target; });
    if (direct.length === 1 && Object.keys(targets).length === 0) showPreview(direct[0].form);
  }

  function target(key) {
    if (picked === null) return false;
    var move = movesFor(picked).filter(function (m) { return m.target === key; })[0];
    if (!move) return false;
    // The target pointed at stays marked while its preview asks for Confirm.
    all("[data-target]").forEach(function (el) {
      if (el.tagName !== "FORM") el.classList.toggle("chosen", el.dataset.target === key);
    });
    showPreview(move.form);
    return true;
  }

  function activate(el) {
    if (el.closest("#pointing-preview")) return false;
    var refused = el.closest("[data-refusal]:not(form)");
    if (refused) { refuse(refused); return true; }
    var t = el.closest("[data-target]:not(form)");
    if (t && target(t.dataset.target)) return true;
    var p = el.closest("[data-pick]:not(form)");
    if (p) { pick(p.dataset.pick); return true; }
    return false;
  }

  document.addEventListener("click", function (e) {
    var p = panel();
    // Only the preview's own buttons: a form's data-confirm (Resign) is forms.js's question.
    var inPreview = p && p.contains(e.target);
    if (inPreview && e.target.closest("[data-preview-confirm]")) {
      e.preventDefault();
      var form = chosen; reset();
      if (form) { if (form.requestSubmit) form.requestSubmit(); else form.submit(); }
      return;
    }
    if (inPreview && e.target.closest("[data-preview-cancel]")) { e.preventDefault(); reset(); return; }
    if (activate(e.target)) { e.preventDefault(); return; }
    var r = refusal(); // a tap anywhere else puts the reason away
    if (r && !r.contains(e.target)) r.textContent = "";
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { reset(); return; }
    if ((e.key === "Enter" || e.key === " ") && e.target.matches && e.target.matches("[data-pick]:not(form),[data-target]:not(form)")) {
      if (activate(e.target)) e.preventDefault();
    }
  });
  document.addEventListener("DOMContentLoaded", markPickables);
  document.addEventListener("htmx:afterSwap", function () { picked = null; chosen = null; markPickables(); });
  // The table's own refresh would reset a move half pointed at (others may still act in a sealed
  // phase): it is held back, or its answer not swapped in, while a pick is under a minute old.
  // A pick left alone longer gives way, so a table left open still catches up.
  var HOLD_MS = 60000;
  var heldSince = null;
  function holding(elt) {
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-refresh")) return false;
    if (picked === null && chosen === null) { heldSince = null; return false; }
    if (heldSince === null) heldSince = Date.now();
    return Date.now() - heldSince < HOLD_MS;
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (holding(e.detail.elt)) e.preventDefault();
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    // A refresh already on its way when the pick was made.
    if (holding(e.detail.requestConfig && e.detail.requestConfig.elt)) e.detail.shouldSwap = false;
  });

  // A folded section the reader opened or closed (one with an id: the open discard pile, how a
  // bird scores, the move list, a year bird by bird) stays so when the table is swapped in again,
  // which happens every minute at least.
  var folds = null;
  document.addEventListener("htmx:beforeSwap", function () {
    folds = {};
    document.querySelectorAll("#table details[id]").forEach(function (d) { folds[d.id] = d.open; });
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!folds) return;
    Object.keys(folds).forEach(function (id) {
      var d = document.getElementById(id);
      if (d && d.tagName === "DETAILS") d.open = folds[id];
    });
    folds = null;
  });

  // A field kept across a swap (hx-preserve: the table talk, the invitation) is moved out and
  // back where the browser lacks Element.moveBefore, and loses focus and caret: give them back,
  // so that someone typing goes on typing when the table refreshes.
  var typing = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var el = document.activeElement;
    typing = el && el.id && el.hasAttribute("hx-preserve")
      ? { id: el.id, start: el.selectionStart, end: el.selectionEnd } : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!typing) return;
    var el = document.getElementById(typing.id);
    if (el && document.activeElement !== el) {
      el.focus();
      if (typing.start !== null && el.setSelectionRange) el.setSelectionRange(typing.start, typing.end);
    }
    typing = null;
  });
})();
