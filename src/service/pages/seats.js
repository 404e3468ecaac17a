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
    el.textContent = st.result ? t("game_over", { result: hector.score(st.result) }) : t("to_move", { side: SIDE[st.turn] });
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
      $("result").textContent = st.result ? hector.score(st.result) : t("in_progress");
      $("fen").textContent = st.fen;
      drawDiagram(st.fen);
    }
    if (page === "watch" && $("result")) $("result").textContent = st.result ? t("result_is", { result: hector.score(st.result) }) : "";
    // The assistant sees the blind player's move while it waits for his yes.
    if (page === "assistant" && !st.pending && $("pending")) $("pending").hidden = true;
    if (page === "watch" || page === "assistant") showMoves(st);
    if (page === "arbiter") showNotice(st);
  }

  // Arbiter: the position as a diagram beside its FEN (White at the
  // bottom), its text alternative naming every piece on its square.
  let diagramFen = "";
  function drawDiagram(fen) {
    const box = $("diagram");
    if (!box || fen === diagramFen) return;
    diagramFen = fen;
    const sq = hector.squares(fen);
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 8 8");
    svg.setAttribute("role", "img");
    const names = [];
    for (let r = 8; r >= 1; r--) {
      for (let f = 0; f < 8; f++) {
        const name = "abcdefgh"[f] + r;
        const rect = document.createElementNS(NS, "rect");
        rect.setAttribute("x", f);
        rect.setAttribute("y", 8 - r);
        rect.setAttribute("width", 1);
        rect.setAttribute("height", 1);
        rect.setAttribute("class", (f + r) % 2 === 0 ? "light" : "dark");
        svg.appendChild(rect);
        const p = sq[name];
        if (!p) continue;
        const text = document.createElementNS(NS, "text");
        text.setAttribute("x", f + 0.5);
        text.setAttribute("y", 8 - r + 0.8);
        text.setAttribute("text-anchor", "middle");
        text.setAttribute("font-size", "0.85");
        text.dataset.square = name;
        text.dataset.piece = p;
        text.textContent = hector.glyph(p);
        svg.appendChild(text);
        names.push([p === p.toUpperCase() ? 0 : 1, hector.pieceName(p) + " " + hector.squareName(name)]);
      }
    }
    names.sort((a, b) => a[0] - b[0]);
    svg.setAttribute("aria-label", t("diagram_alt", { pieces: names.map((n) => n[1]).join(", ") }));
    box.replaceChildren(svg);
  }

  // Arbiter: each open report stays listed, with its own button, until he
  // says it is dealt with (kept over a reload in this browser).
  const dealtKey = "hector-dealt:" + hector.token;
  function dealtSet() {
    try { return new Set(JSON.parse(localStorage.getItem(dealtKey) || "[]")); } catch (_) { return new Set(); }
  }
  function dealWith(key) {
    const d = dealtSet();
    d.add(key);
    try { localStorage.setItem(dealtKey, JSON.stringify([...d])); } catch (_) { /* this page only */ }
    open = open.filter((o) => o.key !== key);
    showNotice(lastState);
    const first = document.querySelector("#open button");
    if (first) first.focus();
  }
  function showOpen() {
    const ul = $("open");
    if (!ul) return;
    ul.replaceChildren();
    open.forEach((o, i) => {
      const li = document.createElement("li");
      const span = document.createElement("span");
      span.id = "open-" + i;
      span.textContent = o.text + " ";
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = t("dealt_with");
      b.setAttribute("aria-describedby", span.id);
      b.onclick = () => dealWith(o.key);
      li.append(span, b);
      ul.appendChild(li);
    });
  }

  // `say`: the button was pressed: what it shows is also spoken (once).
  async function readClocks(say) {
    let lines;
    try {
      const c = await hector.clock();
      if (!c.clock) {
        lines = [t("no_clock"), ""];
      } else {
        const run = c.clock.running;
        lines = ["white", "black"].map((side) =>
          t(run === side ? "clock_running" : "clock_words", { side: SIDE[side], words: c[side + "_words"] }));
      }
    } catch (_) {
      // The token message is shown by init; a board that cannot be
      // reached is said.
      if (say === true && document.body.dataset.token !== "bad") hector.announce({ kind: "error", text: t("reconnecting") });
      return;
    }
    $("words-white").textContent = lines[0];
    $("words-black").textContent = lines[1];
    if (say === true) hector.announce({ kind: "clock", text: lines.filter(Boolean).join(" ") });
  }

  // Arbiter: reports, differences and fix guidance stay listed until read.
  const FOR_ARBITER = ["guidance", "arbiter", "interrupted", "boards_agree", "retraced", "sheet_corrected", "penalty", "flag", "result", "adjourned", "resumed", "device"];
  // Reports that wait for the arbiter (calls, claims, touched pieces, a
  // fallen flag, boards differing): open until he says each is dealt with,
  // or makes the ruling it asks for.
  const OPEN = ["arbiter", "flag"];
  // The arbiter's own notes (6.7, I.7) are no reports to deal with.
  const NOTES = ["present", "absent", "arrived"];
  let open = [];
  let badToken = false;

  // The arbiter's notice: everything open, never "nothing" above an open
  // report.
  function showNotice(st) {
    const notice = $("notice-text");
    if (!notice) return;
    showOpen();
    if (badToken) { notice.textContent = t("bad_token_stop"); return; }
    const notes = [...gone.values()];
    if (st && st.boards_differ) notes.push(t("boards_differ"));
    if (st && st.adjourned) notes.push(t("game_adjourned"));
    if (st && st.pending) notes.push(t("move_pending"));
    if (open.length) notes.push(t("open_reports", { count: open.length }));
    if (!notes.length && st && st.clock && st.clock.running === null && !st.result) notes.push(t("clocks_stopped"));
    notice.textContent = notes.length ? notes.join(" ") : t("nothing_open");
  }

  hector.onEvent((e) => {
    if (e.kind === "bad_token") {
      badToken = true;
      showNotice(null);
      return;
    }
    const said = (e.texts && e.texts[hector.seat]) || e.text;
    if (OPEN.includes(e.kind) && said && !NOTES.includes(e.reason)) {
      const key = (e.t != null ? e.t : "") + "|" + said;
      const why = e.kind === "flag" ? "flag" : e.reason;
      if (!dealtSet().has(key) && !open.some((o) => o.key === key)) open.push({ key, text: said, why });
    }
    // The ruling a report asks for deals with it: the boards agree again,
    // the clocks run again after an interruption, the game has a result.
    const ruled = e.kind === "boards_agree" || e.kind === "retraced" ? ["boards_differ", "board_put_right"]
      : e.kind === "clock" && e.action === "started" ? ["interrupted"]
        : e.kind === "result" ? null : [];
    if (ruled === null) open = [];
    else if (ruled.length) open = open.filter((o) => !ruled.includes(o.why));
    if (e.kind === "moved" && typeof e.uci === "string") lastMove = [e.uci.slice(0, 2), e.uci.slice(2, 4)];
    if (e.kind === "retraced") lastMove = null;
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
    // correction, a resignation, a claim): the question with its yes and
    // no, until answered. Its words are spoken once, by the live region.
    if ($("confirm") && !e.restored) {
      if (e.kind === "confirm") {
        $("confirm-text").textContent = said || "";
        $("confirm").hidden = false;
        $("confirm-yes").focus();
      } else if (e.kind !== "status" && e.kind !== "replied") {
        $("confirm").hidden = true;
      }
    }
    // Opponent: the other player's draw offer stays in sight, with its
    // answers, until it is answered or lapses.
    if ($("offer")) {
      const mine = hector.seat === "black" ? "black" : "white";
      if (e.kind === "draw" && e.action === "offered" && e.by !== mine) {
        $("offer-text").textContent = said || "";
        $("offer").hidden = false;
      } else if ((e.kind === "draw" && e.action === "declined") || e.kind === "result" || (e.kind === "moved" && e.by === mine)) {
        $("offer").hidden = true;
      }
    }
    // Assistant: the blind player's move read back, until he answers.
    if ($("pending")) {
      if (e.kind === "readback") {
        $("pending-text").textContent = said || "";
        $("pending").hidden = false;
      } else if (["moved", "cancelled", "result"].includes(e.kind)) {
        $("pending").hidden = true;
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
    const claim = $("claim-form");
    if (claim) claim.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const kind = $("claim-kind").value;
      const move = $("claim-move").value.trim();
      hector.command("claim " + kind + (move && kind !== "flag" ? " " + move : ""));
    });
    const add = $("add-form");
    if (add) add.addEventListener("submit", (ev) => {
      ev.preventDefault();
      hector.command("add time " + $("add-side").value + " " + $("add-time").value.trim());
    });
    commandButtons();
    const correct = $("correct-form");
    if (correct) correct.addEventListener("submit", (ev) => {
      ev.preventDefault();
      hector.command("set time " + $("correct-side").value + " " + $("correct-time").value.trim());
    });
    const penalty = $("penalty-form");
    if (penalty) penalty.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const ply = $("penalty-ply").value.trim();
      hector.command("illegal " + $("penalty-side").value + (ply ? " " + ply : ""));
    });
    const result = $("result-form");
    if (result) result.addEventListener("submit", (ev) => {
      ev.preventDefault();
      hector.command("result " + $("result-value").value);
    });
    const rc = $("read-clocks");
    if (rc) rc.addEventListener("click", () => readClocks(true));
    await hector.init();
    await refresh();
    if (page === "blind") readClocks();
    // Sighted seats see the clocks run.
    if (page !== "blind") setInterval(() => { if (lastState && lastState.clock && lastState.clock.running) refresh(); }, 1000);
  });
})();
