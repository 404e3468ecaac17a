//! Adjourned games (FIDE Laws 2023, Guidelines I).
//!
//! The player to move seals his next move: hector records it but does not
//! reveal it (I.1.1); he may change it until the clock is stopped. A
//! player who adjourns before the session ends is treated as sealing at
//! the nominal end of the session (I.1.2). The [`Envelope`] carries every
//! item of I.2 and a SHA-256 seal over its canonical contents, so any later
//! change is detected (I.3: the arbiter keeps it safe). It is opened only
//! when the player who must answer the sealed move is present (I.7); a
//! sealed move that is ambiguous, unreadable or illegal loses (I.8).
//! Resumption sets up the position before the sealed move and the clock
//! times at adjournment (I.5). A draw agreed, or a resignation, before
//! resumption ends the game (I.6).

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, fen::Fen};

use super::BoardsError;
use super::sha256;
use crate::clock::{Clock, PeriodChange, TimeControl};
use crate::locale::Locale;
use crate::notation::phrase::{Heard, hear};
use crate::notation::{Reason, san};
use crate::rules::{Game, position_from_fen};

/// Date, time and place of resumption (I.2.7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resumption {
    /// The date, e.g. `2026-11-23`.
    pub date: String,
    /// The time, e.g. `10:00`.
    pub time: String,
    /// The place, e.g. `Playing hall, board 4`.
    pub place: String,
}

impl Resumption {
    /// The date and time set for the resumption as minutes since
    /// 1970-01-01 00:00 (the arbiter's local time), if they read as a
    /// calendar date and a time of day.
    pub fn minutes(&self) -> Option<i64> {
        date_time_minutes(&self.date, &self.time)
    }
}

/// `YYYY-MM-DD` (or `YYYY.MM.DD`) and `H:MM` as minutes since 1970-01-01
/// 00:00; `None` for anything that is not a day of the calendar
/// (`2026-02-30`) or a time of day (`24:00`).
pub fn date_time_minutes(date: &str, time: &str) -> Option<i64> {
    let parts: Vec<&str> = date.split(['-', '.']).collect();
    let [y, m, d] = parts.as_slice() else {
        return None;
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let num = |p: &str| {
        p.chars()
            .all(|c| c.is_ascii_digit())
            .then(|| p.parse::<i64>().ok())
            .flatten()
    };
    let (y, m, d) = (num(y)?, num(m)?, num(d)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in_month = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    if !(1..=days_in_month).contains(&d) {
        return None;
    }
    let (h, min) = time.split_once(':')?;
    if h.is_empty() || h.len() > 2 || min.len() != 2 {
        return None;
    }
    let (h, min) = (num(h)?, num(min)?);
    if h >= 24 || min >= 60 {
        return None;
    }
    // Days from the civil date (H. Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 24 * 60 + h * 60 + min)
}

/// Clock times at adjournment, per player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Times {
    /// Time used so far (I.2.3).
    pub used_ms: u64,
    /// Time left on the clock, restored at resumption (I.5).
    pub remaining_ms: u64,
    /// Moves completed (the clock's move counter).
    pub moves: u32,
}

/// The adjournment envelope (Guidelines I.2), sealed.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Envelope {
    /// I.2.1: the players' names.
    pub white: String,
    /// I.2.1.
    pub black: String,
    /// The game's start position (FEN) …
    pub start_fen: String,
    /// … and both scoresheets, which the sealer puts in the envelope
    /// (I.1.1): the moves before the sealed move, as written.
    pub scoresheet_white: Vec<String>,
    /// The other scoresheet.
    pub scoresheet_black: Vec<String>,
    /// I.2.2: the position immediately before the sealed move (FEN).
    pub position_fen: String,
    /// I.2.3: White's time used and left.
    pub white_time: Times,
    /// I.2.3: Black's time used and left.
    pub black_time: Times,
    /// I.2.4: who sealed the move.
    #[serde(with = "color_serde")]
    pub sealed_by: Color,
    /// I.2.5: the number of the sealed move.
    pub move_number: u32,
    /// I.2.6: a draw offer standing at adjournment, and by whom.
    #[serde(with = "opt_color_serde")]
    pub draw_offer: Option<Color>,
    /// I.2.7: date, time and place of resumption.
    pub resumption: Resumption,
    /// The sealed move as the player wrote it, and the language he wrote
    /// it in. Not revealed before opening (I.1.1, I.7).
    sealed_move: String,
    sealed_locale: String,
    /// A secret only the envelope keeps (I.1.1, I.7): with it in the seal,
    /// the seal shown to everyone tells nothing of the sealed move, however
    /// few the legal moves are.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    nonce: String,
    /// SHA-256 (hex) over everything above, in canonical form.
    pub seal: String,
}

