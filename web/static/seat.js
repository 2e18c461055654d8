// The phone box: the same picture as the box's OLED and the same keys. Each press names the frame
// the player saw; if the screen has changed since (409), the picture is reloaded and nothing is done.
"use strict";
(function () {
  const X = window.Xidit;
  const screen = document.getElementById("screen");
  const note = document.getElementById("box-note");
  if (!screen) return;
  let frame = null;
  let shown = null;

  // Each reload fetches the picture; an answer older than the frame already known is dropped.
  async function reload() {
    const answer = await fetch("/api/box/screen.png", {cache: "no-store", credentials: "same-origin"});
    if (!answer.ok) return;
    const number = Number(answer.headers.get("X-Frame"));
    const blob = await answer.blob();
    if (frame !== null && number < frame) return;
    frame = number;
    const url = URL.createObjectURL(blob);
    screen.src = url;
    screen.dataset.frame = String(frame);
    if (shown) URL.revokeObjectURL(shown);
    shown = url;
  }

  // Presses are sent one after another, each with the frame shown when it leaves.
  let queue = Promise.resolve();
  function press(key) {
    queue = queue.then(function () { return send(key); }, function () { return send(key); });
    return queue;
  }

  async function send(key) {
    if (frame === null) await reload();
    const answer = await X.post("/api/box/key", {key: key, frame: frame});
    if (answer.status === 409) {
      note.textContent = X.t("The screen changed: look and press again.");
      await reload();
      return;
    }
    note.textContent = "";
    const data = await answer.json().catch(function () { return {}; });
    if (typeof data.frame === "number") frame = Math.max(frame, data.frame);
    await reload();
  }

  document.querySelectorAll("[data-key]").forEach(function (button) {
    button.addEventListener("click", function () { press(button.dataset.key); });
  });

  const KEYS = {ArrowLeft: "LEFT", ArrowRight: "RIGHT", ArrowUp: "UP", ArrowDown: "DOWN", Enter: "OK",
                Backspace: "BACK", Escape: "BACK", k: "BLACK", r: "RED", b: "BLUE", a: "ACTION", w: "WAIT"};
  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    if ((event.key === "Enter" || event.key === " ") && event.target.closest("button, a")) return;  // a click follows
    const key = KEYS[event.key] || KEYS[event.key.toLowerCase()];
    if (!key) return;
    event.preventDefault();
    press(key);
  });

  document.addEventListener("xidit:screen", function (event) {
    if (event.detail.frame !== frame) reload();
  });
  reload();
})();
