// The seat page: the program editor, the decision forms and, one tap away, the phone box.
//
// The program editor: an order tapped fills the chosen slot, else the next empty one; Clear empties the
// whole program. The page keeps its own copy of the draft while orders are on their way (sent one after
// another, each naming its slot), so quick taps never land on the same slot; the server's draft comes
// back with each refresh.
"use strict";
(function () {
  const X = window.Xidit;
  const SLOTS = 6;
  let draft = null;     // the draft as this page believes it (null: as the page shows it)
  let chosen = null;    // the slot tapped to be changed next
  let pending = 0;      // orders sent and not yet answered
  let confirmed = 0;    // the table's version after the last order answered: a part older than it is stale
  let queue = Promise.resolve();

  function editor() { return document.getElementById("editor"); }
  function note(id, text) { const n = document.getElementById(id); if (n) n.textContent = text; }

  function shownDraft() {
    return Array.from(document.querySelectorAll("#editor .slot")).map(function (b) { return b.dataset.order || null; });
  }

  function paint() {
    const ed = editor();
    if (!ed) return;
    if (draft === null) draft = shownDraft();
    const next = draft.indexOf(null);
    ed.querySelectorAll(".slot").forEach(function (button, i) {
      const order = draft[i];
      button.dataset.order = order || "";
      const template = order ? document.querySelector(".pal-" + order) : null;
      const icon = button.querySelector(".order, .glyph");
      const wanted = order ? "order o-" + order : "glyph";
      if (icon && icon.className !== wanted) {  // drawn anew only when the slot's order changed
        icon.className = wanted;
        icon.replaceChildren.apply(icon, template ? Array.from(template.childNodes)
          .filter(function (c) { return c.nodeName !== "SMALL"; }).map(function (c) { return c.cloneNode(true); }) : []);
      }
      button.setAttribute("aria-pressed", i === (chosen !== null ? chosen : next) ? "true" : "false");
    });
  }

  function send(data) {
    pending += 1;
    queue = queue.then(async function () {
      let result = {ok: false, status: 0, data: {}};
      try {
        result = await X.command(data);
      } catch (error) {
        result.data.error = X.t("Reconnecting…");  // the table is out of reach: this order was not taken
      }
      pending -= 1;
      note("editor-note", result.ok ? "" : X.refusal(result));
      if (result.ok && typeof result.data.version === "number") confirmed = Math.max(confirmed, result.data.version);
      if (!result.ok) { draft = null; X.refresh(); }
      return result;
    });
    return queue;
  }

  function put(order) {
    const ed = editor();
    if (!ed || ed.dataset.locked === "yes") return;
    if (draft === null) draft = shownDraft();
    let slot = chosen !== null ? chosen : draft.indexOf(null);
    if (slot < 0) slot = SLOTS - 1;
    draft[slot] = order;
    chosen = null;
    paint();
    send({command: "set_order", seat: Number(ed.dataset.seat), slot: slot, order: order});
  }

  document.addEventListener("click", function (event) {
    const target = event.target;
    const pal = target.closest("[data-put]");
    if (pal) { put(pal.dataset.put); return; }
    const slot = target.closest("#editor .slot");
    if (slot) {
      const i = Number(slot.dataset.slot);
      chosen = chosen === i ? null : i;
      paint();
      return;
    }
    if (target.closest("[data-clear]")) {
      // The whole program goes in one tap (one order is changed by tapping its slot, then an order).
      const ed = editor();
      if (!ed || ed.dataset.locked === "yes") return;
      draft = new Array(SLOTS).fill(null);
      chosen = null;
      paint();
      send({command: "set_program", seat: Number(ed.dataset.seat), orders: draft.slice()});
      return;
    }
    const command = target.closest("[data-seat-command]");
    if (command) {
      const ed = editor();
      command.disabled = true;
      send({command: command.dataset.seatCommand, seat: Number(ed.dataset.seat)})
        .then(function () { command.disabled = false; });
      return;
    }
    const step = target.closest("[data-step]");
    if (step) { stepBy(step.closest(".stepper"), Number(step.dataset.step)); return; }
    const city = target.closest("svg.map [data-city]");
    if (city) pickCity(city.dataset.city);
  });

  // -- decisions ---------------------------------------------------------------------------------
  function stepBy(stepper, by) {
    const input = stepper.querySelector("input");
    const value = Math.min(Number(stepper.dataset.max), Math.max(Number(stepper.dataset.min), Number(input.value) + by));
    setStep(stepper, value);
    remember();
  }

  function setStep(stepper, value) {
    stepper.querySelector("input").value = String(value);
    stepper.querySelector("output").textContent = String(value);
  }

  function pickCity(city) {
    const form = document.getElementById("decision");
    if (!form) return;
    const input = form.querySelector("input[name='city'][value='" + city + "']");
    if (input) { input.checked = true; input.focus(); remember(); }
  }

  // The colossus: the weakest units first, as many as the chosen colossus needs (as the box does).
  function defaultUnits(form) {
    const fight = form.querySelector("input[name='fight']:checked");
    if (!fight || fight.value === "no" || !form.dataset.owned) return;
    let left = Number(fight.value);
    form.querySelectorAll(".stepper").forEach(function (stepper) {
      const give = Math.min(Number(stepper.dataset.max), left);
      setStep(stepper, give);
      left -= give;
    });
  }

  function counts(form, prefix) {
    const out = {};
    form.querySelectorAll("input[type='hidden'][name^='" + prefix + "']").forEach(function (input) {
      const n = Number(input.value);
      if (n > 0) out[input.name.slice(prefix.length)] = n;
    });
    return out;
  }

  function action(form) {
    const seat = Number(form.dataset.seat);
    const data = new FormData(form);
    const picked = function (name) { return data.get(name); };
    switch (form.dataset.kind) {
      case "place": return picked("city") && {type: "place", seat: seat, city: Number(picked("city"))};
      case "floor": return picked("city") && {type: "floor", seat: seat, city: Number(picked("city"))};
      case "neutral": return picked("track") && {type: "neutral", seat: seat, track: picked("track")};
      case "census": return picked("reveal") !== null &&
        {type: "census", seat: seat, unit: form.dataset.census, reveal: Number(picked("reveal"))};
      case "census_bards": return {type: "census_bards", seat: seat, bards: counts(form, "bards-")};
      case "reward": {
        if (!picked("take")) return null;
        const take = picked("take").split("+");
        const out = {type: "reward", seat: seat, take: take};
        if (take.indexOf("bards") >= 0) out.bards = counts(form, "bards-");
        return out;
      }
      case "colossus": {
        const fight = picked("fight");
        if (!fight) return null;
        if (fight === "no") return {type: "colossus", seat: seat, fight: false};
        return {type: "colossus", seat: seat, fight: true, needs: Number(fight), units: counts(form, "give-")};
      }
    }
    return null;
  }

  // A refresh replaces the form: what the player had picked is kept while the same decision is shown.
  let kept = null;
  function remember() {
    const form = document.getElementById("decision");
    if (!form) { kept = null; return; }
    const values = {};
    form.querySelectorAll("input").forEach(function (input) {
      if (input.type === "radio") { if (input.checked) values["r:" + input.name] = input.value; }
      else values["h:" + input.name] = input.value;
    });
    kept = {key: form.dataset.kind + "|" + document.getElementById("h-decide").textContent, values: values};
  }

  function restore() {
    const form = document.getElementById("decision");
    if (!form || !kept || kept.key !== form.dataset.kind + "|" + document.getElementById("h-decide").textContent) return;
    for (const [key, value] of Object.entries(kept.values)) {
      const name = key.slice(2);
      if (key[0] === "r") {
        const radio = form.querySelector("input[name='" + name + "'][value='" + value + "']");
        if (radio) radio.checked = true;
      } else {
        const input = form.querySelector("input[name='" + name + "']");
        if (input) setStep(input.closest(".stepper"), value);
      }
    }
    showSteppers(form);
  }

  // Steppers that matter only for one pick (bards for a reward with bards, units for a fight).
  function showSteppers(form) {
    const box = form.querySelector(".steppers[data-when]");
    if (!box) return;
    const when = box.dataset.when;
    const pick = form.querySelector("input[type='radio']:checked");
    box.hidden = !pick || (when === "bards" ? pick.value.split("+").indexOf("bards") < 0 : pick.value === "no");
  }

  document.addEventListener("change", function (event) {
    const form = event.target.closest("#decision");
    if (!form) return;
    if (event.target.name === "fight") defaultUnits(form);
    showSteppers(form);
    remember();
  });

  document.addEventListener("submit", async function (event) {
    const form = event.target.closest("#decision");
    if (!form) return;
    event.preventDefault();
    const chosenAction = action(form);
    if (!chosenAction) { note("decide-note", X.t("Choose first.")); return; }
    const button = form.querySelector(".confirm");
    button.disabled = true;
    let result;
    try {
      result = await X.command({command: "decide", seat: chosenAction.seat, action: chosenAction});
    } catch (error) {
      result = {ok: false, status: 0, data: {error: X.t("Reconnecting…")}};
    }
    button.disabled = false;
    if (result.ok) kept = null; else note("decide-note", X.refusal(result));
  });

  document.addEventListener("xidit:refreshed", function () {
    // A part rendered before the last order was taken would undo it on screen: the page's draft stays.
    const live = document.getElementById("live");
    if (pending === 0 && live && Number(live.dataset.version) >= confirmed) draft = null;
    if (!editor()) chosen = null;
    paint();
    restore();
  });
  const first = document.getElementById("decision");
  if (first) showSteppers(first);
  paint();
})();

