// The hall overview: follows /api/updates (server-sent events) and shows
// every board; on the arbiter's page, what needs him is highlighted and
// announced once in the live region. Which alerts he has dealt with is
// remembered in this browser only (the hall keeps no state of its own).
// Running clocks tick on the page between events (from the last status,
// its age and the running side); a board the hall has not heard from for
// 10 s is shown unreachable and its clocks stand. After a lost connection
// the page connects again by itself (a restarted hall keeps its token).
"use strict";
(function () {
  const arbiter = document.body.dataset.mode === "arbiter";
  const token = new URLSearchParams(location.search).get("token");
  const q = arbiter && token ? "?token=" + encodeURIComponent(token) : "";
  const boards = new Map();
  // When each board's object arrived (performance.now()).
  const received = new Map();
  const announced = new Set();
  const doneKey = "hector-hall-done";
  let done;
  try { done = new Set(JSON.parse(localStorage.getItem(doneKey) || "[]")); } catch (e) { done = new Set(); }

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Times as words, not "04:10" (screen readers say that as a time of day).
  function time(ms) {
    if (ms === null || ms === undefined) return "no clock";
    let s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600); s -= h * 3600;
    const m = Math.floor(s / 60); s -= m * 60;
    const parts = [];
    if (h) parts.push(h + " h");
    if (h || m) parts.push(m + " min");
    parts.push(s + " s");
    return parts.join(" ");
  }

  const glyph = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
  function diagram(fen) {
    const rows = (fen || "").split(" ")[0].split("/");
    if (rows.length !== 8) return "";
    return rows.map(r => r.replace(/[1-8]/g, d => "·".repeat(+d)).split("").map(c => glyph[c] || c).join("")).join("\n");
  }

  function openAlerts(b) {
    return (b.alerts || []).filter(a => a.open && !done.has(a.id));
  }

  function say(text) {
    const li = el("li", {}, text);
    document.getElementById("log").appendChild(li);
  }

  function announce(b) {
    for (const a of openAlerts(b)) {
      if (announced.has(a.id)) continue;
      announced.add(a.id);
      say("Board " + b.board + ": " + a.label + (a.text ? ". " + a.text : "."));
    }
  }

  // A clock's time now: a running clock goes on from the last status by
  // the status' age (from the hall) and the time since it arrived here.
  function clockMs(b, side) {
    const clock = b.clock;
    if (!clock) return null;
    const ms = clock[side + "_ms"];
    if (ms === null || ms === undefined) return null;
    if (b.live === false || clock.running !== side || typeof b.clock_age_ms !== "number") return ms;
    const age = b.clock_age_ms + (performance.now() - (received.get(b.board) || performance.now()));
    return Math.max(0, ms - age);
  }

  function clockText(b, side) {
    if (!b.clock) return "no clock";
    const running = b.clock.running === side && b.live !== false;
    return time(clockMs(b, side)) + (running ? " (running)" : "");
  }

  function row(b) {
    const tr = el("tr", { id: "board-" + b.board });
    const needs = openAlerts(b);
    const classes = [];
    if (needs.length) classes.push("needs");
    if (b.live === false) classes.push("unreachable");
    if (classes.length) tr.className = classes.join(" ");
    const th = el("th", { scope: "row" });
    if (arbiter && b.arbiter_url) {
      // Through the hall, which signs a short-lived ticket for the board:
      // the board's own token never crosses the broker.
      th.appendChild(el("a", { href: "/boards/" + b.board + "/arbiter" + q }, "Board " + b.board));
    } else {
      th.textContent = "Board " + b.board;
    }
    if (b.live === false) th.appendChild(el("span", { class: "gone" }, " (unreachable)"));
    tr.appendChild(th);
    const pos = el("td");
    const turn = b.turn ? b.turn + " to move, " : "";
    pos.appendChild(el("pre", { class: "board", role: "img", "aria-label": "Position after " + (b.ply || 0) + " half-moves, " + turn + "FEN " + (b.fen || "unknown") }, diagram(b.fen)));
    pos.appendChild(el("div", { class: "fen" }, b.fen || ""));
    tr.appendChild(pos);
    tr.appendChild(el("td", { id: "clock-white-" + b.board }, clockText(b, "white")));
    tr.appendChild(el("td", { id: "clock-black-" + b.board }, clockText(b, "black")));
    const lm = b.last_move;
    tr.appendChild(el("td", {}, lm ? (Math.floor((lm.ply + 1) / 2)) + (lm.by === "black" ? "… " : ". ") + lm.san : "none"));
    tr.appendChild(el("td", {}, b.result || "playing"));
    const td = el("td");
    for (const a of needs) {
      const p = el("p", { class: "alert" }, a.label + (a.text ? ": " + a.text : ""));
      const btn = el("button", { type: "button" }, "Dealt with");
      btn.setAttribute("aria-label", "Dealt with: board " + b.board + ", " + a.label);
      btn.addEventListener("click", () => {
        done.add(a.id);
        try { localStorage.setItem(doneKey, JSON.stringify([...done])); } catch (e) { /* private mode */ }
        render();
      });
      p.appendChild(btn);
      td.appendChild(p);
    }
    if (!needs.length) td.textContent = arbiter ? "nothing" : "";
    tr.appendChild(td);
    return tr;
  }

  function render() {
    const body = document.getElementById("boards");
    const list = [...boards.values()].sort((a, b) => a.board - b.board);
    body.replaceChildren(...list.map(row));
    if (!arbiter) return;
    const ul = document.getElementById("needs");
    const items = [];
    for (const b of list) for (const a of openAlerts(b)) {
      const li = el("li");
      li.appendChild(el("a", { href: "#board-" + b.board }, "Board " + b.board));
      li.appendChild(document.createTextNode(": " + a.label + (a.text ? ". " + a.text : "")));
      items.push(li);
    }
    ul.replaceChildren(...items);
    document.getElementById("needs-section").hidden = items.length === 0;
  }

  function take(b) {
    if (!b || typeof b.board !== "number") return;
    const before = boards.get(b.board);
    boards.set(b.board, b);
    received.set(b.board, performance.now());
    if (arbiter) {
      if (before && before.live === false && b.live !== false) say("Board " + b.board + " is reachable again.");
      announce(b);
    }
  }

  // Only the clock cells change between events (the rest keeps focus).
  function tick() {
    for (const b of boards.values()) {
      if (!b.clock || b.live === false || !b.clock.running) continue;
      for (const side of ["white", "black"]) {
        const td = document.getElementById("clock-" + side + "-" + b.board);
        if (td) td.textContent = clockText(b, side);
      }
    }
  }
  setInterval(tick, 1000);

  function unreachableCount() {
    let n = 0;
    for (const b of boards.values()) if (b.live === false) n++;
    return n;
  }

  function showLive() {
    const gone = unreachableCount();
    document.getElementById("status").textContent = boards.size + " boards, live." + (gone ? " " + gone + " unreachable." : "");
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
    src.addEventListener("board", ev => {
      take(JSON.parse(ev.data));
      render();
      showLive();
    });
    src.onerror = () => {
      status.textContent = "Connection to the hall lost; trying again…";
      // The browser retries by itself unless it gave up (an answer that
      // was not the stream, e.g. while the hall restarts): then we do.
      if (src.readyState === EventSource.CLOSED) {
        setTimeout(start, 2000);
      }
    };
  }
  start();
})();
