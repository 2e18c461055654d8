// The form of what the table states (templates/zargos/_stated.html, stated.py): lines of tokens added or
// removed in taps (a province from the list or the map, its people, − and +), boats, a move allowed, what it
// comes from; a preview in words of what will be recorded; sent as the framework's `state`. What is being
// filled in is kept across the live part's refreshes (the other seats play on meanwhile).
"use strict";
(function () {
  if (window.ZargosStated) return;
  window.ZargosStated = true;
  const X = window.Xidit;
  let kept = null;  // what the form held, put back in the form of each new live part
  let note = "";  // what the table answered last, said again in the new part

  function formOf(node) { return node && node.closest ? node.closest(".zstate-form") : null; }
  function json(form, key) { try { return JSON.parse(form.dataset[key] || "{}"); } catch (e) { return {}; } }
  function said(text, params) {
    let out = Array.isArray(text) ? text[Math.min(2, Math.max(0, Number(params.n) || 0))] : String(text || "");
    for (const [key, value] of Object.entries(params || {})) out = out.split("{" + key + "}").join(String(value));
    return out;
  }
  function number(output) { return Number(output.textContent.replace("+", "")) || 0; }
  function show(output, n, signed) { output.textContent = signed && n > 0 ? "+" + n : String(n); }

  function clearNote(form) {
    note = "";
    form.querySelector(".zstate-note").textContent = "";
  }

  function read(form) {
    const kind = (form.querySelector("input[name=zkind]:checked") || {}).value || "";
    const rows = Array.from(form.querySelectorAll(".zrow")).map(function (row) {
      return {province: row.querySelector("[name=zprovince]").value, people: row.querySelector("[name=zpeople]").value,
              n: number(row.querySelector(".zn"))};
    });
    const boats = {};
    form.querySelectorAll(".zboat").forEach(function (b) { boats[b.dataset.people] = number(b.querySelector(".zn")); });
    const allow = Array.from(form.querySelectorAll("input[name=zallow]:checked")).map(function (c) { return c.value; });
    const reason = form.querySelector("[name=zreason]");
    const out = form.querySelector("[name=zcardout]");
    const trades = {};
    form.querySelectorAll(".ztrade").forEach(function (part) {
      const sides = {};
      part.querySelectorAll(".zside").forEach(function (side) {
        const gives = {};
        side.querySelectorAll(".zgive").forEach(function (g) { gives[g.dataset.card] = number(g.querySelector(".zn")); });
        sides[side.dataset.side] = {party: side.querySelector("[name=zparty]").value, gives: gives};
      });
      trades[part.dataset.part] = sides;
    });
    return {kind: kind, reason: reason ? reason.value : "", rows: rows, boats: boats, allow: allow,
            out: out ? out.value : "", trades: trades};
  }

  // The cards one side of a trade may give (stated.py: each by kind, with how many it holds), 0 of each.
  function renderGives(side) {
    const part = side.closest(".ztrade");
    const parties = JSON.parse(part.dataset.parties || "[]");
    const party = parties.find(function (p) { return p.key === side.querySelector("[name=zparty]").value; });
    const box = side.querySelector(".zgives");
    box.replaceChildren();
    ((party || {}).cards || []).forEach(function (card) {
      const row = document.createElement("div");
      row.className = "row zgive";
      row.dataset.card = card.value;
      row.dataset.most = String(card.most);
      const name = document.createElement("span");
      name.className = "zname";
      name.textContent = card.name + (card.most > 1 ? " ×" + card.most : "");
      const step = document.createElement("span");
      step.className = "zstep";
      step.innerHTML = '<button type="button" class="small" data-zstep="-1">−</button><output class="zn">0</output>' +
                       '<button type="button" class="small" data-zstep="1">+</button>';
      row.append(name, step);
      box.append(row);
    });
  }

  // A seat states a trade it takes part in: its own side first.
  function startTrades(form) {
    const seat = form.dataset.seat;
    form.querySelectorAll(".ztrade").forEach(function (part) {
      const parties = JSON.parse(part.dataset.parties || "[]");
      const [a, b] = part.querySelectorAll(".zside [name=zparty]");
      if (seat !== "" && a && b) {
        const mine = parties.find(function (p) { return String(p.seat) === seat; });
        const other = parties.find(function (p) { return String(p.seat) !== seat; });
        if (mine) a.value = mine.key;
        if (other) b.value = other.key;
      }
      part.querySelectorAll(".zside").forEach(renderGives);
    });
  }

  function addRow(form, province) {
    const template = form.querySelector(".zrow-template");
    const list = form.querySelector(".zrows");
    if (!template || !list) return null;
    const row = template.content.firstElementChild.cloneNode(true);
    list.append(row);
    if (province) setProvince(row, province);
    return row;
  }

  function setProvince(row, province) {
    const select = row.querySelector("[name=zprovince]");
    select.value = province;
    const option = select.selectedOptions[0];
    const people = option ? option.dataset.people : "";
    if (people) row.querySelector("[name=zpeople]").value = people;  // its holder, most often the one meant
  }

  function write(form, d) {
    if (!d) return;
    const radio = form.querySelector('input[name=zkind][value="' + d.kind + '"]');
    if (radio) radio.checked = true;
    const reason = form.querySelector("[name=zreason]");
    if (reason && Array.from(reason.options).some(function (o) { return o.value === d.reason; })) reason.value = d.reason;
    d.rows.forEach(function (r) {
      const row = addRow(form, "");
      if (!row) return;
      row.querySelector("[name=zprovince]").value = r.province;
      row.querySelector("[name=zpeople]").value = r.people;
      show(row.querySelector(".zn"), r.n, true);
    });
    form.querySelectorAll(".zboat").forEach(function (b) { show(b.querySelector(".zn"), d.boats[b.dataset.people] || 0, true); });
    form.querySelectorAll("input[name=zallow]").forEach(function (c) { c.checked = d.allow.indexOf(c.value) >= 0; });
    const out = form.querySelector("[name=zcardout]");
    if (out && d.out) out.value = d.out;
    for (const [kind, sides] of Object.entries(d.trades || {})) {
      const part = form.querySelector('.ztrade[data-part="' + kind + '"]');
      if (!part) continue;
      part.querySelectorAll(".zside").forEach(function (side) {
        const was = sides[side.dataset.side];
        if (!was) return;
        side.querySelector("[name=zparty]").value = was.party;
        renderGives(side);
        side.querySelectorAll(".zgive").forEach(function (g) { show(g.querySelector(".zn"), was.gives[g.dataset.card] || 0, false); });
      });
    }
  }

  function action(form, d) {
    const seat = form.dataset.seat === "" ? null : Number(form.dataset.seat);
    if (d.kind === "adjust") {
      const boats = {};
      for (const [k, n] of Object.entries(d.boats)) if (n) boats[k] = n;
      return {type: "adjust", seat: seat, reason: d.reason, allow: d.allow, boats: boats,
              tokens: d.rows.filter(function (r) { return r.province && r.people && r.n; })
                .map(function (r) { return {province: r.province, people: r.people, change: r.n}; })};
    }
    if (d.kind === "out_of_game") {
      const cut = d.out.indexOf(":");
      return {type: "out_of_game", seat: seat, holder: Number(d.out.slice(0, cut)), card: d.out.slice(cut + 1)};
    }
    if (d.kind === "trade" || d.kind === "magic_trade") {
      const sides = d.trades[d.kind] || {};
      const cards = function (side) {
        const out = [];
        for (const [value, n] of Object.entries((side || {}).gives || {})) {
          for (let i = 0; i < n; i++) out.push(value.slice(value.indexOf(":") + 1));
        }
        return out;
      };
      const party = function (side) { return d.kind === "magic_trade" ? Number((side || {}).party) : (side || {}).party; };
      return {type: d.kind, seat: seat, a: party(sides.a), b: party(sides.b), a_gives: cards(sides.a),
              b_gives: cards(sides.b)};
    }
    return {type: d.kind, seat: seat};
  }

  // What will be recorded, in the words of the page's language (stated.py gives them).
  function preview(form) {
    const d = read(form);
    const w = json(form, "words");
    const names = json(form, "names");
    const who = form.dataset.seat === "" ? w.by_referee : w.by_seat;  // named by stated.py
    const lines = [];
    let head = "";
    if (d.kind === "adjust") {
      const [kind, what] = d.reason.split(":");
      const option = form.querySelector("[name=zreason]").selectedOptions[0];
      const reason = kind === "card" ? said(w.card, {card: option ? option.textContent : what})
        : kind === "power" ? said(w.power, {people: names.peoples[what] || what}) : w.referee;
      head = said(w.because, {who: who, reason: reason});
      d.rows.forEach(function (r) {
        if (!r.province || !r.n) return;
        lines.push(said(r.n > 0 ? w.more : w.fewer, {n: Math.abs(r.n), province: names.provinces[r.province] || r.province,
                                                     people: names.peoples[r.people] || r.people}));
      });
      for (const [k, n] of Object.entries(d.boats)) {
        if (n) lines.push(said(n > 0 ? w.boats_more : w.boats_fewer, {n: Math.abs(n), people: names.peoples[k] || k}));
      }
      form.querySelectorAll("input[name=zallow]:checked").forEach(function (c) { lines.push(c.parentElement.textContent.trim()); });
      if (!lines.length) { head = ""; lines.push(w.empty); }
    } else if (d.kind === "out_of_game") {
      const select = form.querySelector("[name=zcardout]");
      const option = select ? select.selectedOptions[0] : null;
      if (option) {
        head = who + ":";
        lines.push(said(w.out_of_game, {card: option.textContent, player: option.parentElement.label}));
      }
    } else if (d.kind === "trade" || d.kind === "magic_trade") {
      head = who + ":";
      form.querySelectorAll('.ztrade[data-part="' + d.kind + '"] .zside').forEach(function (side) {
        const given = Array.from(side.querySelectorAll(".zgive")).filter(function (g) { return number(g.querySelector(".zn")); })
          .map(function (g) {
            const n = number(g.querySelector(".zn"));
            const name = g.querySelector(".zname").textContent.replace(/ ×\d+$/, "");
            return n > 1 ? name + " ×" + n : name;
          });
        const who = side.querySelector("[name=zparty]").selectedOptions[0];
        lines.push(said(w.gives, {party: who ? who.textContent : "", cards: given.length ? given.join(", ") : w.nothing}));
      });
    } else if (d.kind === "trades_done") {
      head = who + ":";
      lines.push(w.trades_done);
    }
    form.querySelectorAll(".zpart").forEach(function (p) { p.hidden = p.dataset.part !== d.kind; });
    const box = form.querySelector(".zpreview");
    box.replaceChildren();
    if (head) { const b = document.createElement("b"); b.textContent = head; box.append(b); }
    const list = document.createElement("ul");
    lines.forEach(function (text) { const li = document.createElement("li"); li.textContent = text; list.append(li); });
    box.append(list);
    kept = d;
  }

  document.addEventListener("click", function (event) {
    const form = formOf(event.target);
    if (!form) return;
    clearNote(form);
    const step = event.target.closest("[data-zstep]");
    if (step) {
      const output = step.parentElement.querySelector(".zn");
      let n = number(output) + Number(step.dataset.zstep);
      if (n === 0 && step.closest(".zrow")) n += Number(step.dataset.zstep);  // a line of tokens changes some
      const give = step.closest(".zgive");  // a card given: none to as many as the party holds
      if (give) n = Math.max(0, Math.min(Number(give.dataset.most), n));
      show(output, n, !give);
    } else if (event.target.closest("[data-zadd-row]")) {
      addRow(form, "");
    } else if (event.target.closest("[data-zremove]")) {
      event.target.closest(".zrow").remove();
    } else {
      // A province tapped on the form's map: the line that has none yet, or a new line.
      const tapped = event.target.closest(".zstate-map [data-province]");
      if (!tapped) return;
      const open = Array.from(form.querySelectorAll(".zrow")).find(function (r) { return !r.querySelector("[name=zprovince]").value; });
      if (open) setProvince(open, tapped.dataset.province); else addRow(form, tapped.dataset.province);
    }
    preview(form);
  });

  document.addEventListener("change", function (event) {
    const form = formOf(event.target);
    if (!form) return;
    clearNote(form);
    if (event.target.name === "zprovince") setProvince(event.target.closest(".zrow"), event.target.value);
    if (event.target.name === "zparty") renderGives(event.target.closest(".zside"));
    preview(form);
  });

  document.addEventListener("submit", async function (event) {
    const form = formOf(event.target);
    if (!form) return;
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    const sent = action(form, read(form));
    const result = await X.command({command: "state", action: sent});
    button.disabled = false;
    const now = document.querySelector(".zstate-form") || form;  // the live part may have been swapped meanwhile
    if (result.ok) {
      now.querySelectorAll(".zrow").forEach(function (r) { r.remove(); });
      now.reset();
      startTrades(now);
      preview(now);
      // 2.10 (issue 36): a seat's trade is its half, made when the other player accepts the same trade
      note = sent.type === "trade" && sent.seat !== null
        ? X.t("Proposed: the trade is made when the other player accepts it.") : X.t("Done.");
    } else {
      note = X.refusal(result);
    }
    now.querySelector(".zstate-note").textContent = note;
  });

  // The form's map, fetched when its fold is open (the reader's own view of the board, as /map.svg draws it).
  async function fillMap(form) {
    const fold = form.querySelector(".zstate-map");
    const box = fold ? fold.querySelector(".mapbox") : null;
    if (!box || !fold.open || box.firstElementChild) return;
    const answer = await fetch(fold.dataset.src, {cache: "no-store", credentials: "same-origin"}).catch(function () { return null; });
    if (answer && answer.ok && !box.firstElementChild) box.innerHTML = await answer.text();
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.classList && event.target.classList.contains("zstate-map")) fillMap(formOf(event.target));
  }, true);

  function start() {
    const form = document.querySelector(".zstate-form");
    if (!form) return;
    const was = kept;
    startTrades(form);
    if (was) write(form, was);
    preview(form);
    fillMap(form);
    form.querySelector(".zstate-note").textContent = note;
  }
  document.addEventListener("xidit:refreshing", function () {
    const form = document.querySelector(".zstate-form");
    if (form) kept = read(form);
  });
  document.addEventListener("xidit:refreshed", start);
  X.loaded.then(start);
  if (document.readyState !== "loading") start(); else document.addEventListener("DOMContentLoaded", start);
})();
