// The hall overview: follows /api/updates (server-sent events) and shows
// every board as a card: a small SVG diagram with a text alternative (a
// short label and the pieces as the game writes them), the players, the
// clocks (digits to read at a glance, words for a screen reader), the last
// move in the game's notation and the result. On the arbiter's page the
// boards that need him come first, highlighted, and what needs him is
// announced once in the live region. Which alerts he has dealt with is
// remembered in this browser only (the hall keeps no state of its own);
// the keyboard focus stays in the overview when he marks one. Running
// clocks tick on the page between events (from the last status, its age
// and the running side); a board the hall has not heard from for 10 s is
// shown unreachable and its clocks stand. After a lost connection the page
// connects again by itself (a restarted hall keeps its token). Every word
// comes from the hall's locale (the JSON in #words).
"use strict";
(function () {
  const arbiter = document.body.dataset.mode === "arbiter";
  const token = new URLSearchParams(location.search).get("token");
  const q = arbiter && token ? "?token=" + encodeURIComponent(token) : "";
  let W = {};
  try { W = JSON.parse(document.getElementById("words").textContent); } catch (e) { W = {}; }
  // A word of the hall's locale with its {name} parts filled in.
  function t(key, args) {
    let s = W[key] !== undefined ? W[key] : key;
    for (const [k, v] of Object.entries(args || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  }
  // The arbiter's JSON link carries his token (his own page, his own hall).
  if (q) document.getElementById("json-link").setAttribute("href", "/api/boards" + q);
  const boards = new Map();
  // When each board's object arrived (performance.now()).
  const received = new Map();
  const announced = new Set();
  // The boards whose list of pieces is open.
  const openPieces = new Set();
  const doneKey = "hector-hall-done";
  let done;
  try { done = new Set(JSON.parse(localStorage.getItem(doneKey) || "[]")); } catch (e) { done = new Set(); }

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function parts(ms) {
    let s = Math.floor(Math.max(0, ms) / 1000);
    const h = Math.floor(s / 3600); s -= h * 3600;
    const m = Math.floor(s / 60); s -= m * 60;
    return { h, m, s };
  }
  // Digits to read at a glance: 1:05:09, 4:10, 0:07.
  function digits(ms) {
    const { h, m, s } = parts(ms);
    const two = n => String(n).padStart(2, "0");
    return h ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }
  // Words for a screen reader (which says "04:10" as a time of day).
  function words(ms) {
    const { h, m, s } = parts(ms);
    if (h) return t("hall_time_hms", { h, m, s });
    if (m) return t("hall_time_ms", { m, s });
    return t("hall_time_s", { s });
  }

  function side(name) { return name === "white" || name === "black" ? t(name) : ""; }
  function boardName(b) { return t("hall_board", { n: b.board }); }
  function needLabel(a) { return W["hall_need_" + a.need] !== undefined ? t("hall_need_" + a.need) : a.label; }
  // An alert's sentence: the hall's own in the page's language, else the
  // board's (in the board's language).
  function alertText(a) {
    if (a.say && W[a.say.key] !== undefined) return t(a.say.key, a.say.args);
    return a.text || "";
  }
  // A wall-clock time (ms since 1970) as the time of day, 14:03:05.
  function clockTime(ms) {
    const d = new Date(ms);
    const two = n => String(n).padStart(2, "0");
    return two(d.getHours()) + ":" + two(d.getMinutes()) + ":" + two(d.getSeconds());
  }
  // The hall itself (/api/hall): its broker, boards without its key.
  let hall = null;
  // Unknown while the broker is away: neither live nor dead.
  function unknown(b) { return typeof b.unknown_since_ms === "number"; }

  // The pieces of a FEN: [{color, role, file, rank}], role in English letters.
  function pieces(fen) {
    const rows = (fen || "").split(" ")[0].split("/");
    if (rows.length !== 8) return null;
    const out = [];
    rows.forEach((row, i) => {
      let f = 0;
      for (const c of row) {
        if (/[1-8]/.test(c)) { f += +c; continue; }
        if (!/[kqrbnpKQRBNP]/.test(c) || f > 7) return;
        out.push({ color: c === c.toUpperCase() ? "white" : "black", role: c.toUpperCase(), file: f, rank: 7 - i });
        f++;
      }
    });
    return out;
  }
  const ORDER = "KQRBNP";
  // A square as the game writes it (Greek games: α … θ).
  function square(p) { return ((W.files || [])[p.file] || "abcdefgh"[p.file]) + (p.rank + 1); }
  // "Kg1, Dd1, Ta1, …, a2, b2": pieces as written notation lists them.
  function listOf(list) {
    return list
      .slice()
      .sort((a, b) => ORDER.indexOf(a.role) - ORDER.indexOf(b.role) || a.file - b.file || a.rank - b.rank)
      .map(p => (p.role === "P" ? "" : ((W.letters || {})[p.role] || p.role)) + square(p))
      .join(", ");
  }
  const GLYPH = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };

  // The position as a small SVG diagram (White at the bottom); the screen
  // reader gets its label, the details list has every piece.
  function diagram(b, label) {
    const s = svg("svg", { class: "diagram", viewBox: "0 0 8 8", role: "img", "aria-label": label, "data-ply": String(b.ply || 0), focusable: "false" });
    for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) {
      s.appendChild(svg("rect", { x: f, y: 7 - r, width: 1, height: 1, fill: (r + f) % 2 ? "#f0d9b5" : "#b58863" }));
    }
    for (const p of pieces(b.fen) || []) {
      const white = p.color === "white";
      s.appendChild(svg("text", {
        x: p.file + 0.5, y: 7 - p.rank + 0.82, "text-anchor": "middle", "font-size": "0.9",
        "font-family": "DejaVu Sans, sans-serif", fill: white ? "#fff" : "#000",
        stroke: white ? "#000" : "none", "stroke-width": white ? "0.04" : "0",
      }, GLYPH[p.role] + "\uFE0E"));
    }
    return s;
  }

  function openAlerts(b) {
    return (b.alerts || []).filter(a => a.open && !done.has(a.id));
  }

  function say(text) {
    document.getElementById("log").appendChild(el("li", {}, text));
  }

  function announce(b) {
    for (const a of openAlerts(b)) {
      if (announced.has(a.id)) continue;
      announced.add(a.id);
      const text = alertText(a);
      say(boardName(b) + ": " + needLabel(a) + (text ? ". " + text : "."));
    }
  }

  // A clock's time now: a running clock goes on from the last status by
  // the status' age (from the hall) and the time since it arrived here.
  function clockMs(b, s) {
    const clock = b.clock;
    if (!clock) return null;
    const ms = clock[s + "_ms"];
    if (ms === null || ms === undefined) return null;
    if (b.live === false || unknown(b) || clock.running !== s || typeof b.clock_age_ms !== "number") return ms;
    const age = b.clock_age_ms + (performance.now() - (received.get(b.board) || performance.now()));
    return Math.max(0, ms - age);
  }

  // One clock's content: its side, the digits (hidden from the screen
  // reader, which gets the words) and "running".
  function fillClock(span, b, s) {
    const ms = clockMs(b, s);
    const running = !!(b.clock && b.clock.running === s && b.live !== false && !unknown(b));
    span.className = "clock" + (running ? " running" : "") + (ms !== null && ms < 60000 ? " low" : "");
    span.dataset.running = running ? "true" : "false";
    const name = b[s + "_name"];
    span.replaceChildren(
      el("span", { class: "side" }, side(s) + (name ? " · " + name : "")),
      el("span", { class: "digits", "aria-hidden": "true" }, ms === null ? "–" : digits(ms)),
      el("span", { class: "visually-hidden" }, " " + (ms === null ? t("hall_no_clock") : words(ms)) + (running ? ", " + t("hall_running") : "")),
    );
    if (running) span.appendChild(el("span", { class: "run", "aria-hidden": "true" }, " " + t("hall_running")));
  }

  function moveText(lm) {
    if (!lm) return t("hall_no_move");
    const n = Math.floor((lm.ply + 1) / 2);
    return n + (lm.by === "black" ? "… " : ". ") + (lm.written || lm.san);
  }

  function card(b) {
    const li = el("li", { id: "board-" + b.board });
    const needs = openAlerts(b);
    const classes = ["card"];
    if (needs.length) classes.push("needs");
    if (b.live === false || unknown(b)) classes.push("unreachable");
    li.className = classes.join(" ");
    const h = el("h3", { id: "board-h-" + b.board, tabindex: "-1" });
    if (arbiter && b.arbiter_url) {
      // Through the hall, which signs a short-lived ticket for the board:
      // the board's own token never crosses the broker.
      h.appendChild(el("a", { href: "/boards/" + b.board + "/arbiter" + q }, boardName(b)));
    } else {
      h.appendChild(document.createTextNode(boardName(b)));
    }
    if (b.white_name || b.black_name) {
      h.appendChild(el("span", { class: "players" }, " · " + t("hall_players", { white: b.white_name || "?", black: b.black_name || "?" })));
    }
    if (unknown(b)) h.appendChild(el("span", { class: "gone" }, " (" + t("hall_unknown_since", { time: clockTime(b.unknown_since_ms) }) + ")"));
    else if (b.live === false) h.appendChild(el("span", { class: "gone" }, " (" + t("hall_unreachable") + ")"));
    li.appendChild(h);
    for (const a of needs) {
      const p = el("p", { class: "alert" }, needLabel(a) + (alertText(a) ? ": " + alertText(a) : ""));
      const btn = el("button", { type: "button", id: "done-" + a.id }, t("hall_dealt_with"));
      btn.setAttribute("aria-label", t("hall_dealt_with_label", { n: b.board, need: needLabel(a) }));
      btn.addEventListener("click", () => dealtWith(b, a));
      p.appendChild(btn);
      li.appendChild(p);
    }
    const label = t("hall_position", { ply: b.ply || 0, side: side(b.turn) || "–" });
    li.appendChild(diagram(b, boardName(b) + ": " + label));
    const clocks = el("p", { class: "clocks" });
    for (const s of ["white", "black"]) {
      const span = el("span", { id: "clock-" + s + "-" + b.board });
      fillClock(span, b, s);
      clocks.appendChild(span);
    }
    li.appendChild(clocks);
    li.appendChild(el("p", { class: "last" }, t("hall_last_move") + ": " + moveText(b.last_move)));
    li.appendChild(el("p", { class: "result" }, t("hall_result") + ": " + (b.result || t("hall_playing"))));
    const list = pieces(b.fen);
    if (list) {
      // Stays open across redraws (a move on the board redraws its card).
      const details = el("details", { id: "pieces-" + b.board });
      if (openPieces.has(b.board)) details.open = true;
      details.addEventListener("toggle", () => { if (details.open) openPieces.add(b.board); else openPieces.delete(b.board); });
      details.appendChild(el("summary", { id: "pieces-s-" + b.board }, t("hall_pieces")));
      const ul = el("ul");
      for (const c of ["white", "black"]) {
        ul.appendChild(el("li", {}, side(c) + ": " + listOf(list.filter(p => p.color === c))));
      }
      details.appendChild(ul);
      li.appendChild(details);
    }
    return li;
  }

  // "Dealt with": the alert is remembered here; the focus goes to the
  // board's next open alert, else to the board's heading, so the
  // keyboard stays where the arbiter was.
  function dealtWith(b, a) {
    done.add(a.id);
    try { localStorage.setItem(doneKey, JSON.stringify([...done])); } catch (e) { /* private mode */ }
    const next = openAlerts(b)[0];
    render();
    const target = (next && document.getElementById("done-" + next.id)) || document.getElementById("board-h-" + b.board);
    if (target) target.focus();
  }

  // The arbiter sees first the boards that need him, then the ones that
  // cannot be reached, each in board order; the watch page keeps board order.
  function rank(b) {
    if (!arbiter) return 0;
    if (openAlerts(b).length) return 0;
    if (b.live === false) return 1;
    return 2;
  }

  function render() {
    // The element with the focus is found again by its id after the redraw.
    const focused = document.activeElement && document.activeElement.id;
    const body = document.getElementById("boards");
    const list = [...boards.values()].sort((a, b) => rank(a) - rank(b) || a.board - b.board);
    body.replaceChildren(...list.map(card));
    if (arbiter) {
      const ul = document.getElementById("needs");
      const items = [];
      for (const b of list) for (const a of openAlerts(b)) {
        const li = el("li");
        li.appendChild(el("a", { href: "#board-h-" + b.board }, boardName(b)));
        li.appendChild(document.createTextNode(": " + needLabel(a) + (alertText(a) ? ". " + alertText(a) : "")));
        items.push(li);
      }
      ul.replaceChildren(...items);
      document.getElementById("needs-section").hidden = items.length === 0;
    }
    if (focused && document.activeElement !== document.getElementById(focused)) {
      const again = document.getElementById(focused);
      if (again) again.focus();
    }
  }

  function take(b) {
    if (!b || typeof b.board !== "number") return;
    const before = boards.get(b.board);
    boards.set(b.board, b);
    received.set(b.board, performance.now());
    if (arbiter) {
      if (before && before.live === false && b.live !== false && !unknown(b)) say(t("hall_back", { n: b.board }));
      announce(b);
    }
  }

  // Only the clocks change between events (the rest keeps focus).
  function tick() {
    for (const b of boards.values()) {
      if (!b.clock || b.live === false || unknown(b) || !b.clock.running) continue;
      for (const s of ["white", "black"]) {
        const span = document.getElementById("clock-" + s + "-" + b.board);
        if (span) fillClock(span, b, s);
      }
    }
  }
  setInterval(tick, 1000);

  // The header: "live" only while the broker is there; then what the hall
  // has to say of itself (the broker back, boards without its key, why
  // the overview is empty).
  function showLive() {
    let gone = 0;
    for (const b of boards.values()) if (b.live === false && !unknown(b)) gone++;
    const status = document.getElementById("status");
    if (hall && hall.broker === "lost") {
      status.dataset.state = "broker-lost";
      status.textContent = t("hall_broker_lost", { time: clockTime(hall.lost_ms || Date.now()) });
    } else {
      status.dataset.state = "live";
      status.textContent = t("hall_live", { n: boards.size }) + (gone ? " " + t("hall_gone", { n: gone }) : "");
    }
    const notes = [];
    if (hall && hall.broker === "up" && typeof hall.back_ms === "number") {
      notes.push(t("hall_broker_back", { time: clockTime(hall.back_ms) }) + (hall.store_lost ? " " + t("hall_broker_store_lost") : ""));
    }
    for (const u of (hall && hall.unkeyed) || []) {
      if (!boards.has(u.board)) notes.push(t("hall_unkeyed", { n: u.board, count: u.messages }));
    }
    if (boards.size === 0 && hall) notes.push(t(hall.key_new ? "hall_empty_new_key" : "hall_empty"));
    const ul = document.getElementById("hall-notes");
    const text = notes.join("\n");
    if (ul.dataset.text !== text) {
      ul.dataset.text = text;
      ul.replaceChildren(...notes.map(n => el("li", {}, n)));
    }
  }

  // The hall's news: said once in the log when it changes.
  function takeHall(h) {
    const before = hall;
    hall = h;
    if (!before) return;
    if (before.broker !== h.broker) {
      say(h.broker === "lost"
        ? t("hall_broker_lost", { time: clockTime(h.lost_ms || Date.now()) })
        : t("hall_broker_back", { time: clockTime(h.back_ms || Date.now()) }) + (h.store_lost ? " " + t("hall_broker_store_lost") : ""));
    }
  }

  let src = null;
  function start() {
    src = new EventSource("/api/updates" + q);
    const status = document.getElementById("status");
    src.addEventListener("boards", ev => {
      JSON.parse(ev.data).forEach(take);
      render();
      showLive();
    });
    src.addEventListener("hall", ev => {
      try { takeHall(JSON.parse(ev.data)); } catch (e) { return; }
      render();
      showLive();
    });
    src.addEventListener("board", ev => {
      take(JSON.parse(ev.data));
      render();
      showLive();
    });
    src.onerror = () => {
      status.dataset.state = "lost";
      status.textContent = t("hall_lost");
      // The browser retries by itself unless it gave up (an answer that
      // was not the stream, e.g. while the hall restarts): then we do.
      if (src.readyState === EventSource.CLOSED) {
        setTimeout(start, 2000);
      }
    };
  }
  start();
})();
