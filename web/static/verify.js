// The board pack's walk-through on the referee's phone: one question per screen, the pack's value
// offered as the answer (Confirm: one tap), Change opens a picker. Every step goes to /api/verify/...,
// which saves the walk and answers with its new state; the page only draws that state.
"use strict";
(function () {
  const texts = JSON.parse(document.getElementById("verify-texts").textContent);
  const units = JSON.parse(document.getElementById("verify-units").textContent);
  const $ = function (id) { return document.getElementById(id); };

  function t(message, params) {
    let text = texts[message] || message;
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
    return step("/api/verify/answer", {question: state.question.key, value: value}).then(function (result) {
      if (result && result.ok && result.data.touched && result.data.touched.length) {
        const note = result.data.touched.map(function (c) {
          return t("Also changed: {what} — now {value}.", {what: c.prompt, value: c.shown});
        }).join(" ");
        $("message").textContent = note;
        $("message").dataset.good = "yes";
      }
    });
  }

  // -- drawing the state ---------------------------------------------------------------------------
  function draw(data) {
    state = data;
    const q = data.question;
    const percent = Math.round(100 * data.answered / data.total);
    $("bar").style.width = percent + "%";
    $("progress").setAttribute("aria-valuenow", String(data.answered));
    $("progress").setAttribute("aria-valuemax", String(data.total));
    $("progress-text").textContent = t("{done} of {total} answered", {done: data.answered, total: data.total});
    $("pack-line").textContent = data.pack_text;
    $("pack-line").dataset.status = data.pack.status;
    $("walk").hidden = q === null;
    $("summary").hidden = q !== null;
    closePicker();
    if (q !== null) drawQuestion(q, data);
    else drawSummary(data);
    drawConflicts(data.conflicts);
    drawSections(data.sections, q);
    // After a jump from the lists below (Fix, Go), the question comes back into sight.
    const card = $(q !== null ? "walk" : "summary");
    const top = card.getBoundingClientRect().top;
    const header = document.querySelector("header.top");
    if (top < (header ? header.offsetHeight : 0) || top > window.innerHeight * 0.6) card.scrollIntoView({block: "start"});
  }

  function drawQuestion(q, data) {
    $("where").textContent = q.title + " · " + t("Question {n} of {total}", {n: q.index + 1, total: data.total});
    $("prompt").textContent = q.prompt;
    $("hint").textContent = q.hint;
    $("value").textContent = q.shown;
    $("value").dataset.kind = q.kind;
    const bits = [q.answered ? t("Answered.") : t("Not answered yet.")];
    if (q.implied_text) bits.push(q.implied_text);
    if (q.changed) bits.push(t("Was {value} in the pack you started from.", {value: q.base_shown}));
    $("state").textContent = bits.join(" ");
    const here = $("here-conflicts");
    here.replaceChildren();
    for (const text of q.conflicts) here.append(el("li", {text: text}));
    $("confirm").textContent = "✓ " + t("Confirm: {value}", {value: q.shown});
    $("change").textContent = t("Change");
    $("confirm").focus({preventScroll: true});
  }

  function drawSummary(data) {
    $("summary-text").textContent = data.unanswered ? t("{n} question(s) still unanswered.", {n: data.unanswered})
      : t("Every question is answered.");
    $("first-open").hidden = !data.unanswered;
    const list = $("changes");
    list.replaceChildren();
    if (!data.changes.length) list.append(el("li", {text: t("Nothing changed: the pack was right.")}));
    for (const c of data.changes) {
      list.append(el("li", {}, [el("span", {text: c.prompt + " "}), el("s", {text: c.before}),
                                el("span", {text: " → "}), el("strong", {text: c.after})]));
    }
    $("finish").disabled = !data.ready;
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
        el("button", {type: "button", class: "small", "data-goto": c.question, text: t("Fix") + " — " + c.prompt,
                      on: function () { step("/api/verify/goto", {question: c.question}); }}),
      ]));
    }
  }

  function drawSections(sections, q) {
    const list = $("sections");
    list.replaceChildren();
    for (const s of sections) {
      list.append(el("li", {class: "row"}, [
        el("span", {class: "grow", text: s.title + " — " + s.answered + " / " + s.total}),
        el("button", {type: "button", class: "small", "aria-current": q && q.section === s.name ? "step" : "false",
                      text: t("Go"), on: function () { step("/api/verify/goto", {question: s.first}); }}),
      ]));
    }
  }

  // -- the pickers -----------------------------------------------------------------------------------
  function closePicker() {
    $("picker").hidden = true;
    $("picker").replaceChildren();
    $("change").setAttribute("aria-expanded", "false");
  }

  function openPicker() {
    const q = state.question;
    const box = $("picker");
    box.replaceChildren();
    const make = {road: roadPicker, border: borderPicker, fame: numbersPicker, rewards: numbersPicker,
                  colossus: numbersPicker, recruit: unitsPicker, needs: unitsPicker}[q.kind];
    make(q, box);
    box.hidden = false;
    $("change").setAttribute("aria-expanded", "true");
    const first = box.querySelector("button");
    if (first) first.scrollIntoView({block: "nearest"});
  }

  function cityButton(city, label, pressed, onClick) {
    return el("button", {type: "button", class: "pick", "data-city": city === null ? "none" : String(city),
                         "aria-pressed": pressed ? "true" : "false", text: label, on: onClick});
  }

  function roadPicker(q, box) {
    const grid = el("div", {class: "grid"});
    grid.append(cityButton(null, t("None"), q.value === null, function () { answer(null); }));
    for (let city = 1; city <= 21; city++) {
      if (city === q.city) continue;
      grid.append(cityButton(city, String(city), q.value === city, function () { answer(city); }));
    }
    box.append(grid, el("button", {type: "button", text: t("Cancel"), on: closePicker}));
  }

  function saveRow(box, valueOf, valid) {
    const save = el("button", {type: "button", class: "primary", id: "save-answer", text: t("Save this answer"),
                               on: function () { answer(valueOf()); }});
    const row = el("div", {class: "row"}, [save, el("button", {type: "button", text: t("Cancel"), on: closePicker})]);
    box.append(row);
    const check = function () { save.disabled = !valid(); };
    check();
    return check;
  }

  function borderPicker(q, box) {
    const chosen = new Set(q.value);
    const grid = el("div", {class: "grid"});
    let check = function () {};
    for (let city = 1; city <= 21; city++) {
      const button = cityButton(city, String(city), chosen.has(city), function () {
        if (chosen.has(city)) chosen.delete(city); else chosen.add(city);
        button.setAttribute("aria-pressed", chosen.has(city) ? "true" : "false");
        check();
      });
      grid.append(button);
    }
    box.append(grid);
    check = saveRow(box, function () { return Array.from(chosen).sort(function (a, b) { return a - b; }); },
                    function () { return chosen.size >= 3; });
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

  function numbersPicker(q, box) {
    const values = q.value.slice();
    let labels, limits;
    if (q.kind === "fame") { labels = [t("High"), t("Low")]; limits = [[0, 20], [0, 20]]; }
    else if (q.kind === "rewards") { labels = [t("gold"), t("bards"), t("guild")]; limits = [[1, 9], [1, 9], [1, 9]]; }
    else { labels = [t("Needs"), t("gold"), t("bards"), t("guild")]; limits = [[3, 5], [1, 9], [1, 9], [1, 9]]; }
    let check = function () {};
    labels.forEach(function (label, i) {
      box.append(stepper(label, values[i], limits[i][0], limits[i][1], function (v) { values[i] = v; check(); }));
    });
    check = saveRow(box, function () { return values.slice(); },
                    function () { return q.kind !== "fame" || values[0] >= values[1]; });
  }

  function unitsPicker(q, box) {
    const counts = {};
    for (const u of units) counts[u.name] = 0;
    for (const name of q.value) counts[name] += 1;
    const total = el("p", {class: "small", id: "unit-total"});
    let check = function () {};
    const sum = function () { return Object.values(counts).reduce(function (a, b) { return a + b; }, 0); };
    const show = function () {
      total.textContent = q.count ? t("{n} of {total} units", {n: sum(), total: q.count}) : t("{n} unit(s)", {n: sum()});
    };
    for (const u of units) {
      box.append(stepper(u.label, counts[u.name], 0, 6, function (v) { counts[u.name] = v; show(); check(); }));
    }
    box.append(total);
    show();
    check = saveRow(box, function () {
      const list = [];
      for (const u of units) for (let i = 0; i < counts[u.name]; i++) list.push(u.name);
      return list;
    }, function () { return q.count ? sum() === q.count : sum() >= 1 && sum() <= 6; });
  }

  // -- the buttons -------------------------------------------------------------------------------------
  $("confirm").addEventListener("click", function () { if (state && state.question) answer(state.question.value); });
  $("change").addEventListener("click", function () {
    if ($("picker").hidden) openPicker(); else closePicker();
  });
  $("back").addEventListener("click", function () { step("/api/verify/back"); });
  $("skip").addEventListener("click", function () { step("/api/verify/skip"); });
  $("first-open").addEventListener("click", function () { step("/api/verify/goto", {question: "first-open"}); });
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
