// The board pack's walk-through on the referee's phone: one screen per city, region, tile and colossus,
// and a count at the end of each section. Only what is known (a rule fact, a road seen from its other
// city) is filled in; the rest the owner picks from what they see, and Save stays off until every part
// is filled. Every step goes to /api/verify/..., which saves the walk and answers with its new state.
"use strict";
(function () {
  const texts = JSON.parse(document.getElementById("verify-texts").textContent);
  const units = JSON.parse(document.getElementById("verify-units").textContent);
  const $ = function (id) { return document.getElementById(id); };

  // A plural text comes as its forms for 0, 1 and 2 (web/i18n.py): the field `n` picks one.
  function t(message, params) {
    let text = texts[message] || message;
    if (Array.isArray(text)) text = text[Math.min(2, Math.max(0, Number((params || {}).n) || 0))];
    for (const [key, value] of Object.entries(params || {})) text = text.split("{" + key + "}").join(String(value));
    return text;
  }

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else if (key === "on") node.addEventListener("click", value);
      else node.setAttribute(key, value);
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  async function call(method, url, data) {
    const options = {method: method, credentials: "same-origin", headers: {}};
    if (data !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(data);
    }
    let answer;
    try {
      answer = await fetch(url, options);
    } catch (error) {
      return {ok: false, status: 0, data: {error: t("Could not reach the table: try again.")}};
    }
    const body = await answer.json().catch(function () { return {}; });
    return {ok: answer.ok, status: answer.status, data: body};
  }

  // -- signing in (the page is the referee's) ------------------------------------------------------
  const login = $("verify-login");
  if (login) {
    login.addEventListener("submit", async function (event) {
      event.preventDefault();
      const result = await call("POST", "/api/login", {pin: login.pin.value.trim()});
      if (result.ok) { location.reload(); return; }
      $("login-note").textContent = result.status === 403 ? t("Wrong PIN.")
        : t("Refused: {error}", {error: result.data.error || result.status});
    });
    return;
  }

  let state = null;
  let busy = false;

  async function step(url, data) {
    if (busy) return null;  // a double tap answers once
    busy = true;
    document.body.dataset.busy = "yes";
    try {
      const result = await call("POST", url, data === undefined ? {} : data);
      if (result.ok) {
        draw(result.data);
        $("message").textContent = "";
      } else {
        $("message").textContent = t("Refused: {error}", {error: result.data.error || result.status});
        $("message").dataset.good = "no";
      }
      return result;
    } finally {
      busy = false;
      delete document.body.dataset.busy;
    }
  }

  function answer(value) {
    return step("/api/verify/answer", {screen: state.screen.key, value: value});
  }

  // -- drawing the state ---------------------------------------------------------------------------
  function draw(data) {
    state = data;
    const q = data.screen;
    const percent = Math.round(100 * data.answered / data.total);
    $("bar").style.width = percent + "%";
    $("progress").setAttribute("aria-valuenow", String(data.answered));
    $("progress").setAttribute("aria-valuemax", String(data.total));
    $("progress-text").textContent = t("{done} of {total} screens answered", {done: data.answered, total: data.total});
    $("pack-line").textContent = data.pack_text;
    $("pack-line").dataset.status = data.pack.status;
    $("walk").hidden = q === null;
    $("summary").hidden = q !== null;
    if (q !== null) drawScreen(q, data);
    else drawSummary(data);
    drawConflicts(data.conflicts);
    drawSections(data.sections, q);
    // After a jump from the lists below (Fix, Go), the screen comes back into sight.
    const card = $(q !== null ? "walk" : "summary");
    const top = card.getBoundingClientRect().top;
    const header = document.querySelector("header.top");
    if (top < (header ? header.offsetHeight : 0) || top > window.innerHeight * 0.6) card.scrollIntoView({block: "start"});
  }

  // Each field of the screen is a widget with a value() (null while blank) and the check that it is filled.
  let widgets = [];

  function drawScreen(q, data) {
    $("where").textContent = q.title + " · " + t("Screen {n} of {total}", {n: q.index + 1, total: data.total});
    $("prompt").textContent = q.prompt;
    $("hint").textContent = q.hint;
    $("state").textContent = q.answered ? t("Answered.") : t("Not answered yet.");
    const here = $("here-conflicts");
    here.replaceChildren();
    for (const text of q.conflicts) here.append(el("li", {text: text}));
    const box = $("fields");
    box.replaceChildren();
    widgets = [];
    for (const f of q.fields) {
      const make = {road: roadField, cities: citiesField, fame: numbersField, rewards: numbersField, size: sizeField,
                    count: numbersField, recruit: unitsField, units: unitsField}[f.kind];
      const field = el("fieldset", {class: "field", "data-field": f.name, "data-known": f.known ? "yes" : "no"});
      const legend = el("legend", {text: f.label});
      if (f.known) legend.append(el("span", {class: "known", text: " " + t("known")}));
      field.append(legend);
      const widget = make(q, f, field);
      widgets.push({name: f.name, widget: widget});
      box.append(field);
    }
    check();
  }

  function check() {
    const filled = widgets.every(function (w) { return w.widget.value() !== undefined; });
    $("save").disabled = !filled;
    const blanks = widgets.filter(function (w) { return w.widget.value() === undefined; }).length;
    $("save-note").textContent = blanks ? t("{n} part to fill in from your board.", {n: blanks}) : "";
  }

  function roadField(q, f, box) {
    // undefined: blank (not yet looked at); null: no road of this colour
    let current = f.known ? f.value : undefined;
    const grid = el("div", {class: "grid"});
    const buttons = [];
    const press = function () {
      for (const b of buttons) {
        const city = b.dataset.city === "none" ? null : Number(b.dataset.city);
        b.setAttribute("aria-pressed", current === city ? "true" : "false");
      }
      check();
    };
    const add = function (city, label) {
      const b = el("button", {type: "button", class: "pick", "data-city": city === null ? "none" : String(city),
                              text: label, on: function () { current = city; press(); }});
      buttons.push(b);
      grid.append(b);
    };
    add(null, t("None"));
    for (let city = 1; city <= 21; city++) if (city !== q.city) add(city, String(city));
    box.append(grid);
    press();
    return {value: function () { return current; }};
  }

  function citiesField(q, f, box) {
    const chosen = new Set(f.known ? f.value : []);
    const grid = el("div", {class: "grid"});
    const total = el("p", {class: "small"});
    for (let city = 1; city <= 21; city++) {
      const button = el("button", {type: "button", class: "pick", "data-city": String(city),
                                   "aria-pressed": chosen.has(city) ? "true" : "false", text: String(city)});
      button.addEventListener("click", function () {
        if (chosen.has(city)) chosen.delete(city); else chosen.add(city);
        button.setAttribute("aria-pressed", chosen.has(city) ? "true" : "false");
        show();
        check();
      });
      grid.append(button);
    }
    const show = function () { total.textContent = t("{n} city chosen", {n: chosen.size}); };
    show();
    box.append(grid, total);
    return {value: function () {
      return chosen.size >= 3 ? Array.from(chosen).sort(function (a, b) { return a - b; }) : undefined;
    }};
  }

  function numberInput(label, value, min, max) {
    const input = el("input", {type: "number", inputmode: "numeric", min: String(min), max: String(max),
                               "aria-label": label});
    if (value !== null && value !== undefined) input.value = String(value);
    input.addEventListener("input", check);
    return input;
  }

  function numbersField(q, f, box) {
    let labels, limits;
    if (f.kind === "fame") { labels = [t("High"), t("Low")]; limits = [0, 20]; }
    else if (f.kind === "rewards") { labels = [t("gold"), t("bards"), t("guild")]; limits = [1, 9]; }
    else { labels = [f.label]; limits = [0, 300]; }
    const start = f.known ? (Array.isArray(f.value) ? f.value : [f.value]) : [];
    const inputs = labels.map(function (label, i) { return numberInput(label, start[i], limits[0], limits[1]); });
    const row = el("div", {class: "numbers"});
    labels.forEach(function (label, i) {
      row.append(el("label", {class: "number"}, [el("span", {class: "small", text: label}), inputs[i]]));
    });
    box.append(row);
    return {value: function () {
      const values = inputs.map(function (input) { return input.value === "" ? NaN : Number(input.value); });
      if (values.some(function (v) { return !Number.isInteger(v) || v < limits[0] || v > limits[1]; })) return undefined;
      if (f.kind === "fame" && values[0] < values[1]) return undefined;
      return labels.length === 1 ? values[0] : values;
    }};
  }

  function sizeField(q, f, box) {
    let current = f.known ? f.value : undefined;
    const grid = el("div", {class: "grid"});
    const buttons = [3, 4, 5].map(function (n) {
      return el("button", {type: "button", class: "pick", "data-size": String(n), text: String(n),
                           on: function () { current = n; press(); }});
    });
    const press = function () {
      for (const b of buttons) b.setAttribute("aria-pressed", Number(b.dataset.size) === current ? "true" : "false");
      check();
    };
    buttons.forEach(function (b) { grid.append(b); });
    box.append(grid);
    press();
    return {value: function () { return current; }};
  }

  function stepper(label, value, min, max, onChange) {
    const out = el("output", {class: "count", text: String(value)});
    let current = value;
    const set = function (v) { current = Math.max(min, Math.min(max, v)); out.textContent = String(current); onChange(current); };
    return el("div", {class: "stepper", "data-label": label}, [
      el("span", {class: "label", text: label}),
      el("button", {type: "button", "aria-label": label + " −", text: "−", on: function () { set(current - 1); }}),
      out,
      el("button", {type: "button", "aria-label": label + " +", text: "+", on: function () { set(current + 1); }}),
    ]);
  }

  function unitsField(q, f, box) {
    const counts = {};
    for (const u of units) counts[u.name] = 0;
    if (f.known) for (const name of f.value) counts[name] += 1;
    const need = f.kind === "recruit" ? q.count : null;
    const total = el("p", {class: "small"});
    const sum = function () { return Object.values(counts).reduce(function (a, b) { return a + b; }, 0); };
    const show = function () {
      total.textContent = need ? t("{n} of {total} units", {n: sum(), total: need}) : t("{n} unit", {n: sum()});
    };
    for (const u of units) {
      box.append(stepper(u.label, counts[u.name], 0, 6, function (v) { counts[u.name] = v; show(); check(); }));
    }
    box.append(total);
    show();
    return {value: function () {
      const n = sum();
      if (need ? n !== need : (n < 1 || n > 6)) return undefined;
      const list = [];
      for (const u of units) for (let i = 0; i < counts[u.name]; i++) list.push(u.name);
      return list;
    }};
  }

  function drawSummary(data) {
    $("summary-text").textContent = data.unanswered ? t("{n} screen still unanswered.", {n: data.unanswered})
      : data.complete ? t("Every screen is answered.")
      : t("The board and the 4-5-player material are answered. The 3-player tiles wait until before the first 3-player game.");
    $("first-open").hidden = !data.unanswered;
    $("three-player").hidden = !!data.unanswered || !data.three_player_open;
    const list = $("changes");
    list.replaceChildren();
    if (!data.changes.length) list.append(el("li", {text: t("Nothing differs from the pack you started from.")}));
    for (const c of data.changes) {
      list.append(el("li", {}, [el("span", {text: c.prompt + " — " + c.field + ": "}), el("s", {text: c.before}),
                                el("span", {text: " → "}), el("strong", {text: c.after})]));
    }
    $("finish").disabled = !data.ready;
    $("finish").textContent = data.complete ? t("Save the verified pack") : t("Save the pack checked so far");
  }

  function drawConflicts(conflicts) {
    const list = $("conflicts");
    list.replaceChildren();
    $("conflict-count").textContent = conflicts.length ? String(conflicts.length) : "";
    if (!conflicts.length) list.append(el("li", {class: "muted", text: t("No conflict.")}));
    for (const c of conflicts) {
      const kind = c.blocking ? t("Problem") : t("Warning");
      list.append(el("li", {class: c.blocking ? "conflict problem" : "conflict warning"}, [
        el("p", {}, [el("strong", {text: kind + ": "}), el("span", {text: c.text})]),
        el("button", {type: "button", class: "small", "data-goto": c.screen, text: t("Fix") + " — " + c.prompt,
                      on: function () { step("/api/verify/goto", {screen: c.screen}); }}),
        lookAgain(c),
      ]));
    }
  }

  // A count that differs names the screens that could explain it: one small button each.
  function lookAgain(c) {
    const row = el("p", {class: "row look-again"});
    if (!c.screen.startsWith("count:")) return row;
    for (const key of c.screens) {
      row.append(el("button", {type: "button", class: "small", "data-goto": key, text: key.split(":").pop(),
                               on: function () { step("/api/verify/goto", {screen: key}); }}));
    }
    return row;
  }

  function drawSections(sections, q) {
    const list = $("sections");
    list.replaceChildren();
    for (const s of sections) {
      list.append(el("li", {class: "row"}, [
        el("span", {class: "grow", text: s.title + " — " + s.answered + " / " + s.total}),
        el("button", {type: "button", class: "small", "aria-current": q && q.section === s.name ? "step" : "false",
                      text: t("Go"), on: function () { step("/api/verify/goto", {screen: s.first}); }}),
      ]));
    }
  }

  // -- the buttons -------------------------------------------------------------------------------------
  $("save").addEventListener("click", function () {
    if (!state || !state.screen) return;
    const value = {};
    for (const w of widgets) value[w.name] = w.widget.value();
    answer(value);
  });
  $("back").addEventListener("click", function () { step("/api/verify/back"); });
  $("skip").addEventListener("click", function () { step("/api/verify/skip"); });
  $("first-open").addEventListener("click", function () { step("/api/verify/goto", {screen: "first-open"}); });
  $("three-player").addEventListener("click", function () { step("/api/verify/goto", {screen: "tile:3:1"}); });
  $("restart").addEventListener("click", function () {
    if (window.confirm(t("Start over? Every answer so far is dropped."))) step("/api/verify/restart");
  });
  $("finish").addEventListener("click", async function () {
    const now = new Date();
    const date = [now.getFullYear(), String(now.getMonth() + 1).padStart(2, "0"),
                  String(now.getDate()).padStart(2, "0")].join("-");
    const result = await call("POST", "/api/verify/finish", {date: date});
    $("finish-note").textContent = result.ok ? "" : t("Refused: {error}", {error: result.data.error || result.status});
    $("finish-note").dataset.good = "no";
    if (result.ok) {
      $("done-note").textContent = result.data.message;  // stays in sight above the next walk
      await load();
      $("done-note").scrollIntoView({block: "center"});
    }
  });

  $("import").addEventListener("submit", async function (event) {
    event.preventDefault();
    const file = $("import-file").files[0];
    if (!file) return;
    const text = await file.text();
    const problems = $("import-problems");
    problems.replaceChildren();
    let result = await call("POST", "/api/verify/import", {pack: text});
    if (result.status === 409 && window.confirm(t("Import this pack? The walk-through starts over from it."))) {
      result = await call("POST", "/api/verify/import", {pack: text, replace: true});
    }
    $("import-note").textContent = result.ok ? result.data.message
      : t("Refused: {error}", {error: result.data.error || result.status});
    $("import-note").dataset.good = result.ok ? "yes" : "no";
    for (const line of (result.data.problems || [])) problems.append(el("li", {text: line}));
    if (result.ok) load();
  });

  async function load() {
    const result = await call("GET", "/api/verify/state");
    if (result.ok) draw(result.data);
    else $("message").textContent = t("Refused: {error}", {error: result.data.error || result.status});
  }
  load();
})();
