// hector serve — what each seat's page does with the shared code (app.js).
"use strict";

(() => {
  const page = document.body.dataset.page;
  const $ = hector.$;
  const SIDE = { white: "White", black: "Black" };

  function showClocks(st) {
    const c = st && st.clock;
    for (const side of ["white", "black"]) {
      const el = $("clock-" + side);
      if (!el) continue;
      el.textContent = SIDE[side] + " " + (c ? hector.digits(c[side + "_ms"]) : "–");
      el.className = c && c.running === side ? "running" : "";
    }
  }

  function showTurn(st) {
    const el = $("turn");
    if (!el || !st) return;
    el.textContent = st.result ? "Game over: " + st.result : SIDE[st.turn] + " to move";
  }

  function showMoves(st) {
    const ol = $("moves");
    if (!ol) return;
    const moves = st.moves || [];
    ol.innerHTML = "";
    for (let i = 0; i < moves.length; i += 2) {
      const li = document.createElement("li");
      li.textContent = moves[i] + (moves[i + 1] ? "  " + moves[i + 1] : "");
      ol.appendChild(li);
    }
  }

  // Opponent: the board from his side, two clicks make a move.
  let selected = null;
  let lastState = null;
  let drawn = "";
  function drawOpponent(st) {
    const table = $("board");
    if (!table) return;
    const side = hector.seat === "black" ? "black" : "white";
    // Redraw only when something on the board changed (keeps the focus
    // and the screen reader's place).
    const key = st.fen + "|" + selected;
    if (key === drawn) return;
    drawn = key;
    hector.drawBoard(table, st.fen, side, page === "opponent" ? clickSquare : null, selected);
  }

  async function clickSquare(name) {
    if (!lastState) return;
    const sq = hector.squares(lastState.fen);
    if (!selected) {
      if (!sq[name]) { hector.announce({ kind: "refused", text: name + " is empty." }); return; }
      selected = name;
      drawOpponent(lastState);
      return;
    }
    if (selected === name) { selected = null; drawOpponent(lastState); return; }
    const from = selected;
    selected = null;
    let uci = from + name;
    const p = sq[from] || "";
    if (p.toLowerCase() === "p" && (name[1] === "8" || name[1] === "1")) uci += $("promotion").value;
    await hector.command(uci);
    await refresh();
  }

  // Devices gone (e-board, Braille display, microphone), by device and seat.
  const gone = new Map();

  async function refresh() {
    let st;
    try { st = await hector.state(); } catch (_) { return; }
    lastState = st;
    showClocks(st);
    showTurn(st);
    if (page === "opponent" || page === "watch") drawOpponent(st);
    if (page === "arbiter") {
      $("ply").textContent = String(st.ply);
      $("result").textContent = st.result || "in progress";
      $("fen").textContent = st.fen;
    }
    if (page === "watch" && $("result")) $("result").textContent = st.result ? "Result: " + st.result : "";
    if (page === "watch" || page === "assistant") showMoves(st);
    if (page === "arbiter") {
      const notes = [...gone.values()];
      if (st.boards_differ) notes.push("The two boards differ (D.2.9): see the guidance below, then retrace or correct.");
      if (st.adjourned) notes.push("The game is adjourned.");
      if (st.pending) notes.push("A blind player's move waits for his confirmation.");
      if (!notes.length && st.clock && st.clock.running === null && !st.result) notes.push("The clocks are stopped: start them when the players are ready.");
      $("notice").textContent = notes.length ? notes.join(" ") : "Nothing needs your attention.";
    }
  }

  async function readClocks() {
    try {
      const c = await hector.clock();
      if (!c.clock) {
        $("words-white").textContent = "This game has no clock.";
        $("words-black").textContent = "";
        return;
      }
      const run = c.clock.running;
      $("words-white").textContent = "White: " + c.white_words + (run === "white" ? ", running" : "");
      $("words-black").textContent = "Black: " + c.black_words + (run === "black" ? ", running" : "");
    } catch (_) { /* the token message is shown by init */ }
  }

  // Arbiter: reports, differences and fix guidance stay listed until read.
  const FOR_ARBITER = ["guidance", "arbiter", "interrupted", "boards_agree", "retraced", "sheet_corrected", "penalty", "flag", "result", "adjourned", "resumed", "device"];
  hector.onEvent((e) => {
    // A device at the board that cannot be reached stays in the notice
    // until it is back.
    if (e.kind === "device") {
      const key = e.device + " " + e.seat;
      if (e.reachable) gone.delete(key); else gone.set(key, e.text);
    }
    if (page === "arbiter" && FOR_ARBITER.includes(e.kind) && e.text) {
      const li = document.createElement("li");
      li.textContent = e.text;
      $("guidance").appendChild(li);
    }
    refresh();
    if (page === "blind") readClocks();
  });

  document.addEventListener("DOMContentLoaded", async () => {
    if (hector.seat === "white" || hector.seat === "black") {
      const t = $("title");
      if (t) t.textContent = "hector — " + SIDE[hector.seat] + (page === "blind" ? ", your game" : ", your board");
      document.title = t ? t.textContent : document.title;
    }
    const link = $("pgn-link");
    if (link) link.href = "/game.pgn?token=" + encodeURIComponent(hector.token);
    commandForm("move-form", "move");
    commandForm("command-form", "command");
    commandForm("relay-form", "relay");
    commandForm("touch-form", "touch", "touched ");
    commandButtons();
    const correct = $("correct-form");
    if (correct) correct.addEventListener("submit", (ev) => {
      ev.preventDefault();
      hector.command("set time " + $("correct-side").value + " " + $("correct-time").value.trim());
    });
    const penalty = $("penalty-form");
    if (penalty) penalty.addEventListener("submit", (ev) => {
      ev.preventDefault();
      hector.command("illegal " + $("penalty-side").value);
    });
    const result = $("result-form");
    if (result) result.addEventListener("submit", (ev) => {
      ev.preventDefault();
      hector.command("result " + $("result-value").value);
    });
    const rc = $("read-clocks");
    if (rc) rc.addEventListener("click", readClocks);
    await hector.init();
    await refresh();
    if (page === "blind") readClocks();
    // Sighted seats see the clocks run.
    if (page !== "blind") setInterval(() => { if (lastState && lastState.clock && lastState.clock.running) refresh(); }, 1000);
  });
})();
