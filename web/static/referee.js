// The referee page: new-game wizard, rollback with confirmation, decisions on behalf of a player
// (forms built from /api/legal), import of a record, the blind switch.
"use strict";
(function () {
  const X = window.Xidit;
  const $ = function (id) { return document.getElementById(id); };
  const UNITS = ["militia", "archer", "infantry", "priest", "mage"];
  const ORDERS = ["black", "red", "blue", "action", "wait"];
  // A decision in words, never its internal name (the same texts as the referee page's).
  function decisionWords(decision) {
    return {place: X.t("to place their Idrakys"), program: X.t("to program"), reward: X.t("to choose a reward"),
            colossus: X.t("to fight a colossus or not"), neutral: X.t("to raise a neutral player's track"),
            census: X.t("to reveal units at the census"), census_bards: X.t("to place bards at the census"),
            floor: X.t("to build a guild floor")}[decision] || "";
  }

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
    $("w-neutral").hidden = n !== 3;
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
    const layout = wizard.tiles.value === "layout";
    $("w-layout").hidden = !layout;
    $("w-seed").hidden = layout;  // a face-up game is shuffled by the table's hands
    rows().forEach(function (row, i) { row.querySelector(".level").hidden = wizard["device-" + i].value !== "virtual"; });
  }
  wizard.addEventListener("change", syncWizard);
  wizard.addEventListener("input", syncWizard);
  if (!wizard.seed.value) wizard.seed.value = String(Math.floor(Math.random() * 1000000));
  syncWizard();

  function numbers(field, text) {
    const parts = text.split(/[\s,;]+/).filter(Boolean);
    if (!parts.every(function (p) { return /^\d+$/.test(p); })) {
      throw new Error(X.t("A layout list is not a list of numbers: {field}", {field: field}));
    }
    return parts.map(Number);
  }

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

  // What lies face up, as typed: the table checks it and says what is wrong in its own words.
  function faceUpFromWizard() {
    if (wizard.tiles.value !== "layout") return null;
    const typed = {recruit: numbers(X.t("Recruitment tiles on the board"), wizard.recruit.value),
                   threat: numbers(X.t("Threat tiles on the board"), wizard.threat.value),
                   colossi: [0, 1, 2].map(function (k) {
                     const v = wizard["colossus-" + k].value;
                     return v === "" ? null : Number(v);
                   })};
    ["next_recruit", "next_threat"].forEach(function (key) {
      const v = wizard[key].value.trim();
      typed[key] = /^\d+$/.test(v) ? Number(v) : null;
    });
    return typed;
  }

  // Beside each list, how many tiles it holds and how many it needs.
  function syncCounts() {
    const needed = count() === 3 ? 4 : 5;
    wizard.querySelectorAll("[data-count-for]").forEach(function (span) {
      const text = wizard[span.dataset.countFor].value.trim();
      const have = text ? text.split(/[\s,;]+/).filter(Boolean).length : 0;
      span.textContent = X.t("{have} of {need}", {have: have, need: needed});
      span.classList.toggle("ok", have === needed);
    });
  }
  wizard.addEventListener("input", syncCounts);
  wizard.addEventListener("change", syncCounts);
  syncCounts();

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
    const setup = {players: players, length: wizard.length.value, first_player: Number(wizard.first.value),
                   seed: Number(wizard.seed.value || 0)};
    if (n === 3) setup.neutral = wizard.neutral.value;
    if (wizard.tiles.value === "layout") {
      const scoring = [0, 1, 2].map(function (k) { return wizard["scoring-" + k].value; }).filter(Boolean);
      if (scoring.length) setup.layout = {scoring: scoring};
    }
    return setup;
  }

  wizard.addEventListener("submit", async function (event) {
    event.preventDefault();
    let setup;
    let faceUp;
    try { setup = setupFromWizard(); faceUp = faceUpFromWizard(); } catch (error) { say("wizard-note", error.message, false); return; }
    const replacing = await askAside();
    if (replacing === undefined) return;
    const plays = $("w-referee").value;
    const result = await X.command({command: "new_game", setup: setup, seats: seatsFromWizard(), replacing: replacing,
                                    face_up: faceUp, referee_seat: plays === "" ? null : Number(plays)});
    if (result.ok) {
      say("wizard-note", X.t("New game started."), true);
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

  function radio(name, value, label, checked) {
    return el("label", {class: "row"}, [el("input", {type: "radio", name: name, value: value, checked: checked}),
                                         " " + label]);
  }

  // The census question names the unit in the plural (one sentence a unit: "militia" has no other form).
  function revealHowMany(unit, max) {
    switch (unit) {
      case "militia": return X.t("Reveal how many militia? (0 to {max})", {max: max});
      case "archer": return X.t("Reveal how many archers? (0 to {max})", {max: max});
      case "infantry": return X.t("Reveal how many infantry? (0 to {max})", {max: max});
      case "priest": return X.t("Reveal how many priests? (0 to {max})", {max: max});
      default: return X.t("Reveal how many mages? (0 to {max})", {max: max});
    }
  }

  function number(name, label, value, max) {
    return el("label", {class: "row"}, [label + " ",
      el("input", {type: "number", name: name, min: 0, max: max, value: value, inputmode: "numeric"})]);
  }

  function select(name, options) {
    return el("select", {name: name}, options.map(function (o) {
      return el("option", {value: o.value, disabled: o.disabled, text: o.label});
    }));
  }

  function regionLabel(choice, region) {
    return region === choice.bastion ? X.t("bards in the Bastion (secret)") : X.t("bards in region {region}", {region: region});
  }

  function split(form, regions) {
    const out = {};
    regions.forEach(function (r) {
      const n = Number(form["bards-" + r].value || 0);
      if (n > 0) out[String(r)] = n;
    });
    return out;
  }

  function splitInputs(choice, total) {
    return choice.regions.map(function (r, i) { return number("bards-" + r, regionLabel(choice, r), i === 0 ? total : 0, total); });
  }

  function choiceForm(choice) {
    const form = el("form", {class: "stack decision", "data-decision": choice.decision});
    const seat = choice.seat;
    const title = el("h3", {text: X.t("{player}: {decision}", {player: $("decide-seat").selectedOptions[0].textContent,
                                                                 decision: decisionWords(choice.decision)})});
    form.append(title);
    let build = null;
    switch (choice.decision) {
      case "place": {
        form.append(el("label", {text: X.t("Start on which city?")}));
        const all = choice.cities.concat(choice.taken).sort(function (a, b) { return a - b; });
        form.append(select("city", all.map(function (c) {
          const taken = choice.taken.indexOf(c) >= 0;
          return {value: c, disabled: taken, label: taken ? X.t("City {city} (taken)", {city: c}) : X.t("City {city}", {city: c})};
        })));
        build = function () { return {type: "place", seat: seat, city: Number(form.city.value)}; };
        break;
      }
      case "program": {
        form.append(el("p", {text: X.t("Program for seat {seat}", {seat: seat})}));
        for (let i = 0; i < choice.length; i++) {
          form.append(el("label", {class: "row"}, [X.t("Slot {n}", {n: i + 1}) + " ",
            select("slot-" + i, ORDERS.map(function (o) { return {value: o, label: X.t(o)}; }))]));
        }
        form.append(el("button", {type: "submit", class: "primary", text: X.t("Set and lock this program")}));
        form.addEventListener("submit", async function (event) {
          event.preventDefault();
          const orders = [];
          for (let i = 0; i < choice.length; i++) orders.push(form["slot-" + i].value);
          let result = await X.command({command: "set_program", seat: seat, orders: orders});
          if (result.ok) result = await X.command({command: "lock", seat: seat});
          say("decide-note", result.ok ? X.t("Done.") : X.refusal(result), result.ok);
          if (result.ok) forms.replaceChildren();
        });
        return form;
      }
      case "reward": {
        form.append(el("p", {text: choice.source === "colossus" ? X.t("Reward from colossus {number}", {number: choice.number})
                                                                 : X.t("Reward from the threat on city {city}", {city: choice.city})}));
        const amounts = {gold: X.t("gold {n}", {n: choice.gold}), bards: X.t("bards {n}", {n: choice.bards}),
                         guild: X.t("guild floors {n}", {n: choice.floors})};
        choice.takes.forEach(function (take, i) {
          form.append(radio("take", String(i), take.map(function (r) { return amounts[r]; }).join(" + "), i === 0));
        });
        if (choice.bards && choice.regions.length) form.append(el("fieldset", {}, splitInputs(choice, choice.bards)));
        build = function () {
          const take = choice.takes[Number(form.take.value || 0)];
          const action = {type: "reward", seat: seat, take: take};
          if (take.indexOf("bards") >= 0) action.bards = split(form, choice.regions);
          return action;
        };
        break;
      }
      case "colossus": {
        choice.colossi.forEach(function (c, i) {
          form.append(radio("which", String(i), X.t("Fight the {n}-unit colossus", {n: c.needs}), i === 0));
        });
        form.append(radio("which", "no", X.t("Do not fight"), !choice.colossi.length));
        UNITS.filter(function (u) { return choice.units[u] > 0; }).forEach(function (u) {
          form.append(number("unit-" + u, X.t(u), 0, choice.units[u]));
        });
        build = function () {
          if (form.which.value === "no") return {type: "colossus", seat: seat, fight: false};
          const needs = choice.colossi[Number(form.which.value)].needs;
          const units = {};
          UNITS.forEach(function (u) { const f = form["unit-" + u]; if (f && Number(f.value) > 0) units[u] = Number(f.value); });
          return {type: "colossus", seat: seat, fight: true, needs: needs, units: units};
        };
        break;
      }
      case "neutral":
        form.append(el("p", {text: X.t("Raise which neutral track?")}));
        choice.tracks.forEach(function (track, i) { form.append(radio("track", track, X.t(track), i === 0)); });
        build = function () { return {type: "neutral", seat: seat, track: form.track.value}; };
        break;
      case "census":
        form.append(number("reveal", revealHowMany(choice.unit, choice.max), choice.max, choice.max));
        build = function () { return {type: "census", seat: seat, unit: choice.unit, reveal: Number(form.reveal.value)}; };
        break;
      case "census_bards":
        form.append(el("p", {text: X.t("Census: place {n} bard", {n: choice.bards})}));
        form.append(el("fieldset", {}, splitInputs(choice, choice.bards)));
        build = function () { return {type: "census_bards", seat: seat, bards: split(form, choice.regions)}; };
        break;
      case "floor":
        form.append(el("label", {text: X.t("Floor on which guild?")}));
        form.append(select("city", choice.cities.map(function (c) { return {value: c, label: X.t("Guild of city {city}", {city: c})}; })));
        build = function () { return {type: "floor", seat: seat, city: Number(form.city.value)}; };
        break;
      default:
        return form;
    }
    form.append(el("button", {type: "submit", class: "primary", text: X.t("Send")}));
    form.addEventListener("submit", function (event) { event.preventDefault(); decide(build()); });
    return form;
  }
})();
