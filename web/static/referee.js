// The referee page: new-game wizard, rollback with confirmation, decisions on behalf of a player
// (forms built from /api/legal), import of a record, the blind switch. What is the game's own (the wizard's
// fields beyond the seats, a form per kind of decision) comes from the game's script, loaded before this
// one: window.GamePages.referee (web/game_parts.py, `scripts["referee"]`).
"use strict";
(function () {
  const X = window.Xidit;
  const game = (window.GamePages || {}).referee || {};
  // The wizard's game: another game's own script when the referee chose one (wizard-game.js), else the table's.
  const wizardGame = (document.getElementById("wizard") || {dataset: {}}).dataset.parts === "none" ? {} : (window.GamePages || {}).wizard || game;
  const $ = function (id) { return document.getElementById(id); };

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (key === "text") node.textContent = value; else node.setAttribute(key, value === true ? "" : value);
    }
    (children || []).forEach(function (child) { node.append(child); });
    return node;
  }

  function say(id, text, good) {
    const note = $(id);
    if (!note) return;
    note.textContent = text;
    note.dataset.good = good ? "yes" : "no";
  }

  // -- settings ----------------------------------------------------------------------------------
  const blind = $("blind");
  if (blind) blind.addEventListener("change", async function () {
    await X.post("/api/blind", {on: blind.checked});
    location.reload();
  });
  $("logout").addEventListener("click", async function () {
    await X.post("/api/logout", {});
    location.reload();
  });

  // -- no game lost by a tap: replacing the game under way is confirmed, naming it -----------------
  // Resolves to the number of the game the referee agreed to set aside (null: none under way), or
  // undefined when they cancel. The table refuses a replacement that does not name the game under way.
  function askAside() {
    const underWay = $("under-way");
    if (!underWay) return Promise.resolve(null);
    const dialog = $("aside-dialog");
    $("aside-text").textContent = X.t("{game} will be set aside: you can resume it from “Games set aside”.",
                                      {game: underWay.textContent.trim()});
    return new Promise(function (resolve) {
      function close(answer) {
        $("aside-yes").removeEventListener("click", yes);
        $("aside-no").removeEventListener("click", no);
        dialog.removeEventListener("cancel", no);
        dialog.close();
        resolve(answer);
      }
      function yes() { close(Number(underWay.dataset.game)); }
      function no() { close(undefined); }
      $("aside-yes").addEventListener("click", yes);
      $("aside-no").addEventListener("click", no);
      dialog.addEventListener("cancel", no);
      dialog.showModal();
    });
  }

  document.addEventListener("click", async function (event) {
    const button = event.target.closest("[data-resume]");
    if (!button) return;
    const replacing = await askAside();
    if (replacing === undefined) return;
    button.disabled = true;
    const result = await X.command({command: "resume", game: Number(button.dataset.resume), replacing: replacing});
    button.disabled = false;
    if (result.ok) location.reload(); else say("aside-note", X.refusal(result), false);
  });

  // -- a seat moves to another device (a box breaks: the player goes on on their phone) -----------
  // At once on choosing: a live refresh between choosing and a separate tap would put the old choice back.
  document.addEventListener("change", async function (event) {
    const chosen = event.target.closest("select[data-move]");
    if (!chosen) return;
    chosen.disabled = true;
    const result = await X.command({command: "move_seat", seat: Number(chosen.dataset.move), device: deviceOf(chosen.value, "")});
    chosen.disabled = false;
    if (!result.ok) alert(X.refusal(result));
  });

  // -- new game wizard ---------------------------------------------------------------------------
  const wizard = $("wizard");
  function rows() { return Array.from(wizard.querySelectorAll(".player-row")); }
  function count() { return Number(wizard.count.value); }
  function syncWizard() {
    const n = count();
    rows().forEach(function (row, i) {
      row.hidden = i >= n;
      row.querySelectorAll("select, input").forEach(function (f) { f.disabled = i >= n; });
    });
    const first = $("w-first");
    const chosen = first.value;
    first.replaceChildren();
    rows().slice(0, n).forEach(function (row, i) {
      const seat = wizard["seat-" + i].value;
      const name = wizard["name-" + i].value.trim() || wizard["colour-" + i].selectedOptions[0].textContent;
      first.append(el("option", {value: seat, text: seat + " — " + name}));
    });
    if (Array.from(first.options).some(function (o) { return o.value === chosen; })) first.value = chosen;
    // The referee may play only a seat of this game.
    const seats = rows().slice(0, n).map(function (row, i) { return wizard["seat-" + i].value; });
    const referee = $("w-referee");
    Array.from(referee.options).forEach(function (o) { o.hidden = o.value !== "" && seats.indexOf(o.value) < 0; });
    if (referee.selectedOptions[0] && referee.selectedOptions[0].hidden) referee.value = "";
    if (wizardGame.syncWizard) wizardGame.syncWizard(wizard, n);
    rows().forEach(function (row, i) { row.querySelector(".level").hidden = wizard["device-" + i].value !== "virtual"; });
  }
  // Another game: the page comes back with its seats, colours and options (the wizard stays open).
  const chooseGame = $("w-game");
  if (chooseGame) chooseGame.addEventListener("change", function (event) {
    event.stopPropagation();
    location.assign("/referee?game=" + encodeURIComponent(chooseGame.value) + "#new-game");
  });
  wizard.addEventListener("change", syncWizard);
  wizard.addEventListener("input", syncWizard);
  if (wizardGame.startWizard) wizardGame.startWizard(wizard, count);
  syncWizard();

  // Who plays a seat, from a "Plays on" list (and a level for a virtual player).
  function deviceOf(value, level) {
    if (value.indexOf("box:") === 0) return {device: "box", box: value.slice(4)};
    if (value === "virtual") return level ? {device: "virtual", level: level} : {device: "virtual"};  // the table's default
    return {device: "phone"};
  }
  function boxesOf(n) {
    const out = [];
    for (let i = 0; i < n; i++) if (wizard["device-" + i].value.indexOf("box:") === 0) out.push(wizard["device-" + i].value);
    return out;
  }
  function seatsFromWizard() {
    const seats = {};
    for (let i = 0; i < count(); i++) {
      seats[wizard["seat-" + i].value] = deviceOf(wizard["device-" + i].value, wizard["level-" + i].value);
    }
    return seats;
  }

  function setupFromWizard() {
    const n = count();
    const players = [];
    for (let i = 0; i < n; i++) {
      const player = {seat: Number(wizard["seat-" + i].value), colour: wizard["colour-" + i].value};
      const name = wizard["name-" + i].value.trim();
      if (name) player.name = name;
      players.push(player);
    }
    if (new Set(players.map(function (p) { return p.colour; })).size !== n) {
      throw new Error(X.t("Pick another colour for each player."));
    }
    if (new Set(players.map(function (p) { return p.seat; })).size !== n) {
      throw new Error(X.t("Pick another seat for each player."));
    }
    if (new Set(boxesOf(n)).size !== boxesOf(n).length) throw new Error(X.t("A box plays one seat only."));
    const common = {players: players, first_player: Number(wizard.first.value)};
    // The game's options, when the framework's form shows them (a game without wizard fields of its own).
    const options = {};
    wizard.querySelectorAll("select[data-option]").forEach(function (o) { options[o.dataset.option] = o.value; });
    if (Object.keys(options).length) common.options = options;
    return wizardGame.setup ? wizardGame.setup(wizard, n, common) : common;
  }

  wizard.addEventListener("submit", async function (event) {
    event.preventDefault();
    let setup;
    let faceUp;
    try { setup = setupFromWizard(); faceUp = wizardGame.faceUp ? wizardGame.faceUp(wizard) : null; } catch (error) { say("wizard-note", error.message, false); return; }
    const replacing = await askAside();
    if (replacing === undefined) return;
    const plays = $("w-referee").value;
    const seats = wizardGame.seats ? wizardGame.seats(wizard, count(), seatsFromWizard()) : seatsFromWizard();
    const chance = wizard.chance ? wizard.chance.value : null;
    // The names typed, by seat: the table keeps them for a game whose setup holds none (Zargos).
    const names = {};
    for (let i = 0; i < count(); i++) {
      const name = wizard["name-" + i].value.trim();
      if (name) names[wizard["seat-" + i].value] = name;
    }
    // A game without a wizard script of its own gets its set-up from its rules: the wizard sends its form.
    const made = wizardGame.setup ? {setup: setup} : {wizard: setup};
    const result = await X.command(Object.assign({command: "new_game", seats: seats, replacing: replacing,
                                    face_up: faceUp, referee_seat: plays === "" ? null : Number(plays),
                                    game: wizard.game ? wizard.game.value : undefined, chance: chance,
                                    names: names}, made));
    if (result.ok) {
      say("wizard-note", X.t("New game started."), true);
      window.scrollTo(0, 0);  // the new game opens at its top (the reload keeps the page's scroll otherwise)
      location.reload();
    } else {
      say("wizard-note", X.refusal(result), false);
    }
  });

  // -- import ------------------------------------------------------------------------------------
  $("import").addEventListener("submit", async function (event) {
    event.preventDefault();
    const file = $("import-file").files[0];
    if (!file) return;
    let record;
    try { record = JSON.parse(await file.text()); } catch (error) {
      say("import-note", X.t("This file is not a game record (JSON)."), false);
      return;
    }
    const replacing = await askAside();
    if (replacing === undefined) return;
    const result = await X.command({command: "import", record: record, replacing: replacing});
    if (result.ok) { say("import-note", X.t("Game imported."), true); location.reload(); }
    else say("import-note", X.refusal(result), false);
  });

  // -- rollback by pointing: an action from the list, its preview, then a confirm bound to that preview --
  document.addEventListener("click", function (event) {
    const pick = event.target.closest("[data-keep]");
    if (pick) previewRollback(Number(pick.dataset.keep), "");
  });

  async function previewRollback(keep, note) {
    const box = $("rollback-preview");
    if (!box) return;
    $("rollback").hidden = false;  // shown once there is a preview to show
    const result = await X.command({command: "rollback", keep: keep});
    if (!result.ok) { box.replaceChildren(el("p", {class: "note", text: X.refusal(result)})); return; }
    showPreview(result.data, note);
  }

  function showPreview(data, note) {
    const box = $("rollback-preview");
    box.replaceChildren();
    if (note) box.append(el("p", {class: "note", "data-good": "no", text: note}));
    box.append(el("p", {text: X.t("Going back undoes {n} action:", {n: data.drops})}));
    box.append(el("ol", {class: "dropped"}, data.dropped.map(function (line) { return el("li", {text: line}); })));
    box.append(el("p", {text: data.undo.length ? X.t("Put the pieces back:") : X.t("Nothing to move back.")}));
    if (data.undo.length) box.append(el("ol", {class: "undo"}, data.undo.map(function (line) { return el("li", {text: line}); })));
    const confirm = el("button", {type: "button", class: "danger", id: "rollback-confirm", text: X.t("Confirm the rollback")});
    confirm.addEventListener("click", async function () {
      confirm.disabled = true;
      const done = await X.command({command: "rollback", keep: data.keep, confirm: true, seen: data.seen});
      if (done.ok) { box.replaceChildren(el("p", {class: "note", text: X.t("Done.")})); location.reload(); return; }
      // Never re-sent as it is: the referee sees what going back undoes now, and confirms again or not.
      const moved = X.t("The game moved on since this preview: here is what going back undoes now.");
      if (done.data && done.data.preview) showPreview(done.data.preview, done.data.error);
      else if (done.status === 409) previewRollback(data.keep, moved);
      else box.replaceChildren(el("p", {class: "note", text: X.refusal(done)}));
    });
    box.append(confirm);
    box.scrollIntoView({block: "start"});
  }

  // -- decisions on behalf of a player -----------------------------------------------------------
  const forms = $("decide-forms");
  const load = $("decide-load");
  if (load) load.addEventListener("click", showChoices);
  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-decide-for]");
    if (!button || !load) return;
    $("decide-seat").value = button.dataset.decideFor;
    showChoices().then(function () { $("h-decide").scrollIntoView({block: "start"}); });
  });

  async function showChoices() {
    const seat = Number($("decide-seat").value);
    say("decide-note", "", true);
    const answer = await fetch("/api/legal?seat=" + seat, {cache: "no-store", credentials: "same-origin"});
    const data = await answer.json();
    forms.replaceChildren();
    if (!answer.ok) { say("decide-note", X.t("Refused: {error}", {error: data.error}), false); return; }
    if (!data.choices.length) { say("decide-note", X.t("Nothing to decide for this seat now."), true); return; }
    data.choices.forEach(function (choice) { forms.append(choiceForm(choice)); });
  }

  async function decide(action) {
    const result = await X.command({command: "decide", seat: action.seat, action: action});
    say("decide-note", result.ok ? X.t("Done.") : X.refusal(result), result.ok);
    if (result.ok) forms.replaceChildren();
  }

  // The game's form for one choice: its fields, and what it sends (decide, or its own commands).
  function choiceForm(choice) {
    const kit = {el: el, who: $("decide-seat").selectedOptions[0].textContent, decide: decide,
                 say: function (text, good) { say("decide-note", text, good); },
                 clear: function () { forms.replaceChildren(); }};
    return game.choiceForm ? game.choiceForm(choice, kit) : plainForm(choice, kit);
  }

  // A game without forms of its own: the decision in the game's words, its legal moves as buttons when the
  // game lists them (labelled by the table, /api/legal), and the game's virtual player deciding this once.
  function plainForm(choice, kit) {
    const form = el("form", {class: "stack decision", "data-decision": choice.decision});
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.append(el("h3", {text: X.t("{player}: {decision}", {player: kit.who, decision: choice.words || choice.decision})}));
    if (choice.moves && choice.moves.length) {
      form.append(el("div", {class: "moves"}, choice.moves.map(function (move) {
        const button = el("button", {type: "button", class: "move", text: move.label});
        button.addEventListener("click", function () {
          button.disabled = true;
          X.command({command: "decide", seat: choice.seat, action: move.action}).then(function (result) {
            button.disabled = false;
            kit.say(result.ok ? X.t("Done.") : X.refusal(result), result.ok);
            if (result.ok) kit.clear();
          });
        });
        return button;
      })));
    }
    const once = el("button", {type: "button", class: "virtual-once", text: X.t("Let the virtual player decide this once")});
    once.addEventListener("click", async function () {
      once.disabled = true;
      const answer = await X.post("/api/decide_once", {seat: choice.seat, version: X.version});
      const data = await answer.json().catch(function () { return {}; });
      once.disabled = false;
      const result = {ok: answer.ok, status: answer.status, data: data};
      kit.say(result.ok ? X.t("Done.") : X.refusal(result), result.ok);
      if (result.ok) kit.clear();
    });
    form.append(once);
    return form;
  }
})();