impl fmt::Debug for Envelope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The sealed move is never printed.
        f.debug_struct("Envelope")
            .field("white", &self.white)
            .field("black", &self.black)
            .field("position_fen", &self.position_fen)
            .field("sealed_by", &self.sealed_by)
            .field("move_number", &self.move_number)
            .field("seal", &self.seal)
            .finish_non_exhaustive()
    }
}

mod color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(super::super::color_key(*c))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let s = String::deserialize(d)?;
        match s.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!(
                "'{other}' is not white or black"
            ))),
        }
    }
}

mod opt_color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        match c {
            Some(c) => s.serialize_str(super::super::color_key(*c)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        let s = Option::<String>::deserialize(d)?;
        match s.as_deref() {
            None => Ok(None),
            Some("white") => Ok(Some(Color::White)),
            Some("black") => Ok(Some(Color::Black)),
            Some(other) => Err(serde::de::Error::custom(format!(
                "'{other}' is not white or black"
            ))),
        }
    }
}

/// Why a sealed move loses (I.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SealedFault {
    /// I.8.1: it fits several legal moves.
    Ambiguous,
    /// I.8.2: it cannot be read as a move at all.
    Unreadable,
    /// I.8.3: it names no legal move.
    Illegal,
}

impl SealedFault {
    /// The Guidelines paragraph.
    pub fn article(self) -> &'static str {
        match self {
            SealedFault::Ambiguous => "I.8.1",
            SealedFault::Unreadable => "I.8.2",
            SealedFault::Illegal => "I.8.3",
        }
    }
}

/// What opening the envelope gives.
#[derive(Debug, Clone)]
pub enum Opened {
    /// The sealed move is legal: it is made on the board (I.9.1).
    Move {
        /// The move as written.
        text: String,
        /// The move.
        mv: Move,
    },
    /// The sealed move is ambiguous, unreadable or illegal: the sealer
    /// loses (I.8).
    SealerLoses {
        /// The move as written.
        text: String,
        /// Who sealed it, and so loses.
        sealer: Color,
        /// Why.
        fault: SealedFault,
    },
}

/// Why an adjournment step is refused (Guidelines I.3, I.6, I.7).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdjournError {
    /// I.1.1: the clock is stopped before a sealed move is written.
    #[error("No sealed move is written yet (Guidelines I.1.1).")]
    NothingSealed,
    /// I.3: the envelope was changed after sealing (or is not the one whose
    /// seal the arbiter noted).
    #[error("The envelope does not match its seal: it was changed after sealing (Guidelines I.3).")]
    Tampered,
    /// I.7: the player who must answer the sealed move is not present.
    #[error(
        "The envelope may be opened only when {name} ({}) is present (Guidelines I.7).",
        super::color_key(*color)
    )]
    NotPresent { name: String, color: Color },
    /// I.6: the game ended before resumption; the envelope is not opened.
    #[error(
        "The game ended before resumption ({0:?}); the envelope is not opened (Guidelines I.6)."
    )]
    EndedBefore(EndedBefore),
    /// I.6: a second end before resumption.
    #[error("The game has already ended before resumption ({0:?}).")]
    AlreadyEnded(EndedBefore),
    /// I.6: the game was resumed; it ends by the ordinary rules.
    #[error("The game has been resumed; end it by the ordinary rules.")]
    Resumed,
}

/// How an adjourned game ended before resumption (I.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndedBefore {
    /// Both players agreed a draw.
    DrawAgreed,
    /// This player told the arbiter he resigns.
    Resigned(Color),
}

/// Everything an adjourned game needs to resume (I.5).
#[derive(Debug)]
pub struct Resumed {
    /// The game, with the position before the sealed move and the moves
    /// before it; with the sealed move made if the envelope was opened.
    pub game: Game,
    /// The clock with both players' times at adjournment; the clock of the
    /// player to move runs.
    pub clock: Clock,
}

