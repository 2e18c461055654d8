// The table's map, zoomed and panned by touch: + / − / whole-board buttons, a two-finger pinch, a double
// tap; its box scrolls (a finger, the wheel, a mouse drag) to pan. Zoom 1 is the whole board in its box;
// a phone opens zoomed just enough for the map's smallest label to read. The page redraws the map after
// every change of the table: the zoom and the point in the middle of the box are kept across redraws (and
// across a reload, for the session), and a redraw waits for the fingers to leave the map.
"use strict";
(function () {
  const READABLE = 10;  // CSS px: the font size the smallest label opens at on a phone
  const STEP = 1.5;  // one press of + or −
  const LARGEST = 2;  // CSS px per map unit at the largest zoom (a 16-unit label then 32 px)
  const TAP = 12, TWICE = 350;  // a tap moves less than 12 px; a double tap's second comes within 350 ms
  const SAVED = "xidit:map";

  // {zoom, u, v}: the zoom (null: readable, decided at first sight) and the map point, as fractions of
  // its width and height, in the middle of the box.
  let state = {zoom: null, u: 0.5, v: 0.5};
  try { Object.assign(state, JSON.parse(sessionStorage.getItem(SAVED) || "{}")); } catch (error) { /* kept */ }

  function box() { return document.querySelector(".mapbox[data-zoomable]"); }
  function drawing(b) { return b ? b.querySelector("svg.map") : null; }
  function units(svg) { return svg.viewBox.baseVal; }

  // The room for the whole board: the box's width, and in height what is left of the first screen below
  // its top when it starts in the upper half (a landscape screen shows the whole board at a glance),
  // else most of a screen (a phone, where the map comes after the current step).
  function room(b) {
    const top = b.getBoundingClientRect().top + window.scrollY;
    const below = window.innerHeight - top - 14;
    return {width: b.parentElement.clientWidth, height: below >= window.innerHeight / 2 ? below
      : window.innerHeight * 0.75};
  }

  function fitting(b, svg) {
    const r = room(b), u = units(svg);
    return {width: Math.floor(Math.min(r.width, r.height * u.width / u.height)), height: Math.floor(r.height)};
  }

  function bounds(fit, svg) {
    const scale = fit.width / units(svg).width;  // CSS px per map unit at zoom 1
    const smallest = Math.min.apply(null, Array.from(svg.querySelectorAll("text"), function (t) {
      return parseFloat(t.getAttribute("font-size")) || Infinity;
    }));
    const readable = isFinite(smallest) ? READABLE / (smallest * scale) : 1;
    return {readable: Math.max(1, readable), most: Math.max(2, LARGEST / scale, readable)};
  }

  // Sizes the drawing for the zoom, without moving the view.
  function size(b, svg) {
    const fit = fitting(b, svg), limits = bounds(fit, svg);
    if (state.zoom === null) state.zoom = limits.readable;
    state.zoom = Math.min(Math.max(state.zoom, 1), limits.most);
    const width = fit.width * state.zoom, u = units(svg);
    svg.style.width = width + "px";
    svg.style.height = (width * u.height / u.width) + "px";
    b.style.maxHeight = fit.height + "px";
    const zoomed = state.zoom > 1.001;
    b.classList.toggle("zoomed", zoomed);
    const view = b.closest(".mapview");
    if (view) {
      view.querySelectorAll("[data-zoom]").forEach(function (button) {
        const way = button.dataset.zoom;
        button.disabled = way === "in" ? state.zoom >= limits.most - 0.001 : !zoomed;
      });
    }
  }

  // Scrolls the box so that the map point (u, v) comes under the screen point (x, y).
  function place(b, svg, u, v, x, y) {
    const r = svg.getBoundingClientRect();
    b.scrollLeft += r.left + u * r.width - x;
    b.scrollTop += r.top + v * r.height - y;
  }

  function middle(b) {
    const r = b.getBoundingClientRect();
    return {x: r.left + b.clientLeft + b.clientWidth / 2, y: r.top + b.clientTop + b.clientHeight / 2};
  }

  // The map point under a screen point, as fractions of the drawing.
  function under(svg, x, y) {
    const r = svg.getBoundingClientRect();
    return {u: (x - r.left) / r.width, v: (y - r.top) / r.height};
  }

  function remember(b, svg) {
    const m = middle(b), p = under(svg, m.x, m.y);
    state.u = Math.min(Math.max(p.u, 0), 1);
    state.v = Math.min(Math.max(p.v, 0), 1);
  }

  // Shows the map at the kept zoom, the kept point in the middle.
  function show(b) {
    const svg = drawing(b);
    if (!svg) return;
    size(b, svg);
    const m = middle(b);
    place(b, svg, state.u, state.v, m.x, m.y);
  }

  // Zooms to `zoom`, the map point under (x, y) staying there.
  function zoomAt(b, zoom, x, y) {
    const svg = drawing(b);
    if (!svg) return;
    const p = under(svg, x, y);
    state.zoom = zoom;
    size(b, svg);
    place(b, svg, p.u, p.v, x, y);
    remember(b, svg);
  }

  function zoomBy(b, factor, x, y) {
    if (x === undefined) { const m = middle(b); x = m.x; y = m.y; }
    zoomAt(b, state.zoom * factor, x, y);
  }

  function fit(b) {
    state.zoom = 1;
    state.u = state.v = 0.5;
    show(b);
  }

  // The boxes come and go with the page's redraws: what needs the box itself is wired on each.
  function wire(b) {
    if (!b || b.dataset.wired) return;
    b.dataset.wired = "yes";
    b.addEventListener("scroll", function () { const svg = drawing(b); if (svg) remember(b, svg); }, {passive: true});
    // Two fingers are a pinch, never a scroll of the box (one finger scrolls it, natively).
    b.addEventListener("touchmove", function (event) {
      if (event.touches.length > 1 && event.cancelable) event.preventDefault();
    }, {passive: false});
    // A trackpad's pinch comes as the wheel with Ctrl held.
    b.addEventListener("wheel", function (event) {
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoomBy(b, Math.exp(-event.deltaY / 200), event.clientX, event.clientY);
    }, {passive: false});
  }

  // Fingers on the map: the page's redraw waits until they leave it, so that the gesture goes on (a
  // finger left on the map still lets it redraw after a while).
  let release = null, letGo = null;
  function holding(on) {
    if (on && release === null && window.Xidit) {
      release = window.Xidit.hold();
      letGo = setTimeout(function () { holding(false); }, 10000);
    } else if (!on && release !== null) {
      clearTimeout(letGo);
      release();
      release = null;
    }
  }
  document.addEventListener("touchstart", function (event) {
    if (event.target.closest && event.target.closest(".mapbox[data-zoomable]")) holding(true);
  }, {passive: true});
  ["touchend", "touchcancel"].forEach(function (type) {
    document.addEventListener(type, function (event) { if (event.touches.length === 0) holding(false); });
  });

  // Pointers: two touches pinch (the map point between them stays between them), a quick touch twice is a
  // double tap, a mouse drags.
  const touches = new Map();
  let pinch = null, drag = null, lastTap = null, lastKind = "mouse";

  function distance(a, b) { return Math.hypot(a.x - b.x, a.y - b.y); }
  function between(a, b) { return {x: (a.x + b.x) / 2, y: (a.y + b.y) / 2}; }

  document.addEventListener("pointerdown", function (event) {
    lastKind = event.pointerType;
    const b = event.target.closest && event.target.closest(".mapbox[data-zoomable]");
    if (!b) return;
    const at = {x: event.clientX, y: event.clientY};
    if (event.pointerType === "mouse") {
      if (event.button === 0 && b.classList.contains("zoomed")) drag = {x: at.x, y: at.y};
      return;
    }
    touches.set(event.pointerId, {x: at.x, y: at.y, from: at, since: event.timeStamp, moved: false});
    if (touches.size === 2) {
      const [one, two] = Array.from(touches.values());
      const mid = between(one, two), svg = drawing(b);
      if (svg) pinch = {zoom: state.zoom, apart: Math.max(distance(one, two), 1), point: under(svg, mid.x, mid.y)};
      lastTap = null;
    }
  });

  document.addEventListener("pointermove", function (event) {
    if (drag && event.pointerType === "mouse") {
      const b = box();
      if (b) { b.scrollLeft -= event.clientX - drag.x; b.scrollTop -= event.clientY - drag.y; }
      drag.x = event.clientX;
      drag.y = event.clientY;
      return;
    }
    const touch = touches.get(event.pointerId);
    if (!touch) return;
    touch.x = event.clientX;
    touch.y = event.clientY;
    if (distance(touch, touch.from) > TAP) touch.moved = true;
    const b = box(), svg = drawing(b);
    if (!pinch || touches.size < 2 || !svg) return;
    const [one, two] = Array.from(touches.values());
    const mid = between(one, two);
    state.zoom = pinch.zoom * distance(one, two) / pinch.apart;
    size(b, svg);
    place(b, svg, pinch.point.u, pinch.point.v, mid.x, mid.y);
    remember(b, svg);
  });

  function lift(event) {
    if (event.pointerType === "mouse") { drag = null; return; }
    const touch = touches.get(event.pointerId);
    if (!touch) return;
    touches.delete(event.pointerId);
    const wasPinch = pinch !== null;
    if (touches.size < 2) pinch = null;
    if (event.type !== "pointerup" || wasPinch || touch.moved || touches.size > 0) { lastTap = null; return; }
    const tap = {x: event.clientX, y: event.clientY, at: event.timeStamp};
    if (lastTap && tap.at - lastTap.at < TWICE && distance(tap, lastTap) < 3 * TAP) {
      twice(tap.x, tap.y);
      lastTap = null;
    } else {
      lastTap = tap;
    }
  }
  document.addEventListener("pointerup", lift);
  document.addEventListener("pointercancel", lift);

  // A double tap (or a double click) zooms in there; at the largest zoom, back to the whole board.
  function twice(x, y) {
    const b = box(), svg = drawing(b);
    if (!svg) return;
    const before = state.zoom;
    zoomBy(b, 2, x, y);
    if (Math.abs(state.zoom - before) < 0.001) fit(b);
  }
  document.addEventListener("dblclick", function (event) {
    if (lastKind !== "mouse" || !(event.target.closest && event.target.closest(".mapbox[data-zoomable]"))) return;
    twice(event.clientX, event.clientY);
  });

  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("[data-zoom]");
    const b = box();
    if (!button || !b) return;
    const way = button.dataset.zoom;
    if (way === "fit") fit(b);
    else zoomBy(b, way === "in" ? STEP : 1 / STEP);
  });

  function start() {
    const b = box();
    wire(b);
    if (b) show(b);
  }
  // Where the old map was looked at, read from it just before it goes (its last scroll may not have
  // been told yet), then shown again so on the new one.
  document.addEventListener("xidit:refreshing", function () {
    const b = box(), svg = drawing(b);
    if (svg) remember(b, svg);
  });
  document.addEventListener("xidit:refreshed", start);
  window.addEventListener("resize", function () { const b = box(); if (b) show(b); });
  window.addEventListener("pagehide", function () {
    try { sessionStorage.setItem(SAVED, JSON.stringify(state)); } catch (error) { /* not kept */ }
  });
  start();
})();
