// hector serve — the code every seat's page shares. The pages use only the
// HTTP API: POST /api/command, GET /api/state, GET /api/clock,
// GET /api/recent, WebSocket /api/events, GET /game.pgn. Every word it shows
// comes from the page's words (locales/<code>/pages.toml, in the page).
"use strict";

const hector = (() => {
  const params = new URLSearchParams(location.search);
  const token = params.get("token") || "";
  // The seat the token belongs to (the server says it in the page), not
  // the address's path.
  const seat = document.body.dataset.seat || location.pathname.replace(/^\//, "") || "watch";
  let WORDS = {};
  try { WORDS = JSON.parse(document.getElementById("words").textContent); } catch (_) { WORDS = {}; }
  // A page word with its {name} parts filled in.
  function t(key, args) {
    let out = WORDS[key] || key;
    for (const [k, v] of Object.entries(args || {})) out = out.split("{" + k + "}").join(String(v));
    return out;
  }
  const lang = document.documentElement.lang || "en";
  const auth = { Authorization: "Bearer " + token };

  // The command texts the buttons send (English command words of the
  // session; every page also has a box for any command).
  const CMD = {
    press: "press",
    last: "last move",
    repeat: "repeat",
    time: "time",
    myTime: "my time",
    timeUsed: "time used",
    moves: "moves",
    sheet: "sheet",
    startClock: "start clock",
    stopClock: "stop clock",
    check: "check boards",
    fixed: "fixed",
    retrace: "retrace",
    claimFlag: "claim flag",
    arbiter: "arbiter",
    help: "help",
    status: "status",
    repeated: "repeated",
    draw: "draw",
    accept: "accept",
    decline: "decline",
    resign: "resign",
    envelope: "envelope",
    resume: "resume",
    presentWhite: "present white",
    presentBlack: "present black",
    absentWhite: "absent white",
    absentBlack: "absent black",
    arrivedWhite: "arrived white",
    arrivedBlack: "arrived black",
    // The answers to a question the session asks back (an irreversible
    // act: a result, a penalty, a clock correction, 5.1.2 …).
    yes: "yes",
    no: "no",
  };

  const $ = (id) => document.getElementById(id);

  const listeners = [];

  // While the board cannot be reached, what the seat sends waits here (in
  // order, at most OUTBOX lines) and goes when it is back; a line beyond
  // that is refused in words, never lost silently.
  const OUTBOX = 5;
  const outbox = [];
  let lost = false;

  function keep(text) {
    if (outbox.length >= OUTBOX) {
      announce({ kind: "error", text: t("command_not_kept", { text }) });
      return;
    }
    outbox.push(text);
    announce({ kind: "error", text: t("command_kept", { text }) });
  }

  async function command(text) {
    if (lost) { keep(text); return []; }
    let r;
    try {
      r = await fetch("/api/command", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ text }),
      });
    } catch (_) {
      // The board went away between the socket's last word and this one.
      connectionLost();
      keep(text);
      return [];
    }
    let body = null;
    try { body = await r.json(); } catch (_) { body = null; }
    if (!r.ok) {
      const msg = (body && body.error) || t("server_answered", { status: r.status });
      announce({ kind: "error", text: msg });
      return [];
    }
    // The events this seat may see also come through the socket; a refusal
    // is only for the one who asked, so show it from the reply.
    for (const e of body || []) {
      if (e.kind === "refused") announce(e);
    }
    for (const f of listeners) f({ kind: "replied" });
    return body || [];
  }

  async function state() {
    const r = await fetch("/api/state", { headers: auth });
    if (!r.ok) throw new Error("state " + r.status);
    return r.json();
  }

  async function clock() {
    const r = await fetch("/api/clock", { headers: auth });
    if (!r.ok) throw new Error("clock " + r.status);
    return r.json();
  }

  async function pgn() {
    const r = await fetch("/game.pgn", { headers: auth });
    if (!r.ok) throw new Error("pgn " + r.status);
    return r.text();
  }

  // The seat's recent events (after a reload), oldest first.
  async function recent() {
    const r = await fetch("/api/recent", { headers: auth });
    if (!r.ok) throw new Error("recent " + r.status);
    return r.json();
  }

  // The moves of a PGN's movetext, in order (English SAN).
  function movesOf(text) {
    const body = text.replace(/^\[.*\]\s*$/gm, "").replace(/\{[^}]*\}/g, " ");
    return body.split(/\s+/).filter((w) => w && !/^\d+\.+$/.test(w) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(w));
  }

  // The parts of one answer (the events of one command arrive within a few
  // milliseconds) are joined into one update of the live region: a screen
  // reader would read only the last of several quick rewrites.
  let parts = [];
  let partsRefused = false;
  let speakTimer = null;
  function speak() {
    speakTimer = null;
    const live = $("live");
    if (live && parts.length) {
      // The same sentence again (two refusals alike) is still a new
      // answer: emptied first, so a screen reader reads it again.
      const text = parts.join(" ");
      if (live.textContent === text) {
        live.textContent = "";
        setTimeout(() => { live.textContent = text; }, 60);
      } else live.textContent = text;
    }
    // The same answer in sight where the seat looks (beside the board on
    // a phone); not a live region itself, so it is spoken once.
    const status = $("status");
    if (status && parts.length) {
      status.textContent = parts.join(" ");
      status.classList.toggle("refused", partsRefused);
      status.hidden = false;
    }
    parts = [];
    partsRefused = false;
  }

  // `quiet`: into the log only (history restored after a reload).
  function announce(e, quiet) {
    // A seat with a language of its own reads its sentence (`texts`).
    const text = (e.texts && e.texts[seat]) || e.text || "";
    if (!text) return;
    const log = $("log");
    if (!log) return;
    const li = document.createElement("li");
    li.textContent = text;
    li.dataset.kind = e.kind || "";
    if (e.kind === "refused" || e.kind === "error") li.className = "refused";
    log.appendChild(li);
    while (log.children.length > 200) log.removeChild(log.firstChild);
    // The newest entry in sight.
    log.scrollTop = log.scrollHeight;
    if (quiet) return;
    parts.push(text);
    if (e.kind === "refused" || e.kind === "error") partsRefused = true;
    if (!speakTimer) speakTimer = setTimeout(speak, 120);
  }

  function onEvent(f) { listeners.push(f); }

  let socket = null;
  let stopped = false;
  function connect() {
    if (stopped) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(proto + "//" + location.host + "/api/events?token=" + encodeURIComponent(token));
    socket.onmessage = (m) => {
      let e;
      try { e = JSON.parse(m.data); } catch (_) { return; }
      if (e.kind !== "refused") announce(e);
      for (const f of listeners) f(e);
    };
    socket.onclose = async () => {
      document.body.dataset.connected = "no";
      connectionLost();
      // A token the board does not know will not start working: stop and
      // say why instead of asking again every second.
      try {
        await clock();
      } catch (err) {
        if (String(err.message) === "clock 401") { stopBadToken(); return; }
      }
      setTimeout(() => { connect(); for (const f of listeners) f({ kind: "reconnected" }); }, 1000);
    };
    socket.onopen = () => {
      document.body.dataset.connected = "yes";
      if (!lost) return;
      lost = false;
      announce({ kind: "info", text: t("connection_back") });
      // What was kept goes now, in order; the board answers each.
      (async () => {
        while (outbox.length && !lost) await command(outbox.shift());
      })();
    };
  }

  // Said once when the board cannot be reached (a lost network, or the
  // board stopped or restarting); its return is said too.
  function connectionLost() {
    if (lost || stopped) return;
    lost = true;
    announce({ kind: "error", text: t("reconnecting") });
  }

  // A result as the pages write it: ½ for a half point (1/2-1/2 → ½-½).
  function score(r) { return String(r || "").split("1/2").join("½"); }

  // Clock digits for sighted seats (h:mm:ss).
  function digits(ms) {
    if (ms == null) return "–";
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(r).padStart(2, "0");
  }

  const NAMES = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
  const FILES = WORDS.files && WORDS.files.length === 8 ? [...WORDS.files] : [..."abcdefgh"];
  // A square as the game's language writes it (Greek ε4).
  function squareName(name) { return FILES["abcdefgh".indexOf(name[0])] + name[1]; }
  const GLYPHS = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

  // The 64 squares of a FEN: square name → piece letter or "".
  function squares(fen) {
    const out = {};
    const rows = (fen || "").split(" ")[0].split("/");
    for (let r = 0; r < 8; r++) {
      let f = 0;
      for (const ch of rows[r] || "") {
        if (/\d/.test(ch)) { for (let i = 0; i < +ch; i++) out["abcdefgh"[f++] + (8 - r)] = ""; }
        else out["abcdefgh"[f++] + (8 - r)] = ch;
      }
    }
    return out;
  }

  function pieceName(p) {
    if (!p) return t("empty");
    return t((p === p.toUpperCase() ? "white_" : "black_") + NAMES[p.toUpperCase()]);
  }

  // Draws the board into `table` from `side`'s point of view. With
  // `onSquare`, every square is a button (arrow keys move between them).
  // `last`: the last move's two squares, highlighted.
  function drawBoard(table, fen, side, onSquare, selected, last) {
    const sq = squares(fen);
    const files = side === "black" ? "hgfedcba" : "abcdefgh";
    const ranks = side === "black" ? "12345678" : "87654321";
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.square : null;
    table.innerHTML = "";
    const cap = document.createElement("caption");
    cap.textContent = t("board_caption", { side: t(side === "black" ? "black" : "white") });
    table.appendChild(cap);
    const head = document.createElement("tr");
    head.appendChild(document.createElement("td"));
    for (const f of files) { const th = document.createElement("th"); th.scope = "col"; th.textContent = squareName(f + "1")[0]; head.appendChild(th); }
    const thead = document.createElement("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    const tbody = document.createElement("tbody");
    let tabbed = false;
    for (const r of ranks) {
      const tr = document.createElement("tr");
      const th = document.createElement("th"); th.scope = "row"; th.textContent = r; tr.appendChild(th);
      for (const f of files) {
        const name = f + r;
        const td = document.createElement("td");
        const dark = ("abcdefgh".indexOf(f) + +r) % 2 === 0;
        td.className = (dark ? "dark" : "light") + (last && last.includes(name) ? " last" : "");
        const p = sq[name] || "";
        const label = t("square", { square: squareName(name), piece: pieceName(p) });
        if (onSquare) {
          const b = document.createElement("button");
          b.type = "button";
          b.dataset.square = name;
          b.setAttribute("aria-label", label);
          b.textContent = p ? GLYPHS[p] : "";
          b.tabIndex = -1;
          if (selected === name) { b.setAttribute("aria-pressed", "true"); b.className = "selected"; }
          else b.setAttribute("aria-pressed", "false");
          b.onclick = () => onSquare(name);
          b.onkeydown = (ev) => moveFocus(ev, table, name, side);
          td.appendChild(b);
        } else {
          const s = document.createElement("span");
          s.setAttribute("aria-hidden", "true");
          s.textContent = p ? GLYPHS[p] : "";
          const v = document.createElement("span");
          v.className = "sr-only";
          v.textContent = label;
          td.appendChild(s);
          td.appendChild(v);
        }
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
    table.appendChild(tbody);
    if (onSquare) {
      const want = table.querySelector('button[data-square="' + (focused || selected || (side === "black" ? "e7" : "e2")) + '"]') || table.querySelector("button");
      want.tabIndex = 0;
      tabbed = true;
      if (focused) want.focus();
    }
    return tabbed;
  }

  function moveFocus(ev, table, name, side) {
    const dirs = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const d = dirs[ev.key];
    if (!d) return;
    ev.preventDefault();
    const flip = side === "black" ? -1 : 1;
    const f = "abcdefgh".indexOf(name[0]) + d[0] * flip;
    const r = +name[1] + d[1] * flip;
    if (f < 0 || f > 7 || r < 1 || r > 8) return;
    const next = table.querySelector('button[data-square="' + "abcdefgh"[f] + r + '"]');
    if (!next) return;
    for (const b of table.querySelectorAll("button")) b.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  }

  function stopBadToken() {
    stopped = true;
    document.body.dataset.token = "bad";
    announce({ kind: "error", text: t("bad_token_stop") });
    for (const f of listeners) f({ kind: "bad_token" });
  }

  async function init() {
    for (const id of ["log", "live"]) { const el = $(id); if (el) el.lang = lang; }
    try {
      await clock();
    } catch (err) {
      if (String(err.message) === "clock 401") { stopBadToken(); return; }
    }
    // The seat's recent history (and a question still waiting for its
    // answer) comes back after a reload.
    try {
      const past = await recent();
      for (const e of past) {
        announce(e, true);
        for (const f of listeners) f({ ...e, restored: true });
      }
      const ask = [...past].reverse().find((e) => e.kind === "readback" || e.kind === "choice" || e.kind === "promotion");
      const st = await state();
      if (ask && st.pending) announce(ask);
    } catch (_) { /* the page still works from the live events */ }
    connect();
  }

  return { token, seat, CMD, $, t, lang, score, glyph: (p) => GLYPHS[p] || "", pieceName, command, state, clock, pgn, movesOf, announce, onEvent, init, digits, drawBoard, squares, squareName };
})();

// Wires a <form> with one text input to send its text as a command.
function commandForm(formId, inputId, prefix) {
  const form = hector.$(formId);
  if (!form) return;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = hector.$(inputId);
    const text = input.value.trim();
    if (!text) return;
    await hector.command((prefix || "") + text);
    input.value = "";
    input.focus();
  });
}

// Wires every button with data-command="name" to send hector.CMD[name].
function commandButtons() {
  for (const b of document.querySelectorAll("button[data-command]")) {
    b.addEventListener("click", () => hector.command(hector.CMD[b.dataset.command] || b.dataset.command));
  }
}