/// I.1.2: when a player adjourns before the nominal end of the session,
/// the time left until then is taken from his clock. Returns the
/// milliseconds to deduct (0 at or after the end).
pub fn early_adjournment_deduction(now_ms: u64, session_end_ms: u64) -> u64 {
    session_end_ms.saturating_sub(now_ms)
}

/// A sealed move being written: it may be changed until the clock is
/// stopped (I.1.1).
#[derive(Debug, Clone, Default)]
pub struct Sealing {
    text: Option<String>,
    nonce: String,
}

/// What the arbiter and the players put on the envelope besides the move.
#[derive(Debug, Clone)]
pub struct EnvelopeData {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The game so far.
    pub start_fen: String,
    /// Moves before the sealed move, as on White's scoresheet.
    pub scoresheet_white: Vec<String>,
    /// Moves before the sealed move, as on Black's scoresheet.
    pub scoresheet_black: Vec<String>,
    /// Time used and left by White.
    pub white_time: Times,
    /// Time used and left by Black.
    pub black_time: Times,
    /// A standing draw offer.
    pub draw_offer: Option<Color>,
    /// When and where play resumes.
    pub resumption: Resumption,
}

impl Sealing {
    /// The arbiter tells the player to move to seal (I.1.1).
    pub fn begin() -> Sealing {
        Sealing::default()
    }

    /// The player writes (or rewrites) his sealed move. It is kept as
    /// written and not checked: an ambiguous, unreadable or illegal sealed
    /// move loses when the envelope is opened (I.8).
    pub fn write(&mut self, text: &str) {
        self.text = Some(text.trim().to_string());
    }

    /// The secret sealed with the move, so that its seal cannot be matched
    /// against the few moves there are (I.1.1: nobody learns the move
    /// before the envelope is opened).
    pub fn keep_secret(&mut self, nonce: &str) {
        self.nonce = nonce.to_string();
    }

    /// The player puts both scoresheets in the envelope, seals it and
    /// stops the clock (I.1.1): the sealed move can no longer change.
    /// `position` is the position before the sealed move; `locale` the
    /// language the move is written in. With `early`, `(now_ms,
    /// session_end_ms)`, the time left in the session is added to the
    /// sealer's time used and taken from his time left (I.1.2).
    pub fn stop_clock(
        self,
        position: &Chess,
        locale: &str,
        mut data: EnvelopeData,
        early: Option<(u64, u64)>,
    ) -> Result<Envelope, BoardsError> {
        let nonce = self.nonce;
        let Some(text) = self.text else {
            return Err(BoardsError::Adjourn(AdjournError::NothingSealed));
        };
        let sealer = position.turn();
        if let Some((now, end)) = early {
            let d = early_adjournment_deduction(now, end);
            let t = match sealer {
                Color::White => &mut data.white_time,
                Color::Black => &mut data.black_time,
            };
            t.used_ms = t.used_ms.saturating_add(d);
            t.remaining_ms = t.remaining_ms.saturating_sub(d);
        }
        let mut env = Envelope {
            white: data.white,
            black: data.black,
            start_fen: data.start_fen,
            scoresheet_white: data.scoresheet_white,
            scoresheet_black: data.scoresheet_black,
            position_fen: Fen::from_position(position, EnPassantMode::Legal).to_string(),
            white_time: data.white_time,
            black_time: data.black_time,
            sealed_by: sealer,
            move_number: position.fullmoves().get(),
            draw_offer: data.draw_offer,
            resumption: data.resumption,
            sealed_move: text,
            sealed_locale: locale.to_string(),
            nonce,
            seal: String::new(),
        };
        env.seal = env.compute_seal();
        Ok(env)
    }
}

impl Envelope {
    fn canonical(&self) -> String {
        let mut unsealed = self.clone();
        unsealed.seal = String::new();
        // Struct fields serialize in declaration order: canonical.
        serde_json::to_string(&unsealed).unwrap_or_default()
    }

    fn compute_seal(&self) -> String {
        sha256::hex(self.canonical().as_bytes())
    }

    /// True when the contents still match the seal (I.3).
    pub fn is_intact(&self) -> bool {
        self.compute_seal() == self.seal
    }

