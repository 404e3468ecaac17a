//! Words the session's events in a locale: every sentence a person at the
//! board hears or reads comes from here (and `locales/<code>/*.toml`).

use serde_json::Value;
use shakmaty::{Chess, Color, Move, Role, Square};

use super::{ArbiterReason, Detail, Device, DeviceNote, Event, Kind, Query, Refusal, Seat, Side};
use crate::clock::{ClockWords, Style};
use crate::locale::Locale;
use crate::locale::session::{MOVE_LABEL, SessionWords, Verb};
use crate::notation::phrase::{SayOptions, say_with};
use crate::notation::san;
use crate::rules::position_from_fen;

/// Renders events in one locale.
pub struct Renderer {
    loc: &'static Locale,
    words: &'static SessionWords,
    clock: &'static ClockWords,
    opts: SayOptions,
}

fn parse_move(fen: &str, uci: &str) -> Option<(Chess, Move)> {
    let (pos, _) = position_from_fen(fen).ok()?;
    let m = uci
        .parse::<shakmaty::uci::UciMove>()
        .ok()?
        .to_move(&pos)
        .ok()?;
    Some((pos, m))
}

fn role_of(name: &str) -> Option<Role> {
    [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ]
    .into_iter()
    .find(|r| super::role_name(*r) == name)
}

impl Renderer {
    /// A renderer for `code` (`de`, `en`, `pl`, `sr`, `el`).
    pub fn new(code: &str, opts: SayOptions) -> Result<Renderer, String> {
        Ok(Renderer {
            loc: Locale::get(code).map_err(|e| e.to_string())?,
            words: SessionWords::get(code).map_err(|e| e.to_string())?,
            clock: ClockWords::get(code).map_err(|e| e.to_string())?,
            opts,
        })
    }

    /// The renderer of a session's own locale and phrase options.
    pub fn for_session(s: &super::Session) -> Renderer {
        let cfg = s.config();
        Renderer {
            loc: s.locale(),
            words: s.words,
            clock: ClockWords::get(&cfg.locale)
                .or_else(|_| ClockWords::get("de"))
                .expect("embedded clock wording"),
            opts: s.opts,
        }
    }

