//! Words the session's events in a locale: every sentence a person at the
//! board hears or reads comes from here (and `locales/<code>/*.toml`).

use serde_json::Value;
use shakmaty::{Chess, Color, Move, Role, Square};

use super::{
    ActName, ArbiterReason, ClockAction, ClockReason, Detail, Device, DeviceNote, DrawAction,
    Event, Kind, LineProblem, Named, Query, Refusal, Rule, RulesReason, Seat, Side,
};
use crate::clock::{ClockWords, Style};
use crate::locale::Locale;
use crate::locale::messages::Arg;
use crate::locale::session::SessionWords;
use crate::locale::session::Verb;
use crate::notation::phrase::{SayOptions, say_with};
use crate::notation::san;
use crate::rules::{Laws, position_from_fen};

/// The standard start position.
pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// `written` (one entry per half-move from `start`) with move numbers:
/// `["1. e4", "e5", "2. Sf3"]`; a game that starts with Black's move
/// starts `"1... e5"`.
pub fn numbered(start: &Chess, written: &[String]) -> Vec<String> {
    use shakmaty::Position;
    let mut n = start.fullmoves().get();
    let mut turn = start.turn();
    let mut out = Vec::with_capacity(written.len());
    for w in written {
        match turn {
            Color::White => out.push(format!("{n}. {w}")),
            Color::Black if out.is_empty() => out.push(format!("{n}... {w}")),
            Color::Black => out.push(w.clone()),
        }
        if turn == Color::Black {
            n += 1;
        }
        turn = !turn;
    }
    out
}

/// English SAN moves from `start` (the standard position when `None`) in
/// the locale's notation, one per half-move, unnumbered. A move that is
/// not legal stays as it is and ends the reading.
pub fn written_sans<S: AsRef<str>>(start: Option<&str>, sans: &[S], loc: &Locale) -> Vec<String> {
    let Ok((mut pos, _)) = position_from_fen(start.unwrap_or(STANDARD_FEN)) else {
        return sans.iter().map(|s| s.as_ref().to_string()).collect();
    };
    let mut written = Vec::with_capacity(sans.len());
    let mut rest = sans.iter();
    for s in rest.by_ref() {
        let s = s.as_ref();
        let Some(m) = s
            .parse::<shakmaty::san::San>()
            .ok()
            .and_then(|x| x.to_move(&pos).ok())
        else {
            written.push(s.to_string());
            break;
        };
        written.push(san::write(&pos, m, loc));
        shakmaty::Position::play_unchecked(&mut pos, m);
    }
    written.extend(rest.map(|s| s.as_ref().to_string()));
    written
}

/// [`written_sans`], numbered as [`numbered`] does ("1. e4", "e5", "2. Sf3").
pub fn written_moves<S: AsRef<str>>(start: Option<&str>, sans: &[S], loc: &Locale) -> Vec<String> {
    let written = written_sans(start, sans, loc);
    match position_from_fen(start.unwrap_or(STANDARD_FEN)) {
        Ok((pos, _)) => numbered(&pos, &written),
        Err(_) => written,
    }
}

/// Renders events in one locale.
pub struct Renderer {
    loc: &'static Locale,
    words: &'static SessionWords,
    clock: &'static ClockWords,
    opts: SayOptions,
    /// The edition of the Laws the game follows: it decides the articles
    /// cited and how rulings are counted (the third illegal move of 2009
    /// and 2005 7.4(b), the second of 2023 7.5.5).
    laws: Laws,
    /// Seats with a language of their own, each with its renderer.
    seats: Vec<(Seat, Renderer)>,
}

/// An argument of a sentence: plain words and numbers, or something the
/// message layer words in the case the sentence asks for.
#[derive(Debug, Clone, Copy)]
pub enum Word<'a> {
    /// Words as they are (a move, a list).
    T(&'a str),
    /// A number (it chooses plural forms).
    N(u64),
    /// A side, worded by the `side` message.
    Side(Side),
    /// A seat, worded by the `seat` message.
    Seat(Seat),
    /// A time in milliseconds, spoken as the clock speaks it.
    Time(u64),
    /// A number of moves ("siebzehn Züge").
    Moves(u64),
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
    Role::ALL.into_iter().find(|r| super::role_name(*r) == name)
}

