// hector serve — what each seat's page does with the shared code (app.js).
"use strict";

(() => {
  const page = document.body.dataset.page;
  const $ = hector.$;
  const t = hector.t;
  const SIDE = { white: t("white"), black: t("black") };

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
    el.textContent = st.result ? t("game_over", { result: st.result }) : t("to_move", { side: SIDE[st.turn] });
  }

  function showMoves(st) {
    const ol = $("moves");
    if (!ol) return;
    // In the game's written notation (Sf3, Ιζ3); English SAN only from
    // an older server. The list's numbers are the move numbers.
    const moves = st.written || st.moves || [];
    ol.innerHTML = "";
    for (let i = 0; i < moves.length; i += 2) {
      const li = document.createElement("li");
      li.textContent = moves[i] + (moves[i + 1] ? "  " + moves[i + 1] : "");
      ol.appendChild(li);
    }
  }

  // Opponent: the board from his side, two clicks make a move.
  let selected = null;
  let lastMove = null;
  let lastState = null;
  let drawn = "";
  function drawOpponent(st) {
    const table = $("board");
    if (!table) return;
    const side = hector.seat === "black" ? "black" : "white";
    // Redraw only when something on the board changed (keeps the focus
    // and the screen reader's place).
    const key = st.fen + "|" + selected + "|" + lastMove;
    if (key === drawn) return;
    drawn = key;
    hector.drawBoard(table, st.fen, side, page === "opponent" ? clickSquare : null, selected, lastMove);
  }

  async function clickSquare(name) {
    if (!lastState) return;
    const sq = hector.squares(lastState.fen);
    if (!selected) {
      if (!sq[name]) { hector.announce({ kind: "refused", text: t("square_empty", { square: hector.squareName(name) }) }); return; }
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
      $("result").textContent = st.result || t("in_progress");
      $("fen").textContent = st.fen;
    }
    if (page === "watch" && $("result")) $("result").textContent = st.result ? t("result_is", { result: st.result }) : "";
    if (page === "watch" || page === "assistant") showMoves(st);
    if (page === "arbiter") showNotice(st);
  }

  async function readClocks() {
    try {
      const c = await hector.clock();
      if (!c.clock) {
        $("words-white").textContent = t("no_clock");
        $("words-black").textContent = "";
        return;
      }
      const run = c.clock.running;
      for (const side of ["white", "black"]) {
        $("words-" + side).textContent = t(run === side ? "clock_running" : "clock_words", { side: SIDE[side], words: c[side + "_words"] });
      }
    } catch (_) { /* the token message is shown by init */ }
  }

  // Arbiter: reports, differences and fix guidance stay listed until read.
  const FOR_ARBITER = ["guidance", "arbiter", "interrupted", "boards_agree", "retraced", "sheet_corrected", "penalty", "flag", "result", "adjourned", "resumed", "device"];
  // Reports that wait for the arbiter (calls, claims, touched pieces, a
  // fallen flag): open until he next rules (clock, correction, retrace,
  // penalty, result, boards fixed).
  const OPEN = ["arbiter", "flag"];
  const RULED = ["clock", "boards_agree", "retraced", "sheet_corrected", "penalty", "result", "resumed"];
  let open = [];
  let badToken = false;

  // The arbiter's notice: everything open, never "nothing" above an open
  // report.
  function showNotice(st) {
    const notice = $("notice");
    if (!notice) return;
    if (badToken) { notice.textContent = t("bad_token_stop"); return; }
    const notes = [...gone.values()];
    if (st && st.boards_differ) notes.push(t("boards_differ"));
    if (st && st.adjourned) notes.push(t("game_adjourned"));
    if (st && st.pending) notes.push(t("move_pending"));
    if (open.length) notes.push(t("open_reports", { count: open.length }) + " " + open.join(" "));
    if (!notes.length && st && st.clock && st.clock.running === null && !st.result) notes.push(t("clocks_stopped"));
    notice.textContent = notes.length ? notes.join(" ") : t("nothing_open");
  }

  hector.onEvent((e) => {
    if (e.kind === "bad_token") {
      badToken = true;
      showNotice(null);
      return;
    }
    if (OPEN.includes(e.kind) && e.text) open.push(e.text);
    if (e.kind === "moved" && typeof e.uci === "string") lastMove = [e.uci.slice(0, 2), e.uci.slice(2, 4)];
    if (e.kind === "retraced") lastMove = null;
    if (RULED.includes(e.kind)) open = [];
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
    // An irreversible act is asked back (a result, a penalty, a clock
    // correction): the question with its yes and no, until answered.
    if (page === "arbiter" && $("confirm") && !e.restored) {
      if (e.kind === "confirm") {
        $("confirm-text").textContent = e.text || "";
        $("confirm").hidden = false;
        $("confirm-yes").focus();
      } else if (e.kind !== "status") {
        $("confirm").hidden = true;
      }
    }
    if (e.restored) return;
    refresh();
    if (page === "blind") readClocks();
  });

  document.addEventListener("DOMContentLoaded", async () => {
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