    /// The envelope as JSON, to keep.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a kept envelope. The seal is checked when it is opened.
    pub fn from_json(text: &str) -> Result<Envelope, BoardsError> {
        serde_json::from_str(text).map_err(|e| BoardsError::BadEnvelope(e.to_string()))
    }

    /// The player who must answer the sealed move.
    pub fn responder(&self) -> Color {
        !self.sealed_by
    }

    /// I.7, I.9.1: opens the envelope when the responding player is
    /// present, after checking the seal (and, if the arbiter noted it,
    /// that it is the seal he noted). The sealed move is read in the
    /// language it was written in (and any form hector reads).
    pub fn open(
        &self,
        responder_present: bool,
        noted_seal: Option<&str>,
    ) -> Result<Opened, BoardsError> {
        if !self.is_intact() || noted_seal.is_some_and(|s| s != self.seal) {
            return Err(BoardsError::Adjourn(AdjournError::Tampered));
        }
        if !responder_present {
            return Err(BoardsError::Adjourn(AdjournError::NotPresent {
                name: match self.responder() {
                    Color::White => self.white.clone(),
                    Color::Black => self.black.clone(),
                },
                color: self.responder(),
            }));
        }
        let pos = self.position()?;
        let loc = Locale::get(&self.sealed_locale).unwrap_or_else(|_| Locale::fide());
        let text = self.sealed_move.clone();
        let sealer = self.sealed_by;
        let loses = |fault| Opened::SealerLoses {
            text: text.clone(),
            sealer,
            fault,
        };
        if text.is_empty() {
            return Ok(loses(SealedFault::Unreadable));
        }
        Ok(match hear(&pos, &text, loc) {
            Heard::Move(mv) => Opened::Move {
                text: text.clone(),
                mv,
            },
            Heard::Ambiguous(_) => loses(SealedFault::Ambiguous),
            Heard::NoMatch(reason) => loses(match reason {
                Reason::PromotionMissing => SealedFault::Ambiguous,
                Reason::NothingHeard
                | Reason::UnknownWord(_)
                | Reason::Garbled(_)
                | Reason::NoTarget
                | Reason::TooManySquares => SealedFault::Unreadable,
                _ => SealedFault::Illegal,
            }),
        })
    }

    /// The position before the sealed move (I.2.2).
    pub fn position(&self) -> Result<Chess, BoardsError> {
        position_from_fen(&self.position_fen)
            .map(|(p, _)| p)
            .map_err(|e| BoardsError::BadEnvelope(e.to_string()))
    }

    /// I.5: the game set up at the position before the sealed move (from
    /// the start position and White's scoresheet, checked against the
    /// position written on the envelope), and a clock showing the times
    /// at adjournment, started at `t_ms` for the player to move. With
    /// `sealed`, the opened sealed move is made and the responder's clock
    /// runs (I.9.1).
    pub fn resume(
        &self,
        control: TimeControl,
        sealed: Option<Move>,
        t_ms: u64,
    ) -> Result<Resumed, BoardsError> {
        let bad = |e: String| BoardsError::BadEnvelope(e);
        let mut game = Game::from_fen(&self.start_fen).map_err(|e| bad(e.to_string()))?;
        for text in &self.scoresheet_white {
            game.play_san(text).map_err(|e| bad(e.to_string()))?;
        }
        let before = Fen::from_position(game.position(), EnPassantMode::Legal).to_string();
        if before != self.position_fen {
            return Err(bad(format!(
                "the scoresheet leads to {before}, but the envelope says {}",
                self.position_fen
            )));
        }
        if let Some(m) = sealed {
            game.play(m).map_err(|e| bad(e.to_string()))?;
        }
        let mut clock = Clock::new(control, PeriodChange::OnQuota);
        let to_move = game.turn();
        let err = |e: crate::clock::ClockError| bad(e.to_string());
        clock.start_with(to_move, t_ms).map_err(err)?;
        clock
            .set_time(Color::White, self.white_time.remaining_ms, t_ms)
            .map_err(err)?;
        clock
            .set_time(Color::Black, self.black_time.remaining_ms, t_ms)
            .map_err(err)?;
        let sealer_moves = |t: &Times| t.moves + u32::from(sealed.is_some());
        let (wm, bm) = match self.sealed_by {
            Color::White => (sealer_moves(&self.white_time), self.black_time.moves),
            Color::Black => (self.white_time.moves, sealer_moves(&self.black_time)),
        };
        clock.set_moves(Color::White, wm, t_ms).map_err(err)?;
        clock.set_moves(Color::Black, bm, t_ms).map_err(err)?;
        Ok(Resumed { game, clock })
    }
}

