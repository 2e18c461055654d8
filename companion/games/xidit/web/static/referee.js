// Xidit's part of the referee page (loaded before the framework's referee.js): the wizard's fields beyond
// the seats (length, neutral player, tiles shuffled by the Pi or typed from the table), and the forms that
// decide for a player, one per kind of decision (built from /api/legal). The framework's script calls them
// through window.GamePages.referee.
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

  // -- the wizard --------------------------------------------------------------------------------
  function syncWizard(wizard, n) {
    $("w-neutral").hidden = n !== 3;
    const layout = wizard.tiles.value === "layout";
    $("w-layout").hidden = !layout;
    $("w-seed").hidden = layout;  // a face-up game is shuffled by the table's hands
  }

  function numbers(field, text) {
    const parts = text.split(/[\s,;]+/).filter(Boolean);
    if (!parts.every(function (p) { return /^\d+$/.test(p); })) {
      throw new Error(X.t("A layout list is not a list of numbers: {field}", {field: field}));
    }
    return parts.map(Number);
  }

  // The tiles of the game form chosen (players and length), as the pack has them: listed before anything
  // is typed, and each typed number checked against them at once (a tile not in the game is said before
  // the game is started, not after "Set it aside").
  function playerCount(wizard) {
    const count = wizard.querySelector("#w-count");
    return count ? Number(count.value) : 0;
  }

  function inPlay(wizard) {
    const holder = $("w-in-play");
    if (!holder) return null;
    const form = String(playerCount(wizard)) + (wizard.length && wizard.length.value === "short" ? "-short" : "");
    return JSON.parse(holder.dataset.inPlay)[form] || null;
  }

  // 1–13, 15–17: the tiles as runs of consecutive numbers.
  function runs(tiles) {
    const out = [];
    tiles.forEach(function (tile, k) {
      if (k > 0 && tile === tiles[k - 1] + 1) { out[out.length - 1][1] = tile; } else { out.push([tile, tile]); }
    });
    return out.map(function (r) { return r[0] === r[1] ? String(r[0]) : r[0] + "–" + r[1]; }).join(", ");
  }

  function outside(wizard, text) {
    const tiles = inPlay(wizard);
    if (!tiles) return [];
    return text.split(/[\s,;]+/).filter(function (p) { return /^\d+$/.test(p) && tiles.indexOf(Number(p)) < 0; });
  }

  // What lies face up, as typed: the table checks it and says what is wrong in its own words.
  function faceUp(wizard) {
    if (wizard.tiles.value !== "layout") return null;
    const tiles = inPlay(wizard);
    ["recruit", "threat", "next_recruit", "next_threat"].forEach(function (key) {
      const wrong = outside(wizard, wizard[key].value);
      if (wrong.length && tiles) {
        throw new Error(X.t("There is no tile {tile} in this game: its tiles are {tiles}.", {tile: wrong[0], tiles: runs(tiles)}));
      }
    });
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

  // Beside each list, how many tiles it holds and how many it needs, and a number not in the game at once;
  // above them, the tiles of this game.
  const SAMPLES = {recruit: [3, 9, 12, 2, 5], threat: [17, 6, 11, 8, 1]};  // tiles of every game form
  function syncCounts(wizard, n) {
    const needed = n === 3 ? 4 : 5;
    const tiles = inPlay(wizard);
    const listed = $("w-in-play");
    if (listed) listed.textContent = tiles ? X.t("Tiles in this game: {tiles}.", {tiles: runs(tiles)}) : "";
    wizard.querySelectorAll("[data-count-for]").forEach(function (span) {
      const field = wizard[span.dataset.countFor];
      const text = field.value.trim();
      const have = text ? text.split(/[\s,;]+/).filter(Boolean).length : 0;
      const wrong = outside(wizard, text);
      span.textContent = X.t("{have} of {need}", {have: have, need: needed}) +
        (wrong.length ? " · " + X.t("{tile} is not in this game", {tile: wrong[0]}) : "");
      span.classList.toggle("ok", have === needed && !wrong.length);
      span.classList.toggle("bad", wrong.length > 0);
      field.placeholder = SAMPLES[span.dataset.countFor].slice(0, needed).join(" ");
    });
  }

  function startWizard(wizard, count) {
    if (!wizard.seed.value) wizard.seed.value = String(Math.floor(Math.random() * 1000000));
    wizard.addEventListener("input", function () { syncCounts(wizard, count()); });
    wizard.addEventListener("change", function () { syncCounts(wizard, count()); });
    syncCounts(wizard, count());
  }

  // The set-up beyond the players and the first player.
  function setup(wizard, n, common) {
    const out = {players: common.players, length: wizard.length.value, first_player: common.first_player,
                 seed: Number(wizard.seed.value || 0)};
    if (n === 3) out.neutral = wizard.neutral.value;
    if (wizard.tiles.value === "layout") {
      const scoring = [0, 1, 2].map(function (k) { return wizard["scoring-" + k].value; }).filter(Boolean);
      if (scoring.length) out.layout = {scoring: scoring};
    }
    return out;
  }

  // -- decisions on behalf of a player -----------------------------------------------------------
  // `kit`: the framework's page tools: el, say(text, good), decide(action), clear(), who (the seat in words).
  function choiceForm(choice, kit) {
    const el = kit.el;

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

    function regionLabel(region) {
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

    function splitInputs(total) {
      return choice.regions.map(function (r, i) { return number("bards-" + r, regionLabel(r), i === 0 ? total : 0, total); });
    }

    const form = el("form", {class: "stack decision", "data-decision": choice.decision});
    const seat = choice.seat;
    const title = el("h3", {text: X.t("{player}: {decision}", {player: kit.who, decision: decisionWords(choice.decision)})});
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
          kit.say(result.ok ? X.t("Done.") : X.refusal(result), result.ok);
          if (result.ok) kit.clear();
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
        if (choice.bards && choice.regions.length) form.append(el("fieldset", {}, splitInputs(choice.bards)));
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
        form.append(el("fieldset", {}, splitInputs(choice.bards)));
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
    form.addEventListener("submit", function (event) { event.preventDefault(); kit.decide(build()); });
    return form;
  }

  window.GamePages = Object.assign(window.GamePages || {}, {
    referee: {syncWizard: syncWizard, startWizard: startWizard, setup: setup, faceUp: faceUp, choiceForm: choiceForm},
  });
})();