    pub fn words(&self) -> &'static SessionWords {
        self.words
    }

    /// The event as one JSON object with its sentence in `text`.
    pub fn line(&self, e: &Event) -> Value {
        let mut v = serde_json::to_value(e).unwrap_or(Value::Null);
        if let Value::Object(o) = &mut v {
            o.insert("text".into(), Value::String(self.text(&e.kind)));
        }
        v
    }

    fn s(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.words.text(key, args)
    }

    fn color(&self, side: Side) -> &str {
        self.loc.color_name(side.into())
    }

    fn time(&self, ms: u64) -> String {
        self.clock.duration(ms, Style::Exact)
    }

    fn seat(&self, seat: Seat) -> String {
        self.s(&format!("seat_{}", seat.name()), &[])
    }

    /// "Springer Felix drei (Sf3)".
    fn phrase(&self, fen: &str, uci: &str, fallback: &str) -> String {
        match parse_move(fen, uci) {
            Some((pos, m)) => format!(
                "{} ({})",
                say_with(&pos, m, self.loc, &self.opts),
                san::write(&pos, m, self.loc)
            ),
            None => fallback.to_string(),
        }
    }

    /// Only the phrase, for read-backs and choices.
    fn spoken(&self, fen: &str, uci: &str, fallback: &str) -> String {
        match parse_move(fen, uci) {
            Some((pos, m)) => say_with(&pos, m, self.loc, &self.opts),
            None => fallback.to_string(),
        }
    }

    fn square(&self, name: &str) -> String {
        name.parse::<Square>()
            .map(|sq| self.loc.square_words(sq))
            .unwrap_or_else(|_| name.to_string())
    }

    /// The sentence of an event kind in this locale.
    pub fn text(&self, kind: &Kind) -> String {
        match kind {
            Kind::Readback {
                san,
                uci,
                fen_before,
            } => self.s("readback", &[("move", &self.spoken(fen_before, uci, san))]),
            Kind::Moved {
                san,
                uci,
                by,
                via,
                fen_before,
                ..
            } => {
                let mv = self.phrase(fen_before, uci, san);
                if *via == Seat::of((*by).into()) {
                    self.s("moved", &[("color", self.color(*by)), ("move", &mv)])
                } else {
                    self.s(
                        "moved_via",
                        &[
                            ("color", self.color(*by)),
                            ("move", &mv),
                            ("seat", &self.seat(*via)),
                        ],
                    )
                }
            }
            Kind::Choice {
                candidates,
                uci,
                fen_before,
            } => {
                let items: Vec<String> = uci
                    .iter()
                    .zip(candidates)
                    .enumerate()
                    .map(|(i, (u, c))| {
                        self.s(
                            "choice_item",
                            &[
                                ("number", &(i + 1).to_string()),
                                ("move", &self.phrase(fen_before, u, c)),
                            ],
                        )
                    })
                    .collect();
                self.s(
                    "choice",
                    &[
                        ("count", &items.len().to_string()),
                        ("list", &items.join("; ")),
                    ],
                )
            }
            Kind::Promotion { .. } => {
                let pieces: Vec<&str> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                    .into_iter()
                    .map(|r| self.loc.piece_word(r))
                    .collect();
                self.s("promotion", &[("pieces", &pieces.join(", "))])
            }
            Kind::Cancelled { act: None } => self.s("cancelled", &[]),
            Kind::Cancelled { act: Some(_) } => self.s("cancelled_act", &[]),
            Kind::Confirm {
                act,
                player,
                ms,
                result,
                ply,
            } => {
                let color = player
                    .map(|p| self.color(p).to_string())
                    .unwrap_or_default();
                let time = self.time(ms.unwrap_or(0));
                let count = ms.unwrap_or(0).to_string();
                let result = result.clone().unwrap_or_default();
                let ply = ply.map(|p| p.to_string());
                match (act.as_str(), ply) {
                    ("illegal", Some(ply)) => {
                        self.s("confirm_illegal_at", &[("color", &color), ("ply", &ply)])
                    }
                    ("illegal", None) => self.s("confirm_illegal", &[("color", &color)]),
                    ("result", _) => self.s("confirm_result", &[("result", &result)]),
                    ("set-time", _) => {
                        self.s("confirm_set_time", &[("color", &color), ("time", &time)])
                    }
                    ("add-time", _) => {
                        self.s("confirm_add_time", &[("color", &color), ("time", &time)])
                    }
                    ("set-moves", _) => {
                        self.s("confirm_set_moves", &[("color", &color), ("count", &count)])
                    }
                    ("absent", _) => self.s("confirm_absent", &[("color", &color)]),
                    _ => self.s("confirm_resign", &[]),
                }
            }
            Kind::Repeated { by, .. } => self.s("repeated_on_board", &[("color", self.color(*by))]),
            Kind::Refused { why } => self.refusal(why),
            Kind::Answer {
                query,
                player,
                ms,
                count,
                detail,
            } => self.answer(*query, *player, *ms, *count, detail.as_ref()),
            Kind::Status(st) => match &st.result {
                Some(_) => self.loc.message("game_over", &[]),
                None => self.s("to_move", &[("color", self.color(st.turn))]),
            },
            Kind::Result {
                result,
                reason,
                player,
                score,
            } => self.result(score.as_deref().unwrap_or(result), reason, *player),
            Kind::Alert { ms, .. } => self.s("alert", &[("time", &self.time(*ms))]),
            Kind::Flag { player } => self.s("flag", &[("color", self.color(*player))]),
            Kind::Clock { action, player, ms } => {
                let color = player
                    .map(|p| self.color(p).to_string())
                    .unwrap_or_default();
                match action.as_str() {
                    "started" => self.s("clock_started", &[]),
                    "stopped" => self.s("clock_stopped", &[]),
                    "set" => self.s(
                        "clock_set",
                        &[("color", &color), ("time", &self.time(ms.unwrap_or(0)))],
                    ),
                    "added" => self.s(
                        "clock_added",
                        &[("color", &color), ("time", &self.time(ms.unwrap_or(0)))],
                    ),
                    "moves" => self.s(
                        "clock_moves",
                        &[("color", &color), ("count", &ms.unwrap_or(0).to_string())],
                    ),
                    _ => self.s("clock_pressed", &[("color", &color)]),
                }
            }
            Kind::Draw { action, by } => {
                let key = if action == "offered" {
                    "draw_offered"
                } else {
                    "draw_declined"
                };
                self.s(key, &[("color", self.color(*by))])
            }
            Kind::Guidance { board, lines, .. } => self.s(
                "guidance_head",
                &[
                    ("board", &self.s(&format!("board_{board}"), &[])),
                    ("lines", &lines.join(" ")),
                ],
            ),
            Kind::BoardsAgree => self.s("boards_agree", &[]),
            Kind::Arbiter { reason, by, detail } => {
                let seat = by.map(|s| self.seat(s)).unwrap_or_default();
                let detail = detail.clone().unwrap_or_default();
                match reason {
                    ArbiterReason::Called => self.s("arbiter_called", &[("seat", &seat)]),
                    ArbiterReason::Touched => {
                        let d = if detail.is_empty() {
                            String::new()
                        } else {
                            format!(": {detail}")
                        };
                        if by.is_some_and(|b| !b.is_assistant()) {
                            self.s("arbiter_touched_by", &[("seat", &seat), ("detail", &d)])
                        } else {
                            self.s("arbiter_touched", &[("detail", &d)])
                        }
                    }
                    ArbiterReason::FlagClaim if by.is_none_or(Seat::is_assistant) => {
                        self.s("arbiter_flag_claim", &[])
                    }
                    ArbiterReason::FlagClaim => self.s("arbiter_flag_claim_by", &[("seat", &seat)]),
                    ArbiterReason::BoardsDiffer => {
                        let key = format!("decision_{}", detail.replace('-', "_"));
                        let why = if self.words.has(&key) {
                            self.s(&key, &[])
                        } else {
                            detail.clone()
                        };
                        self.s("arbiter_boards_differ", &[("detail", &why)])
                    }
                    ArbiterReason::AssistantMissing => self.s("arbiter_assistant_missing", &[]),
                    ArbiterReason::IllegalClaimed => self.s("arbiter_illegal", &[("seat", &seat)]),
                    ArbiterReason::Interrupted => self.s("arbiter_interrupted", &[]),
                    ArbiterReason::Present => self.s("arbiter_present", &[("seat", &seat)]),
                    ArbiterReason::BoardPutRight => {
                        self.s("arbiter_board_put_right", &[("seat", &seat)])
                    }
                    ArbiterReason::Absent => self.s("arbiter_absent", &[("seat", &seat)]),
                    ArbiterReason::Arrived => self.s("arbiter_arrived", &[("seat", &seat)]),
                    ArbiterReason::Flag => {
                        let c = match detail.as_str() {
                            "white" => self.color(Side::White).to_string(),
                            "black" => self.color(Side::Black).to_string(),
                            other => other.to_string(),
                        };
                        self.s("arbiter_flag", &[("detail", &c)])
                    }
                }
            }
            Kind::Retraced { ply } => self.s("retraced", &[("ply", &ply.to_string())]),
            Kind::SheetCorrected { board, ply, san } => self.s(
                "sheet_corrected",
                &[
                    ("board", &self.s(&format!("board_{board}"), &[])),
                    ("ply", &ply.to_string()),
                    ("san", san),
                ],
            ),
            Kind::Penalty {
                player,
                added_ms,
                gets,
            } => self.s(
                "penalty",
                &[
                    ("color", self.color(*player)),
                    ("winner", self.color(*gets)),
                    ("time", &self.time(*added_ms)),
                ],
            ),
            Kind::Adjourned {
                by,
                move_number,
                early_ms,
                ..
            } => {
                let mut text = self.s(
                    "adjourned",
                    &[
                        ("color", self.color(*by)),
                        ("number", &move_number.to_string()),
                    ],
                );
                if let Some(ms) = early_ms {
                    text.push(' ');
                    text.push_str(&self.s(
                        "adjourned_early",
                        &[("color", self.color(*by)), ("time", &self.time(*ms))],
                    ));
                }
                text
            }
            Kind::Sealed { san } => self.s("sealed", &[("move", san)]),
            Kind::Resumed => self.s("resumed", &[]),
            Kind::Interrupted { ms } => self.s("interrupted", &[("time", &self.time(*ms))]),
            Kind::Device(DeviceNote {
                device,
                reachable,
                why,
                ..
            }) => {
                let key = match (device, reachable) {
                    (Device::Eboard, false) => "eboard_gone",
                    (Device::Eboard, true) => "eboard_back",
                    (Device::Braille, false) => "braille_gone",
                    (Device::Braille, true) => "braille_back",
                    (Device::Microphone, false) => "microphone_gone",
                    (Device::Microphone, true) => "microphone_back",
                };
                self.s(key, &[("why", why.as_deref().unwrap_or(""))])
                    .trim_end()
                    .to_string()
            }
            Kind::Repeat { of } => self.text(of),
        }
    }

    /// A command named in the game's words (its first phrase in the
    /// locale, `zeit geben` for `add-time`), never its internal name.
    fn command_words(&self, command: &str) -> String {
        if command == MOVE_LABEL {
            return self.s("command_move", &[]);
        }
        let spoken = command.replace('-', " ");
        match self.words.command(&spoken) {
            Some((verb, n)) if n == spoken.split_whitespace().count() => self
                .words
                .phrases_of(verb)
                .first()
                .cloned()
                .unwrap_or(spoken),
            _ => spoken,
        }
    }

    fn refusal(&self, why: &Refusal) -> String {
        match why {
            Refusal::NotUnderstood { heard } if heard.is_empty() => {
                self.s("not_understood_empty", &[])
            }
            Refusal::NotUnderstood { heard } => self.s("not_understood", &[("heard", heard)]),
            Refusal::Illegal { reason } => reason.clone(),
            Refusal::NotYourTurn => self.s("not_your_turn", &[]),
            Refusal::NotYourRight { command } => {
                let named = self.command_words(command);
                if Verb::from_label(command).is_some_and(Verb::arbiter_only) {
                    self.s("not_your_right", &[("command", &named)])
                } else {
                    self.s("not_your_right_seat", &[("command", &named)])
                }
            }
            Refusal::NothingPending => self.s("nothing_pending", &[]),
            Refusal::AwaitingPlayer => self.s("awaiting_player", &[]),
            Refusal::OutOfRange { max } => self.s("out_of_range", &[("max", &max.to_string())]),
            Refusal::GameOver => self.s("game_over", &[]),
            Refusal::Adjourned => self.s("adjourned_no_move", &[]),
            Refusal::NoClock => self.s("no_clock", &[]),
            Refusal::Incomplete { command } => {
                let key = format!("incomplete_{command}");
                if self.words.has(&key) {
                    self.s(&key, &[])
                } else {
                    self.s("not_understood", &[("heard", command)])
                }
            }
            Refusal::Rules { reason } => match reason.as_str() {
                "no_draw_offer"
                | "not_adjourned"
                | "not_present"
                | "tampered"
                | "flag_not_fallen"
                | "nothing_to_repeat"
                | "assistant_per_player"
                | "no_player_assistant" => self.s(reason, &[]),
                "claim_incorrect" => self.loc.game_text("claim_incorrect", &[]),
                other => self.s("rules_problem", &[("reason", other)]),
            },
            Refusal::BadLine { problem } => match problem.as_str() {
                "not_utf8" => self.s("bad_utf8", &[]),
                "too_long" => self.s("too_long", &[]),
                "unreadable" => self.loc.game_text("input_unreadable", &[]),
                _ => self.s("bad_line", &[("problem", problem.trim_end_matches('.'))]),
            },
            Refusal::Clock { reason } => self.s("clock_problem", &[("reason", reason)]),
        }
    }

    pub(super) fn answer(
        &self,
        query: Query,
        player: Option<Side>,
        ms: Option<u64>,
        count: Option<u32>,
        detail: Option<&Detail>,
    ) -> String {
        let color = player
            .map(|p| self.color(p).to_string())
            .unwrap_or_default();
        let time = self.time(ms.unwrap_or(0));
        match query {
            Query::Time => self.s("answer_time", &[("color", &color), ("time", &time)]),
            Query::MyTime => self.s("answer_my_time", &[("time", &time)]),
            Query::OpponentTime => self.s("answer_opponent_time", &[("time", &time)]),
            Query::TimeUsed => self.s(
                "answer_used",
                &[
                    ("color", &color),
                    ("time", &time),
                    ("moves", &self.clock.move_count(count.unwrap_or(0).into())),
                ],
            ),
            Query::Moves => self.s(
                "answer_moves",
                &[
                    ("color", &color),
                    ("moves", &self.clock.move_count(count.unwrap_or(0).into())),
                ],
            ),
            Query::Help => self.s("help", &[]),
            Query::Last => match detail {
                Some(Detail::Last(d)) => {
                    let mv = self.phrase(&d.fen_before, &d.uci, &d.san);
                    self.s("moved", &[("color", self.color(d.by)), ("move", &mv)])
                }
                _ => self.s("answer_none", &[]),
            },
            Query::Where => {
                let mut parts = Vec::new();
                if let Some(Detail::Where(d)) = detail {
                    for p in &d.pieces {
                        let role = role_of(&p.piece).unwrap_or(Role::Pawn);
                        let squares: Vec<String> =
                            p.squares.iter().map(|s| self.square(s)).collect();
                        let list = if squares.is_empty() {
                            self.s("answer_none_left", &[])
                        } else {
                            squares.join(", ")
                        };
                        let label =
                            format!("{} {}", self.color(p.player), self.loc.piece_word(role));
                        parts.push(self.s("answer_pieces", &[("piece", &label), ("list", &list)]));
                    }
                }
                parts.join(" ")
            }
            Query::Rank | Query::File => {
                let items: Vec<String> = match detail {
                    Some(Detail::Line(d)) => d
                        .pieces
                        .iter()
                        .map(|p| {
                            let role = role_of(&p.piece).unwrap_or(Role::Pawn);
                            format!(
                                "{}: {} {}",
                                self.square(&p.square),
                                self.color(p.player),
                                self.loc.piece_word(role)
                            )
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                if items.is_empty() {
                    self.s("answer_empty", &[])
                } else {
                    items.join("; ")
                }
            }
            Query::Resumption => match detail {
                Some(Detail::Resumption(r)) => self.s(
                    "resumption_set",
                    &[("date", &r.date), ("time", &r.time), ("place", &r.place)],
                ),
                _ => self.s("resumption_none", &[]),
            },
            Query::Fen => match detail {
                Some(Detail::Fen(d)) => d.fen.clone(),
                _ => String::new(),
            },
            Query::Board => match detail {
                Some(Detail::Fen(d)) => self.board(&d.fen),
                _ => String::new(),
            },
            Query::List => match detail {
                Some(Detail::Pgn(d)) => d.pgn.clone(),
                Some(Detail::List(d)) if !d.moves.is_empty() => {
                    let moves: Vec<&str> = d.moves.iter().map(String::as_str).collect();
                    self.move_list(Some(&d.start), &moves)
                }
                _ => self.s("answer_none", &[]),
            },
            Query::Sheet => match detail {
                // 8.1.5: a draw offer is marked (=) after the move.
                Some(Detail::Sheet(d)) if !d.entries.is_empty() => d
                    .entries
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        if d.offers.contains(&(i + 1)) {
                            format!("{e} (=)")
                        } else {
                            e.clone()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
                // Guidelines I.2, I.3: the envelope's outside read to the
                // arbiter (never the sealed move).
                Some(Detail::Envelope(e)) => {
                    let name = |n: &Option<String>, side| {
                        n.clone().unwrap_or_else(|| self.color(side).to_string())
                    };
                    let resumption = match &e.resumption {
                        Some(r) => self.s(
                            "resumption_when",
                            &[("date", &r.date), ("time", &r.time), ("place", &r.place)],
                        ),
                        None => self.s("resumption_none", &[]),
                    };
                    let read = self.s(
                        "envelope_read",
                        &[
                            ("white_name", &name(&e.white, Side::White)),
                            ("black_name", &name(&e.black, Side::Black)),
                            ("color", self.color(e.sealed_by)),
                            ("number", &e.move_number.to_string()),
                            ("white", self.color(Side::White)),
                            ("white_time", &self.time(e.white_used_ms)),
                            ("black", self.color(Side::Black)),
                            ("black_time", &self.time(e.black_used_ms)),
                            ("resumption", resumption.trim_end_matches('.')),
                        ],
                    );
                    match &e.file {
                        Some(f) => format!(
                            "{read} {}",
                            self.s(
                                "envelope_written",
                                &[("file", f), ("page", &envelope_page_name(f))]
                            )
                        ),
                        None => read,
                    }
                }
                _ => self.s("answer_none", &[]),
            },
        }
    }

    /// The moves in the locale's notation, numbered.
    fn move_list(&self, start: Option<&str>, sans: &[&str]) -> String {
        let Ok((mut pos, _)) = position_from_fen(
            start.unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ) else {
            return sans.join(" ");
        };
        let mut out = Vec::new();
        for s in sans {
            let Ok(m) = s
                .parse::<shakmaty::san::San>()
                .map_err(|_| ())
                .and_then(|x| x.to_move(&pos).map_err(|_| ()))
            else {
                out.push(s.to_string());
                continue;
            };
            let n = pos.fullmoves().get();
            let written = san::write(&pos, m, self.loc);
            match pos.turn() {
                Color::White => out.push(format!("{n}. {written}")),
                Color::Black if out.is_empty() => out.push(format!("{n}... {written}")),
                Color::Black => out.push(written),
            }
            use shakmaty::Position;
            pos = match pos.clone().play(m) {
                Ok(p) => p,
                Err(_) => break,
            };
        }
        out.join(" ")
    }

    /// The board read rank by rank, from the eighth down: each rank with
    /// its pieces ("acht: Anna acht schwarzer Turm, …"), empty ranks said
    /// as empty — a plain sentence a screen reader or earphone can follow.
    fn board(&self, fen: &str) -> String {
        let Ok((pos, _)) = position_from_fen(fen) else {
            return fen.to_string();
        };
        use shakmaty::{File, Position, Rank};
        let board = pos.board();
        let mut ranks = Vec::new();
        for r in (0..8).rev() {
            let rank = Rank::new(r);
            let items: Vec<String> = (0..8)
                .filter_map(|f| {
                    let sq = Square::from_coords(File::new(f), rank);
                    board.piece_at(sq).map(|p| {
                        format!(
                            "{} {} {}",
                            self.loc.square_words(sq),
                            self.loc.color_name(p.color),
                            self.loc.piece_word(p.role)
                        )
                    })
                })
                .collect();
            let list = if items.is_empty() {
                self.s("answer_empty", &[])
            } else {
                items.join(", ")
            };
            ranks.push(format!("{}: {list}", self.loc.rank_word(rank)));
        }
        ranks.join(". ")
    }

    fn result(&self, result: &str, reason: &str, player: Option<Side>) -> String {
        let winner = match result {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            _ => None,
        };
        let name = |c: Color| self.loc.color_name(c).to_string();
        let p = player.map(Color::from);
        let concerned = p.map(name).unwrap_or_default();
        let other = p.map(|c| name(!c)).unwrap_or_default();
        match reason {
            "checkmate" => self.loc.game_text(
                "checkmate",
                &[("color", &winner.map(name).unwrap_or_default())],
            ),
            "stalemate" => self.loc.game_text("stalemate", &[]),
            "insufficient-material" => self.loc.game_text("insufficient_material", &[]),
            "fivefold-repetition" => self.loc.game_text("fivefold_repetition", &[]),
            "seventy-five-moves" => self.loc.game_text("seventy_five_moves", &[]),
            "threefold-repetition" => self.loc.game_text("threefold_repetition", &[]),
            "fifty-moves" => self.loc.game_text("fifty_moves", &[]),
            "resignation" => self
                .loc
                .game_text("resigned", &[("color", &concerned), ("winner", &other)]),
            "flag-fall" => self.loc.game_text(
                if winner.is_some() {
                    "flag_win"
                } else {
                    "flag_draw"
                },
                &[("color", &concerned), ("winner", &other)],
            ),
            "illegal-moves" => self.loc.game_text(
                if winner.is_some() {
                    "illegal_move_loses"
                } else {
                    "illegal_move_draw"
                },
                &[("color", &concerned), ("winner", &other)],
            ),
            "draw-agreed" => self.loc.game_text("draw_agreed", &[]),
            "sealed-move" if winner.is_none() => self.s(
                "sealed_move_draw",
                &[("color", &concerned), ("winner", &other)],
            ),
            "sealed-move" => self.s("sealed_move_loses", &[("color", &concerned)]),
            "absent" if p.is_some() => self.s(
                "result_absent",
                &[("color", &concerned), ("winner", &other)],
            ),
            "absent" => self.s("result_absent_both", &[]),
            "arbiter" => self.s("result_arbiter", &[("result", result)]),
            _ => result.to_string(),
        }
    }
}

/// The printable page written next to an envelope file: `FILE.txt`
/// (`adjourned.json` → `adjourned.txt`).
pub fn envelope_page_name(file: &str) -> String {
    match file.strip_suffix(".json") {
        Some(stem) => format!("{stem}.txt"),
        None => format!("{file}.txt"),
    }
}