// The phone box: the same picture as the box's OLED and the same keys. Each press names the frame
// the player saw; if the screen has changed since (409), the picture is reloaded and nothing is done.
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
  function press(key, kind) {
    queue = queue.then(function () { return send(key, kind); }, function () { return send(key, kind); });
    return queue;
  }

  async function send(key, kind) {
    if (frame === null) await reload();
    const answer = await X.post("/api/box/key", {key: key, frame: frame, kind: kind || "press"});
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

  // A key held as long as a box's key is held sends its press, then its hold (BACK held clears the
  // program); the click that ends it is not another press.
  const HOLD_MS = 600;
  document.querySelectorAll("[data-key]").forEach(function (button) {
    let timer = null;
    let held = false;
    function release() { if (timer !== null) { clearTimeout(timer); timer = null; } }
    if (button.dataset.holds !== undefined) {
      button.addEventListener("pointerdown", function () {
        release();
        held = false;
        timer = setTimeout(function () {
          timer = null;
          held = true;
          press(button.dataset.key);
          press(button.dataset.key, "hold");
        }, HOLD_MS);
      });
      ["pointerup", "pointerleave", "pointercancel"].forEach(function (name) {
        button.addEventListener(name, function () {
          release();
          setTimeout(function () { held = false; }, 0);  // after the click this release may bring, if any
        });
      });
      button.addEventListener("contextmenu", function (event) { event.preventDefault(); });
    }
    button.addEventListener("click", function () {
      if (held) { held = false; return; }
      release();
      press(button.dataset.key);
    });
  });

  // N (noir) as well as K for black: the letter a French page shows.
  const KEYS = {ArrowLeft: "LEFT", ArrowRight: "RIGHT", ArrowUp: "UP", ArrowDown: "DOWN", Enter: "OK",
                Backspace: "BACK", Escape: "BACK", k: "BLACK", n: "BLACK", r: "RED", b: "BLUE", a: "ACTION",
                w: "WAIT"};
  const view = document.getElementById("box-view");
  let backHeld = false;
  document.addEventListener("keyup", function (event) { if (KEYS[event.key] === "BACK") backHeld = false; });
  document.addEventListener("keydown", function (event) {
    if (view && !view.open) return;  // the keys drive the box only while it is shown
    if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    if ((event.key === "Enter" || event.key === " ") && event.target.closest("button, a")) return;  // a click follows
    const key = KEYS[event.key] || KEYS[event.key.toLowerCase()];
    if (!key) return;
    event.preventDefault();
    if (event.repeat && key === "BACK") {  // Backspace held: one hold, as a box's BACK held
      if (!backHeld) press(key, "hold");
      backHeld = true;
      return;
    }
    press(key);
  });

  document.addEventListener("xidit:screen", function (event) {
    if (event.detail.frame !== frame) reload();
  });
  if (view) view.addEventListener("toggle", function () { if (view.open) reload(); });
  if (!view || view.open) reload();
})();
