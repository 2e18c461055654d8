// The Laboratory's seat page: a decision chosen in a few taps. Each legal move comes with the labels of
// its taps (its action, its gem, its destination: web/words.py move_path); the page shows the distinct
// labels of the next tap among the moves still possible, and sends the move once one is left. Back undoes
// a tap. The table refuses a wrong move in words; the page shows why.
"use strict";
(function () {
  const X = window.Xidit;
  let picked = [];  // the labels tapped so far
  let shown = null; // the decision the taps were made for

  function box() { return document.getElementById("ldecide"); }
  function note(text) { const n = document.getElementById("lnote"); if (n) n.textContent = text; }

  function moves() {
    const b = box();
    return b ? JSON.parse(b.dataset.moves) : [];
  }

  function left() {
    return moves().filter(function (m) { return picked.every(function (label, i) { return m.path[i] === label; }); });
  }

  async function send(action) {
    let result;
    try {
      result = await X.command({command: "decide", seat: action.seat, action: action});
    } catch (error) {
      note(X.t("Reconnecting…"));
      return;
    }
    if (!result.ok) { note(X.refusal(result)); picked = []; draw(); }
  }

  function button(text, onTap, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (cls) b.className = cls;
    b.addEventListener("click", onTap);
    return b;
  }

  function draw() {
    const holder = document.getElementById("lbuttons");
    if (!holder) return;
    const possible = left();
    if (possible.length === 1 && picked.length >= possible[0].path.length) { send(possible[0].action); return; }
    const next = [];
    possible.forEach(function (m) { const label = m.path[picked.length]; if (next.indexOf(label) < 0) next.push(label); });
    const buttons = next.map(function (label) {
      return button(label, function () {
        picked.push(label);
        const now = left();
        if (now.length === 1 && now[0].path.length === picked.length) send(now[0].action);
        else draw();
      }, "ltap");
    });
    if (picked.length) buttons.push(button("↩ " + X.t("Back"), function () { picked.pop(); draw(); }, "lback"));
    holder.replaceChildren.apply(holder, buttons);
    const said = document.getElementById("lpicked");
    if (said) said.textContent = picked.length ? picked.join(" › ") : X.t("Choose:");
  }

  function key() { const b = box(); return b ? b.dataset.moves + b.dataset.decision : null; }

  document.addEventListener("xidit:refreshed", function () {
    if (key() !== shown) { picked = []; shown = key(); }
    draw();
  });
  document.addEventListener("DOMContentLoaded", function () { shown = key(); draw(); });
})();