/// An adjourned game between sessions: the envelope, who is present, and
/// whether it ended before resumption (I.6).
#[derive(Debug, Clone)]
pub struct Adjourned {
    /// The sealed envelope.
    pub envelope: Envelope,
    present: [bool; 2],
    ended: Option<EndedBefore>,
    opened: bool,
}

fn cix(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Adjourned {
    /// The game adjourned with this envelope; nobody is marked present.
    pub fn new(envelope: Envelope) -> Adjourned {
        Adjourned {
            envelope,
            present: [false, false],
            ended: None,
            opened: false,
        }
    }

    /// The arbiter marks a player present at resumption.
    pub fn mark_present(&mut self, c: Color) {
        self.present[cix(c)] = true;
    }

    /// Whether the arbiter marked this player present at resumption.
    pub fn is_present(&self, c: Color) -> bool {
        self.present[cix(c)]
    }

    /// I.6: both players agree a draw before resumption; the game ends.
    pub fn agree_draw(&mut self) -> Result<EndedBefore, BoardsError> {
        self.end(EndedBefore::DrawAgreed)
    }

    /// I.6: a player tells the arbiter he resigns; the game ends.
    pub fn resign(&mut self, c: Color) -> Result<EndedBefore, BoardsError> {
        self.end(EndedBefore::Resigned(c))
    }

    fn end(&mut self, how: EndedBefore) -> Result<EndedBefore, BoardsError> {
        if let Some(e) = self.ended {
            return Err(BoardsError::Adjourn(AdjournError::AlreadyEnded(e)));
        }
        if self.opened {
            return Err(BoardsError::Adjourn(AdjournError::Resumed));
        }
        self.ended = Some(how);
        Ok(how)
    }

    /// How the game ended before resumption, if it did (I.6).
    pub fn ended(&self) -> Option<EndedBefore> {
        self.ended
    }

    /// Opens the envelope (I.7, I.8, I.9.1): refused after the game ended
    /// (I.6), when the responder is not present, or when it was tampered
    /// with.
    pub fn open(&mut self, noted_seal: Option<&str>) -> Result<Opened, BoardsError> {
        if let Some(e) = self.ended {
            return Err(BoardsError::Adjourn(AdjournError::EndedBefore(e)));
        }
        let present = self.present[cix(self.envelope.responder())];
        let opened = self.envelope.open(present, noted_seal)?;
        self.opened = true;
        Ok(opened)
    }
}

/// The sealed move as SAN in the locale, once opened (for announcing).
pub fn announce_opened(env: &Envelope, mv: Move, loc: &Locale) -> String {
    match env.position() {
        Ok(p) => san::write(&p, mv, loc),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod resumption_time {
    use super::date_time_minutes;

    #[test]
    fn calendar_dates_and_times_of_day() {
        assert_eq!(date_time_minutes("1970-01-01", "0:00"), Some(0));
        assert_eq!(
            date_time_minutes("1970-01-02", "10:30"),
            Some(24 * 60 + 630)
        );
        let a = date_time_minutes("2026-11-25", "09:00").unwrap();
        let b = date_time_minutes("2026.11.26", "10:00").unwrap();
        assert_eq!(b - a, 25 * 60);
        assert_eq!(
            date_time_minutes("2024-03-01", "0:00").unwrap()
                - date_time_minutes("2024-02-28", "0:00").unwrap(),
            2 * 24 * 60
        );
        assert!(date_time_minutes("2024-02-29", "9:00").is_some());
        for (d, t) in [
            ("2026-02-29", "9:00"),
            ("2026-13-01", "9:00"),
            ("2026-04-31", "9:00"),
            ("2026-11-26", "24:00"),
            ("2026-11-26", "10:60"),
            ("morgen", "10:00"),
            ("2026-11-26", "10"),
        ] {
            assert_eq!(date_time_minutes(d, t), None, "{d} {t}");
        }
    }
}
