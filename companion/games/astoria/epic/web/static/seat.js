// The Epic's seat page: a move sent with one tap (its button holds the move the engine listed), a new
// Artefact typed in a short form (its card is physical). The table refuses a wrong move in words; the page
// shows why.
"use strict";
(function () {
  const X = window.Xidit;

  function note(text) {
    const n = document.getElementById("enote");
    if (!n) return;
    n.textContent = text;
    n.hidden = !text;
  }

  async function send(action) {
    let result;
    try {
      result = await X.command({command: "decide", seat: action.seat, action: action});
    } catch (error) {
      note(X.t("Reconnecting…"));
      return;
    }
    note(result.ok ? "" : X.refusal(result));
  }

  function seat() {
    const s = document.getElementById("echoices");
    return s ? Number(s.dataset.seat) : null;
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("button.emove");
    if (!button) return;
    event.preventDefault();
    send(JSON.parse(button.dataset.move));
  });

  document.addEventListener("submit", function (event) {
    const form = event.target.closest("form#ecraft");
    if (!form) return;
    event.preventDefault();
    const places = Array.from(form.querySelectorAll("select[name=place]")).map(function (s) { return s.value; })
      .filter(function (v) { return v; });
    const colour = form.elements.colour.value;
    if (!colour || !places.length) { note(X.t("Choose the gem's colour and the card's places.")); return; }
    const grimoire = form.elements.grimoire.checked;
    send({type: "craft", seat: seat(), colour: colour, artefact: null,
          typed: {places: places, domain: form.elements.domain.value,
                  glyphs: grimoire ? 6 : Number(form.elements.glyphs.value), grimoire: grimoire}});
  });
})();
