// Zargos's seat page: a decision sent with one tap (a people, a pile, a card played or a pass, the next
// combat), the cards to keep, the reinforcement swords, and the map moves built in taps on the seat's map:
// tap one of your provinces, (for a sea route, the sea spaces in order), then the target, set the
// strength, Add; Confirm sends the move (an attack, a reorganisation of up to its steps, a placement or
// the reinforcements' spread). The table refuses a wrong move in words; the page shows why.
"use strict";
(function () {
  const X = window.Xidit;
  let built = [];   // the steps (attack, reorganisation) or the spread (placement, reinforcements)
  let from = null;  // the province tapped first
  let route = [];   // the sea spaces tapped after it
  let to = null;

  function note(text) { const n = document.getElementById("znote"); if (n) n.textContent = text; }
  function box() { return document.getElementById("zbuild"); }
  function data(name) { const b = box(); return b ? JSON.parse(b.dataset[name]) : null; }

  async function send(action) {
    let result;
    try {
      result = await X.command({command: "decide", seat: action.seat, action: action});
    } catch (error) {
      note(X.t("Reconnecting…"));
      return false;
    }
    if (!result.ok) note(X.refusal(result));
    return result.ok;
  }

  function spreadKind(choice) { return choice.decision === "place" || choice.decision === "reinforce"; }

  function names() { return data("names"); }

  function prompt() {
    const p = document.getElementById("zprompt");
    const choice = data("choice");
    if (!p || !choice) return;
    if (spreadKind(choice)) p.textContent = X.t("Tap a province to put tokens on.");
    else if (choice.decision === "attack") p.textContent = "";  // the lists say it; the summary sums it up
    else if (from === null) p.textContent = X.t("Tap one of your provinces.");
    else if (choice.decision === "attack") p.textContent = X.t("Tap the province to attack, or the sea spaces of the route first.");
    else p.textContent = X.t("Tap the province to move to, or the sea spaces of the route first.");
    document.querySelectorAll(".zargos-map .picked").forEach(function (g) { g.classList.remove("picked"); });
    [from, to].concat(route).forEach(function (id) {
      if (!id) return;
      const g = document.querySelector('.seatmap [data-province="' + id + '"], .seatmap [data-sea="' + id + '"]');
      if (g) g.classList.add("picked");
    });
    pickers();
    const list = document.getElementById("zbuilt");
    const n = names();
    list.replaceChildren.apply(list, built.map(function (s) {
      const li = document.createElement("li");
      if (spreadKind(choice)) li.textContent = X.t("{province}: {n}", {province: n.provinces[s.province], n: s.strength});
      else {
        li.textContent = X.t("From {from} to {to}: strength {n}", {from: n.provinces[s.from], to: n.provinces[s.to], n: s.strength})
          + (s.route.length ? " · " + X.t("by sea: {route}", {route: s.route.map(function (r) { return n.seas[r]; }).join(", ")}) : "");
      }
      return li;
    }));
    if (choice.decision === "place") {
      const sum = built.reduce(function (a, s) { return a + s.strength; }, 0);
      const extra = document.createElement("li");
      extra.className = "muted";
      extra.textContent = X.t("{n} of {need} placed", {n: sum, need: choice.strength});
      list.appendChild(extra);
    }
  }

  // The attack's lists: one's provinces (the select #zfrom), then where that province may attack (#zto):
  // its neighbours not one's own by land, and the coastal provinces one's boats reach by sea, the fewest sea
  // spaces first (4.1, 5.2-5.4). The lists and the map tell the same move; the sentence below says it.
  function targets(origin) {
    const n = names();
    const choice = data("choice");
    const mine = function (p) { return (n.held[p] || [])[0] === choice.people; };
    const found = [];
    (n.borders[origin] || []).forEach(function (p) { if (!mine(p)) found.push({to: p, route: []}); });
    const seen = {};
    found.forEach(function (f) { seen[f.to] = true; });
    seen[origin] = true;
    let paths = (n.coasts[origin] || []).map(function (s) { return [s]; });
    const visited = {};
    paths.forEach(function (p) { visited[p[0]] = true; });
    while (paths.length && paths[0].length <= choice.boats) {
      const next = [];
      paths.forEach(function (path) {
        const sea = path[path.length - 1];
        Object.keys(n.coasts).sort().forEach(function (p) {
          if (!seen[p] && !mine(p) && n.coasts[p].indexOf(sea) >= 0) { seen[p] = true; found.push({to: p, route: path}); }
        });
        (n.sea_links[sea] || []).forEach(function (s) {
          if (!visited[s]) { visited[s] = true; next.push(path.concat([s])); }
        });
      });
      paths = next;
    }
    return found;
  }

  function holder(p) {
    const n = names();
    const h = n.held[p];
    if (h) return n.peoples[h[0]] + ", " + h[1];
    return n.demons.indexOf(p) >= 0 ? n.words.demons : n.words.empty;
  }

  function pickers() {
    const fromList = document.getElementById("zfrom");
    const toList = document.getElementById("zto");
    if (!fromList || !toList) return;
    const n = names();
    fromList.value = from || "";
    const options = from ? targets(from) : [];
    const key = JSON.stringify([from, options]);
    if (toList.dataset.key !== key) {
      toList.dataset.key = key;
      const first = document.createElement("option");
      first.value = "";
      first.textContent = from ? "…" : toList.options[0].textContent;
      toList.replaceChildren(first);
      options.forEach(function (o) {
        const option = document.createElement("option");
        option.value = o.to;
        option.dataset.route = JSON.stringify(o.route);
        option.textContent = n.provinces[o.to] + " (" + holder(o.to) + ")" + (o.route.length ? " · " + n.words.by_sea : "");
        toList.appendChild(option);
      });
    }
    toList.disabled = !from;
    toList.value = to && route.length === 0 ? to : (to ? (Array.from(toList.options).find(function (o) {
      return o.value === to && o.dataset.route === JSON.stringify(route); }) || {value: ""}).value : "");
    summary();
  }

  function summary() {
    const line = document.getElementById("zsummary");
    if (!line) return;
    const n = names();
    const strength = Number(document.getElementById("zstrength").value);
    line.textContent = from && to ? X.t("From {from} to {to}: strength {n}", {from: n.provinces[from], to: n.provinces[to], n: strength})
      + (route.length ? " · " + X.t("by sea: {route}", {route: route.map(function (r) { return n.seas[r]; }).join(", ")}) : "") : "";
  }

  function pickFrom(id) {
    const choice = data("choice");
    from = id || null; to = null; route = [];
    const source = choice.sources.find(function (s) { return s[0] === id; });
    const input = document.getElementById("zstrength");
    if (source && input) { input.max = source[1]; input.value = source[1]; }
    note("");
    prompt();
  }

  function pickTo(select) {
    const option = select.options[select.selectedIndex];
    to = select.value || null;
    route = to && option.dataset.route ? JSON.parse(option.dataset.route) : [];
    note("");
    prompt();
  }

  function reset() { built = []; from = null; route = []; to = null; prompt(); }

  function tapProvince(id) {
    const choice = data("choice");
    if (spreadKind(choice)) { to = id; prompt(); return; }
    const sources = choice.decision === "attack" ? choice.sources.map(function (s) { return s[0]; }) : choice.provinces;
    if (from === null || (to === null && route.length === 0 && sources.indexOf(id) >= 0 && id !== from && !adjacent(from, id))) {
      if (sources.indexOf(id) < 0) { note(X.t("Tap one of your provinces.")); return; }
      from = id;
      const most = choice.decision === "attack" ? choice.sources.find(function (s) { return s[0] === id; })[1] : null;
      const input = document.getElementById("zstrength");
      if (most !== null && input) { input.max = most; input.value = most; }
    } else {
      to = id;
    }
    note("");
    prompt();
  }

  function adjacent(a, b) { const n = names(); return (n.borders[a] || []).indexOf(b) >= 0; }

  function tapSea(id) {
    if (from === null || spreadKind(data("choice"))) return;
    route.push(id);
    prompt();
  }

  function add() {
    const choice = data("choice");
    const strength = Number(document.getElementById("zstrength").value);
    if (spreadKind(choice)) {
      if (!to) { note(X.t("Choose first.")); return; }
      const had = built.find(function (s) { return s.province === to; });
      if (had) had.strength += strength; else built.push({province: to, strength: strength});
      to = null;
    } else {
      if (!from || !to) { note(X.t("Choose first.")); return; }
      built.push({from: from, to: to, strength: strength, route: route.slice()});
      if (choice.decision === "attack") built = built.slice(-1);  // an attack is one move
      else built = built.slice(-choice.steps);
      from = null; to = null; route = [];
    }
    note("");
    prompt();
  }

  async function confirm() {
    const choice = data("choice");
    if ((from && to) || (spreadKind(choice) && to)) add();
    if (!built.length) { note(X.t("Choose first.")); return; }
    let action;
    const seat = choice.seat;
    if (choice.decision === "attack") {
      const s = built[0];
      action = {type: "attack", seat: seat, people: choice.people, from: s.from, to: s.to, strength: s.strength, route: s.route};
    } else if (choice.decision === "reorganise") {
      action = {type: "reorganise", seat: seat, people: choice.people, steps: built};
    } else {
      const spread = {};
      built.forEach(function (s) { spread[s.province] = s.strength; });
      action = choice.decision === "place" ? {type: "place", seat: seat, people: choice.people, spread: spread}
        : {type: "reinforce", seat: seat, people: choice.people, spread: spread,
           boats: Number((document.getElementById("zboats") || {value: 0}).value)};
    }
    const sent = shown;
    // The table took the move: start afresh, unless the page already shows the next decision (its answer
    // may come after the part that follows it, and the player may have begun the next move there).
    if (await send(action) && shown === sent) reset();
  }

  // A card drawn or a printed value, told in one tap (the dice's totals are typed in the shared form, app.js).
  async function tell(outcome) {
    const asking = document.getElementById("asking");
    const result = await X.command({command: "tell", outcome: outcome, question: Number(asking.dataset.question)});
    if (!result.ok) note(X.refusal(result));
  }

  document.addEventListener("click", async function (event) {
    const told = event.target.closest("[data-ztell]");
    if (told) { await tell(JSON.parse(told.dataset.ztell)); return; }
    const one = event.target.closest("[data-zaction]");
    if (one) { event.preventDefault(); one.disabled = true; await send(JSON.parse(one.dataset.zaction)); one.disabled = false; return; }
    const play = event.target.closest("[data-zplay]");
    if (play) {
      const select = document.querySelector('[data-target-of="' + play.dataset.targetIndex + '"]');
      await send({type: "play_card", seat: Number(play.dataset.seat), card: play.dataset.zplay, target: select ? select.value : ""});
      return;
    }
    if (!box()) return;
    if (event.target.closest("#zadd")) { add(); return; }
    if (event.target.closest("#zreset")) { reset(); return; }
    if (event.target.closest("#zconfirm")) { await confirm(); return; }
    const province = event.target.closest(".seatmap [data-province]");
    if (province) { tapProvince(province.dataset.province); return; }
    const sea = event.target.closest(".seatmap [data-sea]");
    if (sea) tapSea(sea.dataset.sea);
  });

  document.addEventListener("change", function (event) {
    if (event.target.id === "zfrom") pickFrom(event.target.value);
    else if (event.target.id === "zto") pickTo(event.target);
  });
  document.addEventListener("input", function (event) { if (event.target.id === "zstrength") summary(); });

  // One combat left and no card to play first: nothing to choose, the page starts it (6.1), once per choice.
  let started = null;
  async function startAlone() {
    const alone = document.querySelector("[data-zauto]");
    if (!alone || alone.dataset.zauto === started) return;
    started = alone.dataset.zauto;
    await send(JSON.parse(alone.dataset.zauto));
  }

  document.addEventListener("submit", async function (event) {
    const form = event.target;
    if (form.classList.contains("zkeep")) {
      event.preventDefault();
      const cards = Array.from(form.querySelectorAll("input:checked")).map(function (i) { return i.value; });
      await send({type: "keep", seat: Number(form.dataset.seat), cards: cards});
    } else if (form.classList.contains("zswords")) {
      event.preventDefault();
      const swords = Array.from(form.querySelectorAll("input")).map(function (i) { return Number(i.value); });
      await send({type: "swords", seat: Number(form.dataset.seat), people: form.dataset.people, swords: swords});
    }
  });

  // The live part is swapped after each change (anyone's move, or the same version fetched again): a move
  // half built, the numbers typed, the boxes ticked, the targets chosen are kept
  // and shown again on the new part, unless the decision (or the question) changed.
  let shown = null;
  let typed = null;  // the fields of the decision as they were just before the swap
  function decisionKey() { const d = document.getElementById("zdecide"); return d ? d.dataset.choice : null; }
  function fields() { return Array.from(document.querySelectorAll("#zdecide input, #zdecide select")); }
  let dice = null;  // the totals typed for the table's dice, with their question
  function diceFields() { return Array.from(document.querySelectorAll("#asking form.tell-dice input")); }
  function question() { const a = document.getElementById("asking"); return a ? a.dataset.question : null; }
  document.addEventListener("xidit:refreshing", function () {
    // The same decision is drawn the same way: its fields are matched by their place.
    typed = {key: decisionKey(), fields: fields().map(function (i) { return i.type === "checkbox" ? i.checked : i.value; })};
    dice = {question: question(), totals: diceFields().map(function (i) { return i.value; }),
            focused: diceFields().indexOf(document.activeElement)};
  });
  document.addEventListener("xidit:refreshed", function () {
    const b = box();
    const key = b ? b.dataset.choice : null;
    if (key !== shown) { built = []; from = null; route = []; to = null; shown = key; }
    const now = fields();
    if (typed && typed.key !== null && typed.key === decisionKey() && typed.fields.length === now.length) {
      now.forEach(function (input, n) {
        if (input.type === "checkbox") input.checked = typed.fields[n]; else input.value = typed.fields[n];
      });
    }
    typed = null;
    const totals = diceFields();
    if (dice && dice.question !== null && dice.question === question() && dice.totals.length === totals.length) {
      totals.forEach(function (input, n) { input.value = dice.totals[n]; });
      if (dice.focused >= 0) totals[dice.focused].focus();
    }
    dice = null;
    if (b) { document.querySelector(".seatmap .zargos-map").classList.add("taking"); prompt(); }
    startAlone();
  });
  document.addEventListener("DOMContentLoaded", function () {
    const b = box();
    shown = b ? b.dataset.choice : null;
    if (b) { document.querySelector(".seatmap .zargos-map").classList.add("taking"); prompt(); }
    startAlone();
  });
})();
