// Two small behaviours the templates once wrote inline (onchange=, onsubmit=), which the
// Content-Security-Policy forbids: only script files from the site run. Listening on the
// document covers forms that htmx swaps in later.
//   <select data-autosubmit>  submits its form when its value changes;
//   <form data-confirm="…">   asks first, and submits only when the player agrees.
"use strict";

document.addEventListener("change", (event) => {
  const field = event.target.closest("[data-autosubmit]");
  if (field && field.form) field.form.submit();
});

// Capture: the question comes before any other handler of the form's submit.
document.addEventListener(
  "submit",
  (event) => {
    const form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      event.stopPropagation();
    }
  },
  true,
);

// A tournament's settings: only the chosen game's options show (without scripts, all do,
// each under its game's name, and only the chosen game's are read).
function showGameOptions(select) {
  for (const fieldset of select.form.querySelectorAll("fieldset[data-engine]")) {
    fieldset.hidden = fieldset.dataset.engine !== select.value;
  }
}
document.addEventListener("change", (event) => {
  if (event.target.matches("select[data-engine-choice]")) showGameOptions(event.target);
});
document.addEventListener("DOMContentLoaded", () => {
  for (const select of document.querySelectorAll("select[data-engine-choice]")) showGameOptions(select);
});

// A new game: a level select shows for each bot chosen, no more (without scripts, all show,
// and only the first "bots" of them are read). A count that is not a number hides none.
function showBotLevels(count) {
  const chosen = Number.parseInt(count.value || "0", 10);
  for (const select of count.form.querySelectorAll("select[data-bot-number]")) {
    const field = select.closest(".field") || select;
    field.hidden = Number.isInteger(chosen) && Number(select.dataset.botNumber) > chosen;
  }
}
// Bots are never rated: while every seat but the creator's is a bot, the Rated box is unticked
// and set aside (the server stores such a game unrated anyway); the player's own choice
// comes back with a seat for a person. A page that opens with the box set aside (a form sent
// back with an error: the box was not posted) remembers the default, rated.
function setRatedAside(form, opening) {
  const seats = form.querySelector("input[data-seat-count]");
  const bots = form.querySelector("input[data-bot-count]");
  const rated = form.querySelector("input[data-rated]");
  if (!seats || !bots || !rated) return;
  const players = Number.parseInt(seats.value || "0", 10);
  const chosen = Number.parseInt(bots.value || "0", 10);
  const alone = Number.isInteger(players) && Number.isInteger(chosen) && players > 0 && chosen >= players - 1;
  if (alone && !rated.disabled) {
    rated.dataset.chosen = rated.checked || opening ? "on" : "";
    rated.checked = false;
    rated.disabled = true;
  } else if (!alone && rated.disabled) {
    rated.disabled = false;
    rated.checked = rated.dataset.chosen === "on";
  }
}
document.addEventListener("input", (event) => {
  if (event.target.matches("input[data-bot-count]")) showBotLevels(event.target);
  if (event.target.matches("input[data-bot-count], input[data-seat-count]")) setRatedAside(event.target.form);
});
document.addEventListener("DOMContentLoaded", () => {
  for (const count of document.querySelectorAll("input[data-bot-count]")) {
    showBotLevels(count);
    setRatedAside(count.form, true);
  }
});

// A time control: the deadline per phase shows only while a deadline per phase is chosen (a
// time bank has none). Hidden, the field is still sent, and a bank ignores it.
function showPhaseFields(select) {
  for (const field of select.form.querySelectorAll("[data-phase-only]")) {
    (field.closest(".field") || field).hidden = select.value.startsWith("bank");
  }
}
document.addEventListener("change", (event) => {
  if (event.target.matches("select[data-clock-choice]")) showPhaseFields(event.target);
});
document.addEventListener("DOMContentLoaded", () => {
  for (const select of document.querySelectorAll("select[data-clock-choice]")) showPhaseFields(select);
});

// Sign-up: the browser's time zone, so a new player's deadlines read right from the first mail.
document.addEventListener("DOMContentLoaded", () => {
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    zone = "";
  }
  for (const field of document.querySelectorAll("input[data-browser-time-zone]")) field.value = zone;
});

// A fold that only a phone needs (the history's filter): open from the start on a wide screen.
document.addEventListener("DOMContentLoaded", () => {
  if (!window.matchMedia("(min-width: 700px)").matches) return;
  for (const fold of document.querySelectorAll("details[data-open-wide]")) fold.open = true;
});