impl Renderer {
    /// A renderer for `code` (`de`, `en`, `pl`, `sr`, `el`).
    pub fn new(code: &str, opts: SayOptions) -> Result<Renderer, String> {
        Ok(Renderer {
            loc: Locale::get(code).map_err(|e| e.to_string())?,
            words: SessionWords::get(code).map_err(|e| e.to_string())?,
            clock: ClockWords::get(code).map_err(|e| e.to_string())?,
            opts,
            laws: Laws::default(),
            seats: Vec::new(),
        })
    }

    /// The renderer for a game under another edition of the Laws.
    pub fn with_laws(mut self, laws: Laws) -> Renderer {
        self.laws = laws;
        self.seats = self
            .seats
            .into_iter()
            .map(|(seat, r)| (seat, r.with_laws(laws)))
            .collect();
        self
    }

    /// The renderer of a session's own locale and phrase options.
    pub fn for_session(s: &super::Session) -> Renderer {
        let cfg = s.config();
        let seats = cfg
            .seat_locales
            .iter()
            .filter(|(_, code)| **code != cfg.locale)
            .filter_map(|(seat, code)| {
                Some((
                    Seat::parse(seat)?,
                    Renderer::new(code, s.opts).ok()?.with_laws(cfg.laws),
                ))
            })
            .collect();
        Renderer {
            loc: s.locale(),
            words: s.words,
            clock: ClockWords::get(&cfg.locale)
                .or_else(|_| ClockWords::get("de"))
                .expect("embedded clock wording"),
            opts: s.opts,
            laws: cfg.laws,
            seats,
        }
    }

    /// The renderer of a seat: its own language's, or the game's.
    pub fn for_seat(&self, seat: Seat) -> &Renderer {
        self.seats
            .iter()
            .find(|(s, _)| *s == seat)
            .map_or(self, |(_, r)| r)
    }

