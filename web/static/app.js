// Every page: follow the table by Server-Sent Events and swap in the page's live part after each
// change; send commands with the version last seen (on 409, take the newer version and retry).
"use strict";
(function () {
  const body = document.body;
  const texts = {};
  let version = Number(body.dataset.version);
  const lang = body.dataset.lang;

  // A plural text comes as its forms for 0, 1 and 2 (web/i18n.py): the field `n` picks one.
  function t(message, params) {
    let text = texts[message] || message;
    if (Array.isArray(text)) text = text[Math.min(2, Math.max(0, Number((params || {}).n) || 0))];
    for (const [key, value] of Object.entries(params || {})) text = text.split("{" + key + "}").join(String(value));
    return text;
  }

  const loaded = fetch("/texts.json", {cache: "no-store"}).then(function (r) { return r.json(); })
    .then(function (data) { Object.assign(texts, data.texts); }).catch(function () { /* English stays */ });

  async function post(url, data) {
    return fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(data),
                       credentials: "same-origin"});
  }

  // A command with the version of the view it was decided on. A stale version is answered 409 with
  // the current one: the page takes it but never sends the command again by itself (whoever decided
  // looks at the new state first: a rollback confirmed on a stale preview would undo more than shown).
  async function command(data) {
    const answer = await post("/api/command", Object.assign({}, data, {version: version}));
    const result = await answer.json().catch(function () { return {}; });
    if (typeof result.version === "number") version = Math.max(version, result.version);
    return {ok: answer.ok, status: answer.status, data: result};
  }

  function refusal(result) {
    const data = result.data || {};
    if (result.status === 409) return t("The game moved on: look again and retry.");
    return data.rule ? t("Refused: {error} ({rule})", {error: data.error, rule: data.rule})
                     : t("Refused: {error}", {error: data.error || result.status});
  }

  // A gesture under way (fingers on the map) holds the swap of the live part until it ends: a part
  // swapped under the fingers would end it. hold() gives the function that lets go.
  let holds = 0;
  const waiting = [];
  function hold() {
    let held = true;
    holds += 1;
    return function () {
      if (!held) return;
      held = false;
      holds -= 1;
      if (holds === 0) waiting.splice(0).forEach(function (go) { go(); });
    };
  }
  function unheld() {
    return new Promise(function (go) { if (holds === 0) go(); else waiting.push(go); });
  }

  // The live part: fetched again after each change, one fetch at a time, always the newest.
  let busy = false, again = false;
  async function refresh() {
    const url = body.dataset.part;
    if (!url) return;
    if (busy) { again = true; return; }
    busy = true;
    try {
      do {
        again = false;
        let answer;
        try {
          answer = await fetch(url, {cache: "no-store", credentials: "same-origin"});
        } catch (error) {
          break;  // the table is out of reach: the stream reconnects and asks again
        }
        const holder = document.createElement("div");
        if (!answer.ok) {
          if (answer.status !== 403) break;
          setLink("gone", t("This page is no longer yours: open your link again."));
          // A seat page no longer the reader's may say why (the seat moved, the game ended): shown instead.
          holder.innerHTML = await answer.text();
          if (!holder.querySelector("#live[data-closed]")) break;
        } else {
          holder.innerHTML = await answer.text();
        }
        if (holds > 0) {
          await unheld();
          if (again) continue;  // a newer part came while held: that one is fetched instead
        }
        const fresh = holder.querySelector("#live");
        const live = document.getElementById("live");
        if (!fresh || !live) break;
        if (fresh.dataset.lang !== lang) { location.reload(); return; }
        const open = Array.from(live.querySelectorAll("details[open][id]")).map(function (d) { return d.id; });
        document.dispatchEvent(new CustomEvent("xidit:refreshing", {detail: live}));  // the last look at the old part
        live.replaceWith(fresh);
        open.forEach(function (id) { const d = document.getElementById(id); if (d) d.open = true; });
        document.dispatchEvent(new CustomEvent("xidit:refreshed", {detail: fresh}));
      } while (again);
    } finally {
      busy = false;
    }
  }

  function setLink(state, text) {
    const el = document.getElementById("link-state");
    if (!el) return;
    el.dataset.state = state;
    el.textContent = text;
  }

  function onView(view) {
    version = view.version;
    body.dataset.version = String(view.version);
    document.dispatchEvent(new CustomEvent("xidit:view", {detail: view}));
    refresh();
  }

  // The stream: EventSource reconnects by itself and sends the last id it saw; the server then
  // sends the newest view at once if anything changed meanwhile. A stream the table refuses (too many
  // from this address, or in all: 429/503) ends for good: the page then polls the view every few
  // seconds and asks for a stream again later.
  let source = null, polling = null;
  const POLL = 2500, RETRY = 30000;

  function follow() {
    // No `since` at first: the server answers at once with the newest view (and the stream opens).
    const mine = new EventSource("/api/stream");
    source = mine;
    mine.addEventListener("open", function () {
      stopPolling();
      loaded.then(function () { setLink("live", t("Connected")); });
    });
    mine.addEventListener("error", function () {
      if (mine.readyState === EventSource.CLOSED) { poll(mine); return; }
      setLink("down", t("Reconnecting…"));
    });
    mine.addEventListener("view", function (event) { onView(JSON.parse(event.data)); });
    mine.addEventListener("screen", function (event) {
      document.dispatchEvent(new CustomEvent("xidit:screen", {detail: JSON.parse(event.data)}));
    });
  }

  function poll(refused) {
    refused.close();
    if (polling === null) polling = setInterval(pollOnce, POLL);
    pollOnce();
    setTimeout(follow, RETRY + Math.random() * RETRY);
  }

  function stopPolling() {
    if (polling !== null) clearInterval(polling);
    polling = null;
  }

  async function pollOnce() {
    let answer;
    try {
      answer = await fetch("/api/view", {cache: "no-store", credentials: "same-origin"});
    } catch (error) {
      setLink("down", t("Reconnecting…"));
      return;
    }
    if (!answer.ok) return;
    const view = await answer.json();
    loaded.then(function () { setLink("live", t("Connected")); });
    if (view.version === version) return;
    onView(view);
    // No screen events without a stream: the phone box's picture is looked at again after each change.
    document.dispatchEvent(new CustomEvent("xidit:screen", {detail: {frame: null}}));
  }

  window.addEventListener("pagehide", function () { if (source) source.close(); stopPolling(); });

  // Buttons that send a command: data-command plus its fields as data-* attributes.
  document.addEventListener("click", async function (event) {
    const button = event.target.closest("[data-command]");
    if (button) {
      event.preventDefault();
      // data-ask: a question to confirm first (a tap that cannot be taken back, such as a new seat link).
      if (button.dataset.ask && !window.confirm(button.dataset.ask)) return;
      const data = {command: button.dataset.command};
      for (const [key, value] of Object.entries(button.dataset)) {
        if (key === "command" || key === "ask") continue;
        // data-NAME-json: a field sent as the JSON it holds (a chance outcome may be a name, a number, a list).
        if (key.endsWith("Json")) { data[key.slice(0, -4)] = JSON.parse(value); continue; }
        data[key] = /^-?\d+$/.test(value) ? Number(value) : value;
      }
      button.disabled = true;
      const result = await command(data);
      button.disabled = false;
      if (!result.ok) alert(refusal(result));
      return;
    }
    // A number typed in by taps (web/templates/_asking.html's typed card): one more or one less, within its
    // bounds; from blank, "+" starts at the least and "−" at the most.
    // Only inside a typed card's form: a game's own steppers (Xidit's seat page) carry data-step too.
    const step = event.target.closest("[data-tell-form] [data-step]");
    if (step) {
      const input = step.parentElement.querySelector("input[type=number]");
      const least = Number(input.min), most = Number(input.max), by = Number(step.dataset.step);
      const now = input.value === "" ? null : Number(input.value);
      input.value = String(now === null || isNaN(now) ? (by > 0 ? least : most) : Math.min(most, Math.max(least, now + by)));
      return;
    }
    // The table view's board as of the step being done, or now: kept by this browser, drawn by the server.
    const board = event.target.closest("[data-board]");
    if (board) {
      document.cookie = "board=" + (board.dataset.board === "now" ? "now" : "step") + "; path=/; SameSite=Strict";
      refresh();
      return;
    }
    const toggle = event.target.closest("[data-toggle]");
    if (toggle) {
      const on = body.classList.toggle(toggle.dataset.toggle);
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
    }
  });
  // Forms any game's live parts hold (web/templates/_asking.html, _stated.html): the table's dice, one total
  // per side, sent as `tell`; a move stated in one's own name, sent as `state`.
  document.addEventListener("submit", async function (event) {
    const form = event.target;
    let data = null;
    if (form.dataset.tellSides) {
      const totals = [];
      for (let i = 0; i < Number(form.dataset.tellSides); i++) totals.push(Number(form.elements["side-" + i].value));
      data = {command: "tell", question: Number(form.dataset.question), outcome: totals};
    } else if (form.dataset.tellForm) {
      data = {command: "tell", question: Number(form.dataset.question), outcome: typedOutcome(form)};
    } else if (form.classList.contains("state-form")) {
      const note = form.querySelector(".state-note");
      let fields;
      try { fields = JSON.parse(form.elements.fields.value || "{}"); } catch (error) { fields = null; }
      if (!fields || typeof fields !== "object" || Array.isArray(fields)) {
        event.preventDefault();
        if (note) note.textContent = t("The fields are not a JSON object.");
        return;
      }
      const seat = form.dataset.stateSeat;
      data = {command: "state", action: Object.assign({}, fields, {type: form.elements.kind.value,
                                                                 seat: seat === "" ? null : Number(seat)})};
    } else if (form.dataset.stateType) {
      // A move stated from a game's own form (a trade): each named field, the checked boxes of one name as a
      // list, `data-number` fields as numbers; the seat is the page's.
      const action = {type: form.dataset.stateType, seat: Number(form.dataset.stateSeat)};
      for (const field of form.elements) {
        if (!field.name) continue;
        if (field.type === "checkbox") {
          action[field.name] = action[field.name] || [];
          // `data-prefix`: a value the page names with a prefix (a kind of card, not a card held) is sent bare
          const prefix = field.dataset.prefix || "";
          if (field.checked) action[field.name].push(field.value.startsWith(prefix) ? field.value.slice(prefix.length) : field.value);
        } else {
          action[field.name] = field.dataset.number !== undefined ? Number(field.value) : field.value;
        }
      }
      data = {command: "state", action: action};
    }
    if (data === null) return;
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    const result = await command(data);
    if (button) button.disabled = false;
    // The form on the page now: the live part may have been swapped for the same question while the command
    // was on its way, leaving `form` detached.
    const live = form.dataset.tellForm && document.querySelector(
      'form[data-tell-form][data-question="' + CSS.escape(form.dataset.question || "") + '"]');
    const note = form.dataset.tellForm ? (live || form).querySelector(".tell-note") : null;
    if (note) note.textContent = result.ok ? "" : refusal(result);  // said under the fields, nothing changed
    else if (!result.ok) alert(refusal(result));
  });
  // A card being typed keeps what was tapped when the live part is swapped while the same question is asked
  // (another phone's change moves the table's view; the fields would come back blank).
  let typing = null;
  function typedInputs(part) {
    const form = part.querySelector("form[data-tell-form]");
    return form ? {question: form.dataset.question, inputs: Array.from(form.querySelectorAll("input"))} : null;
  }
  document.addEventListener("xidit:refreshing", function (event) {
    const found = typedInputs(event.detail);
    const said = event.detail.querySelector("form[data-tell-form] .tell-note");
    typing = found && {question: found.question, note: said ? said.textContent : "",
                       values: found.inputs.map(function (i) { return i.type === "number" ? i.value : i.checked; })};
  });
  document.addEventListener("xidit:refreshed", function (event) {
    const found = typedInputs(event.detail);
    if (!found || !typing || found.question !== typing.question || found.inputs.length !== typing.values.length) return;
    found.inputs.forEach(function (input, n) {
      if (input.type === "number") input.value = typing.values[n]; else input.checked = typing.values[n];
    });
    const note = event.detail.querySelector("form[data-tell-form] .tell-note");
    if (note && typing.note) note.textContent = typing.note;  // the refusal still stands for the same question
  });
  // A typed card's fields as its outcome object: blank is null (the table says what is missing), a repeated
  // field a list by its data-index.
  function typedOutcome(form) {
    const outcome = {};
    form.querySelectorAll("[data-field]").forEach(function (field) {
      let value = null;
      if (field.dataset.kind === "number") value = field.value === "" ? null : Number(field.value);
      else if (field.dataset.kind === "mark") value = field.checked;
      else { const picked = field.querySelector("input:checked"); value = picked ? picked.value : null; }
      const name = field.dataset.field;
      if (field.dataset.index === "") { outcome[name] = value; return; }
      if (!Array.isArray(outcome[name])) outcome[name] = [];
      outcome[name][Number(field.dataset.index)] = value;
    });
    return outcome;
  }
  document.addEventListener("xidit:refreshed", function () {
    document.querySelectorAll("[data-toggle]").forEach(function (toggle) {
      toggle.setAttribute("aria-pressed", body.classList.contains(toggle.dataset.toggle) ? "true" : "false");
    });
  });

  // A timed window's countdown (web/templates/_timer.html): between two updates of the live part it runs
  // here, from the seconds left the server counted at render (its clock, the stored deadline); the browser's
  // own clock may be wrong, its pace is not. The table closes the window itself when the time is up.
  let ticking = null;
  function timers() {
    const now = performance.now();
    document.querySelectorAll("[data-timer]").forEach(function (timer) {
      if (timer.dataset.paused === "yes") return;
      if (!timer.dataset.end) timer.dataset.end = String(now + Number(timer.dataset.left) * 1000);
      const left = Math.max(0, Math.ceil((Number(timer.dataset.end) - now) / 1000));
      const clock = timer.querySelector("[data-clock]");
      if (clock) clock.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      timer.dataset.state = left === 0 ? "up" : (left <= 60 ? "last" : "running");
      const line = timer.querySelector(".timer-line");
      if (left === 0 && line && line.dataset.upText) line.textContent = line.dataset.upText;
    });
    if (ticking === null && document.querySelector("[data-timer]")) ticking = setInterval(timers, 250);
  }
  document.addEventListener("xidit:refreshed", timers);
  timers();

  window.Xidit = {t: t, post: post, command: command, refusal: refusal, refresh: refresh, loaded: loaded, hold: hold,
                  get version() { return version; }};
  follow();
})();