    pub fn words(&self) -> &'static SessionWords {
        self.words
    }

    /// The event as one JSON object with its sentence in `text`.
    pub fn line(&self, e: &Event) -> Value {
        let mut v = serde_json::to_value(e).unwrap_or(Value::Null);
        if let Value::Object(o) = &mut v {
            o.insert("text".into(), Value::String(self.text(&e.kind)));
            // A seat with its own language gets the sentence in it too.
            let texts: serde_json::Map<String, Value> = self
                .seats
                .iter()
                .filter(|(seat, _)| {
                    e.to.iter()
                        .any(|t| matches!(t, super::To::All) || *t == super::To::Seat(*seat))
                })
                .map(|(seat, r)| (seat.name().to_string(), Value::String(r.text(&e.kind))))
                .collect();
            if !texts.is_empty() {
                o.insert("texts".into(), Value::Object(texts));
            }
        }
        v
    }

    /// The edition as a sentence's `$laws` (its year): the articles a
    /// sentence cites follow the edition the game is played under (a
    /// 2009 or 2005 game never cites a 2023 article).
    fn laws(&self) -> (&'static str, Word<'static>) {
        let year = match self.laws {
            Laws::Fide2023 => 2023,
            Laws::Fide2009 => 2009,
            Laws::Fide2005 => 2005,
        };
        ("laws", Word::N(year))
    }

    fn s(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.words.text(key, args)
    }

    /// A sentence whose sides, seats, times and move counts are worded in
    /// the case the message asks for (`.time = acc` in messages.ftl).
    pub fn say(&self, key: &str, args: &[(&str, Word)]) -> String {
        let m = self.words.messages();
        let words: Vec<(&str, Result<String, u64>)> = args
            .iter()
            .map(|(name, a)| {
                let case = || m.case_of(key, name);
                let v = match *a {
                    Word::T(t) => Ok(t.to_string()),
                    Word::N(n) => Err(n),
                    Word::Side(side) => Ok(self.side_in(side, &case())),
                    Word::Seat(seat) => Ok(self.seat_in(seat, &case())),
                    Word::Time(ms) => Ok(self.clock.duration_in(ms, Style::Exact, &case())),
                    Word::Moves(n) => Ok(self.clock.move_count_in(n, &case())),
                };
                (*name, v)
            })
            .collect();
        let args: Vec<(&str, Arg)> = words
            .iter()
            .map(|(name, v)| match v {
                Ok(t) => (*name, Arg::Text(t)),
                Err(n) => (*name, Arg::Num(*n)),
            })
            .collect();
        m.format(key, &args)
    }

    fn side_in(&self, side: Side, case: &str) -> String {
        self.words.messages().format(
            "side",
            &[("side", Arg::Text(side.name())), ("case", Arg::Text(case))],
        )
    }

    fn color(&self, side: Side) -> String {
        self.side_in(side, "nom")
    }

    fn seat_in(&self, seat: Seat, case: &str) -> String {
        self.words.messages().format(
            "seat",
            &[("seat", Arg::Text(seat.name())), ("case", Arg::Text(case))],
        )
    }

    /// "weißer Springer", "białe skoczki": a side's piece agreeing in
    /// gender and number (`count` of them).
    pub fn piece(&self, side: Side, role: Role, count: u64) -> String {
        self.words.messages().format(
            "piece",
            &[
                ("side", Arg::Text(side.name())),
                ("piece", Arg::Text(super::role_name(role))),
                ("count", Arg::Num(count)),
            ],
        )
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
                    self.say(
                        "moved",
                        &[("color", Word::Side(*by)), ("move", Word::T(&mv))],
                    )
                } else {
                    self.say(
                        "moved_via",
                        &[
                            ("color", Word::Side(*by)),
                            ("move", Word::T(&mv)),
                            ("seat", Word::Seat(*via)),
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
                claim,
                san,
                uci,
                fen_before,
            } => {
                // The move read back (D.2.8): spoken as a move is, or the
                // sealed text as it was written.
                let said = match (uci, fen_before) {
                    (Some(u), Some(f)) => self.spoken(f, u, san.as_deref().unwrap_or_default()),
                    _ => san.clone().unwrap_or_default(),
                };
                let color = player.map(Word::Side).unwrap_or(Word::T(""));
                let ms = ms.unwrap_or(0);
                let result = result.as_deref().unwrap_or_default();
                match (act, ply) {
                    (ActName::Illegal, Some(ply)) => self.say(
                        "confirm_illegal_at",
                        &[("color", color), ("ply", Word::T(&ply.to_string()))],
                    ),
                    (ActName::Illegal, None) => self.say("confirm_illegal", &[("color", color)]),
                    (ActName::Result, _) => self.s("confirm_result", &[("result", result)]),
                    (ActName::SetTime, _) => self.say(
                        "confirm_set_time",
                        &[("color", color), ("time", Word::Time(ms))],
                    ),
                    (ActName::AddTime, _) => self.say(
                        "confirm_add_time",
                        &[("color", color), ("time", Word::Time(ms))],
                    ),
                    (ActName::SetMoves, _) => self.say(
                        "confirm_set_moves",
                        &[("color", color), ("count", Word::N(ms))],
                    ),
                    (ActName::Absent, _) => {
                        self.say("confirm_absent", &[("color", color), self.laws()])
                    }
                    (ActName::Resign, _) => self.s("confirm_resign", &[]),
                    (ActName::Claim, _) => self.s(
                        if claim.as_deref() == Some("fifty-moves") {
                            "confirm_claim_fifty"
                        } else {
                            "confirm_claim_threefold"
                        },
                        &[("move", &said)],
                    ),
                    (ActName::Seal, _) => self.s("confirm_seal", &[("move", &said)]),
                }
            }
            Kind::Repeated { by, .. } => {
                self.say("repeated_on_board", &[("color", Word::Side(*by))])
            }
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
                None => self.say("to_move", &[("color", Word::Side(st.turn))]),
            },
            Kind::Result {
                result,
                reason,
                player,
                score,
            } => self.result(score.as_deref().unwrap_or(result), reason, *player),
            Kind::Alert { ms, .. } => self.say("alert", &[("time", Word::Time(*ms))]),
            Kind::Flag { player } => self.say("flag", &[("color", Word::Side(*player))]),
            Kind::Clock {
                action,
                player,
                ms,
                by_rule,
            } => {
                let color = player.map(Word::Side).unwrap_or(Word::T(""));
                let ms = ms.unwrap_or(0);
                match action {
                    // Applied by hector as the Laws give it: not said as
                    // the arbiter's act.
                    ClockAction::Added if *by_rule => self.say(
                        "clock_granted",
                        &[("color", color), ("time", Word::Time(ms))],
                    ),
                    ClockAction::Set if *by_rule => {
                        self.say("clock_cut", &[("color", color), ("time", Word::Time(ms))])
                    }
                    ClockAction::Started => self.s("clock_started", &[]),
                    ClockAction::Stopped => self.s("clock_stopped", &[]),
                    ClockAction::Set => {
                        self.say("clock_set", &[("color", color), ("time", Word::Time(ms))])
                    }
                    ClockAction::Added => {
                        self.say("clock_added", &[("color", color), ("time", Word::Time(ms))])
                    }
                    ClockAction::Moves => {
                        self.say("clock_moves", &[("color", color), ("count", Word::N(ms))])
                    }
                    ClockAction::Pressed => self.say("clock_pressed", &[("color", color)]),
                }
            }
            Kind::Draw { action, by } => {
                let key = match action {
                    DrawAction::Offered => "draw_offered",
                    DrawAction::Declined => "draw_declined",
                };
                self.say(key, &[("color", Word::Side(*by))])
            }
            Kind::Guidance { board, lines, .. } => self.s(
                "guidance_head",
                &[
                    ("board", &self.s(&format!("board_{board}"), &[])),
                    ("lines", &lines.join(" ")),
                ],
            ),
            Kind::BoardsAgree { again: true } => self.s("boards_agree", &[]),
            Kind::BoardsAgree { again: false } => self.s("boards_in_order", &[]),
            Kind::Arbiter { reason, by, detail } => {
                let seat = by.map(Word::Seat).unwrap_or(Word::T(""));
                let detail = detail.clone().unwrap_or_default();
                match reason {
                    ArbiterReason::Called => self.say("arbiter_called", &[("seat", seat)]),
                    ArbiterReason::Touched => {
                        let d = if detail.is_empty() {
                            String::new()
                        } else {
                            format!(": {detail}")
                        };
                        if by.is_some_and(|b| !b.is_assistant()) {
                            self.say(
                                "arbiter_touched_by",
                                &[("seat", seat), ("detail", Word::T(&d))],
                            )
                        } else {
                            self.s("arbiter_touched", &[("detail", &d)])
                        }
                    }
                    ArbiterReason::FlagClaim if by.is_none_or(Seat::is_assistant) => {
                        self.s("arbiter_flag_claim", &[])
                    }
                    ArbiterReason::FlagClaim => {
                        self.say("arbiter_flag_claim_by", &[("seat", seat)])
                    }
                    ArbiterReason::BoardsDiffer => {
                        let key = format!("decision_{}", detail.replace('-', "_"));
                        let why = if self.words.has(&key) {
                            self.s(&key, &[])
                        } else {
                            detail.clone()
                        };
                        self.s("arbiter_boards_differ", &[("detail", &why)])
                    }
                    ArbiterReason::AssistantMissing => {
                        self.say("arbiter_assistant_missing", &[self.laws()])
                    }
                    ArbiterReason::IllegalClaimed => self.say("arbiter_illegal", &[("seat", seat)]),
                    ArbiterReason::Interrupted => self.s("arbiter_interrupted", &[]),
                    ArbiterReason::Present => self.say("arbiter_present", &[("seat", seat)]),
                    ArbiterReason::BoardPutRight => {
                        self.say("arbiter_board_put_right", &[("seat", seat)])
                    }
                    ArbiterReason::Absent => self.say("arbiter_absent", &[("seat", seat)]),
                    ArbiterReason::Arrived => self.say("arbiter_arrived", &[("seat", seat)]),
                    // I.8: the sealed move as the arbiter may read it, in
                    // the locale's notation, and his command to play it.
                    ArbiterReason::SealedMoveUnclear => {
                        let command = self.command_words(Named::Command(Verb::Resume));
                        self.say(
                            "arbiter_sealed_unclear",
                            &[
                                ("detail", Word::T(&detail)),
                                ("command", Word::T(&command)),
                                self.laws(),
                            ],
                        )
                    }
                    ArbiterReason::ReplyUnclear => self.say(
                        "arbiter_reply_unclear",
                        &[("seat", seat), ("detail", Word::T(&detail))],
                    ),
                    ArbiterReason::QuickplayClaim => {
                        self.say("arbiter_quickplay_claim", &[("seat", seat)])
                    }
                    ArbiterReason::EnvelopeLost => {
                        self.say("arbiter_envelope_lost", &[("seat", seat), self.laws()])
                    }
                    ArbiterReason::ReplySealed => {
                        self.say("arbiter_reply_sealed", &[("seat", seat), self.laws()])
                    }
                    ArbiterReason::Flag => {
                        let c = match detail.as_str() {
                            "white" => self.color(Side::White),
                            "black" => self.color(Side::Black),
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
                reinstated,
            } => self.say(
                if reinstated.is_some() {
                    "penalty"
                } else {
                    "penalty_kept"
                },
                &[
                    ("color", Word::Side(*player)),
                    ("winner", Word::Side(*gets)),
                    ("time", Word::Time(*added_ms)),
                ],
            ),
            Kind::Adjourned {
                by,
                move_number,
                early_ms,
                ..
            } => {
                let mut text = self.say(
                    "adjourned",
                    &[
                        ("color", Word::Side(*by)),
                        ("number", Word::N((*move_number).into())),
                    ],
                );
                if let Some(ms) = early_ms {
                    text.push(' ');
                    text.push_str(&self.say(
                        "adjourned_early",
                        &[
                            ("color", Word::Side(*by)),
                            ("time", Word::Time(*ms)),
                            self.laws(),
                        ],
                    ));
                }
                text
            }
            Kind::Sealed { san } => self.s("sealed", &[("move", san)]),
            Kind::Resumed => self.s("resumed", &[]),
            Kind::Interrupted { ms } => self.say("interrupted", &[("time", Word::Time(*ms))]),
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
    fn command_words(&self, command: Named) -> String {
        let Named::Command(verb) = command else {
            return self.s("command_move", &[]);
        };
        let spoken = verb.label().replace('-', " ");
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
                let named = self.command_words(*command);
                if matches!(command, Named::Command(v) if v.arbiter_only()) {
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
                    // A command with no sentence of its own: named in the
                    // game's words, never by its internal name.
                    let named = Verb::from_label(command).map_or_else(
                        || command.clone(),
                        |v| self.command_words(Named::Command(v)),
                    );
                    self.s("not_understood", &[("heard", &named)])
                }
            }
            Refusal::Rules {
                reason: RulesReason::Rule(Rule::ClaimIncorrect),
            } => self.loc.game_text("claim_incorrect", &[]),
            Refusal::Rules {
                reason: RulesReason::Rule(rule),
            } => self.s(rule.name(), &[]),
            // A sentence a front end worded in this seat's language.
            Refusal::Rules {
                reason: RulesReason::Said(said),
            } => self.s("rules_problem", &[("reason", said)]),
            Refusal::BadLine { problem } => match problem.as_str() {
                "not_utf8" => self.s("bad_utf8", &[]),
                "too_long" => self.s("too_long", &[]),
                "unreadable" => self.loc.game_text("input_unreadable", &[]),
                p => match LineProblem::ALL.into_iter().find(|l| l.name() == p) {
                    Some(l) => self.s(&format!("line_{}", l.name()), &[]),
                    // A front end's JSON-line problem (a program's input).
                    None => self.s("bad_line", &[("problem", problem.trim_end_matches('.'))]),
                },
            },
            Refusal::Clock {
                reason: ClockReason::TooMuchTime,
            } => self.say(
                "clock_too_much_time",
                &[("hours", Word::N(crate::clock::MAX_CLOCK_MS / 3_600_000))],
            ),
            Refusal::Clock { reason } => self.s(&format!("clock_{}", reason.name()), &[]),
            Refusal::DrawTooEarly { before } => {
                self.say("draw_too_early", &[("number", Word::N(u64::from(*before)))])
            }
        }
    }

    /// The commands of a seat other than a blind player's, each by its
    /// first phrase in this locale (`help_opponent`, `help_assistant`,
    /// `help_arbiter`).
    fn seat_help(&self, whose: &str) -> String {
        let verbs: &[Verb] = match whose {
            "arbiter" => &[
                Verb::StartClock,
                Verb::StopClock,
                Verb::Check,
                Verb::Fixed,
                Verb::Retrace,
                Verb::Illegal,
                Verb::SetTime,
                Verb::AddTime,
                Verb::SetMoves,
                Verb::Result,
                Verb::Absent,
                Verb::Arrived,
                Verb::Present,
                Verb::Envelope,
                Verb::Resume,
                Verb::Resumption,
                Verb::Sheet,
                Verb::Status,
                Verb::Yes,
                Verb::No,
            ],
            "assistant" => &[
                Verb::Press,
                Verb::Repeated,
                Verb::Time,
                Verb::TimeUsed,
                Verb::Moves,
                Verb::Last,
                Verb::Sheet,
                Verb::Claim,
                Verb::Touched,
                Verb::Arbiter,
            ],
            _ => &[
                Verb::Draw,
                Verb::Accept,
                Verb::Decline,
                Verb::Claim,
                Verb::Resign,
                Verb::Press,
                Verb::Repeated,
                Verb::Last,
                Verb::Time,
                Verb::MyTime,
                Verb::Moves,
                Verb::Arbiter,
            ],
        };
        let list: Vec<&str> = verbs
            .iter()
            .filter_map(|v| self.words.phrases_of(*v).first().map(String::as_str))
            .collect();
        let key = match whose {
            "arbiter" => "help_arbiter",
            "assistant" => "help_assistant",
            _ => "help_opponent",
        };
        self.s(key, &[("list", &list.join(", "))])
    }

    pub(super) fn answer(
        &self,
        query: Query,
        player: Option<Side>,
        ms: Option<u64>,
        count: Option<u32>,
        detail: Option<&Detail>,
    ) -> String {
        let color = player.map(Word::Side).unwrap_or(Word::T(""));
        let time = Word::Time(ms.unwrap_or(0));
        let n = u64::from(count.unwrap_or(0));
        match query {
            Query::Time => self.say("answer_time", &[("color", color), ("time", time)]),
            Query::MyTime => self.say("answer_my_time", &[("time", time)]),
            Query::OpponentTime => self.say("answer_opponent_time", &[("time", time)]),
            Query::TimeUsed => self.say(
                "answer_used",
                &[
                    ("color", color),
                    ("time", time),
                    ("moves", Word::Moves(n)),
                    ("count", Word::N(n)),
                ],
            ),
            Query::Moves => self.say(
                "answer_moves",
                &[
                    ("color", color),
                    ("moves", Word::Moves(n)),
                    ("count", Word::N(n)),
                ],
            ),
            Query::Help => match detail {
                Some(Detail::Help(h)) => self.seat_help(&h.help_for),
                _ => self.s("help", &[]),
            },
            Query::Last => match detail {
                Some(Detail::Last(d)) => {
                    let mv = self.phrase(&d.fen_before, &d.uci, &d.san);
                    self.say(
                        "moved",
                        &[("color", Word::Side(d.by)), ("move", Word::T(&mv))],
                    )
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
                        let label = self.piece(p.player, role, squares.len() as u64);
                        let sentence =
                            self.s("answer_pieces", &[("piece", &label), ("list", &list)]);
                        parts.push(capitalised(&sentence));
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
                                "{}: {}",
                                self.square(&p.square),
                                self.piece(p.player, role, 1)
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
                    &[("date", &r.date), ("hour", &r.time), ("place", &r.place)],
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
                Some(Detail::Sheet(d)) if !d.entries.is_empty() => {
                    self.sheet(d.start.as_deref(), &d.entries, &d.offers)
                }
                // Guidelines I.2, I.3: the envelope's outside read to the
                // arbiter (never the sealed move).
                Some(Detail::Envelope(e)) => {
                    let name =
                        |n: &Option<String>, side| n.clone().unwrap_or_else(|| self.color(side));
                    let resumption = match &e.resumption {
                        Some(r) => self.s(
                            "resumption_when",
                            &[("date", &r.date), ("hour", &r.time), ("place", &r.place)],
                        ),
                        None => self.s("resumption_none", &[]),
                    };
                    let (white_name, black_name) =
                        (name(&e.white, Side::White), name(&e.black, Side::Black));
                    let read = self.say(
                        "envelope_read",
                        &[
                            ("white_name", Word::T(&white_name)),
                            ("black_name", Word::T(&black_name)),
                            ("color", Word::Side(e.sealed_by)),
                            ("number", Word::N(e.move_number.into())),
                            ("white", Word::Side(Side::White)),
                            ("white_time", Word::Time(e.white_used_ms)),
                            ("black", Word::Side(Side::Black)),
                            ("black_time", Word::Time(e.black_used_ms)),
                            ("resumption", Word::T(resumption.trim_end_matches('.'))),
                        ],
                    );
                    // I.2.4: the sealer by name, when the names are known;
                    // I.2.6: a draw offer standing.
                    let mut read = read;
                    let sealer = match e.sealed_by {
                        Side::White => &e.white,
                        Side::Black => &e.black,
                    };
                    if let Some(n) = sealer {
                        read.push(' ');
                        read.push_str(&self.say("envelope_sealer", &[("sealer", Word::T(n))]));
                    }
                    if let Some(o) = e.draw_offer {
                        read.push(' ');
                        read.push_str(&self.say("envelope_offer", &[("color", Word::Side(o))]));
                    }
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
        written_moves(start, sans, self.loc).join(" ")
    }

    /// A scoresheet read back (D.2.7): numbered, each entry that is a
    /// legal move in the locale's notation ("1. e4 e5 2. Sf3"), from the
    /// first one that is not as it was written.
    /// 8.1.5: a draw offer is marked (=) after the move it came with
    /// (`offers`: 1-based half-moves).
    fn sheet(&self, start: Option<&str>, entries: &[String], offers: &[usize]) -> String {
        let marked = |written: Vec<String>| -> Vec<String> {
            written
                .into_iter()
                .enumerate()
                .map(|(i, e)| {
                    if offers.contains(&(i + 1)) {
                        format!("{e} (=)")
                    } else {
                        e
                    }
                })
                .collect()
        };
        let Ok((pos, _)) = position_from_fen(start.unwrap_or(STANDARD_FEN)) else {
            return marked(entries.to_vec()).join(" ");
        };
        let read = crate::boards::scoresheet::replay_entries(entries, &pos, self.loc);
        let mut written: Vec<String> = read
            .moves
            .iter()
            .zip(&read.positions)
            .map(|(m, p)| san::write(p, *m, self.loc))
            .collect();
        written.extend(entries[read.moves.len()..].iter().cloned());
        numbered(&pos, &marked(written)).join(" ")
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
                            "{} {}",
                            self.loc.square_words(sq),
                            self.piece(p.color.into(), p.role, 1)
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
            // FIDE Laws 2023, 5.1.2: a resignation when the opponent
            // cannot checkmate is a draw.
            "resignation" if winner.is_none() => self.s(
                "resigned_draw",
                &[("color", &concerned), ("winner", &other)],
            ),
            "resignation" => self
                .loc
                .game_text("resigned", &[("color", &concerned), ("winner", &other)]),
            // 2009 and 2005 7.4(b): the third illegal move is the one that
            // loses (2023 7.5.5: the second).
            "illegal-moves" if self.laws.losing_illegal_move() == 3 => self.s(
                if winner.is_some() {
                    "third_illegal_move_loses"
                } else {
                    "third_illegal_move_draw"
                },
                &[("color", &concerned), ("winner", &other)],
            ),
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
            // 2005 C3, 2009 B.3(c): a completed illegal move claimed by the
            // opponent wins for him, or draws when he cannot checkmate.
            "illegal-move-claimed" => self.s(
                if winner.is_some() {
                    "illegal_move_claim_win"
                } else {
                    "illegal_move_claim_draw"
                },
                &[("color", &concerned), ("winner", &other)],
            ),
            "draw-agreed" => self.loc.game_text("draw_agreed", &[]),
            "sealed-move" if winner.is_none() => self.say(
                "sealed_move_draw",
                &[
                    ("color", Word::T(&concerned)),
                    ("winner", Word::T(&other)),
                    self.laws(),
                ],
            ),
            "sealed-move" => self.say(
                "sealed_move_loses",
                &[("color", Word::T(&concerned)), self.laws()],
            ),
            "absent" if p.is_some() => self.say(
                "result_absent",
                &[
                    ("color", Word::T(&concerned)),
                    ("winner", Word::T(&other)),
                    self.laws(),
                ],
            ),
            "absent" => self.say("result_absent_both", &[self.laws()]),
            // 2005 B9, 2009 A.4(d)(3): both flags down.
            "both-flags" => self.say("result_both_flags", &[self.laws()]),
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

/// A sentence starting with a capital letter ("Weißer Springer: g1.").
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
