//! Requests: what a seat asks of the session, read at the session's edge
//! from a line typed, spoken or keyed (FIDE Laws 2023, D.2.1–D.2.10,
//! Articles 6–9 and 12, Guidelines I). A line is read in the game's
//! language and in English: a command phrase of the locale (`meine Zeit`,
//! `zeit setzen weiß 5:00`) and its arguments become one typed [`Request`];
//! anything else is a move to settle against the legal moves.
//!
//! Reading is strict: a command with words it does not take, or a clock
//! correction whose amount has no unit, is refused with the reason; no word
//! is silently dropped.

use shakmaty::{Color, File, KnownOutcome, Rank, Role};

use super::{Refusal, Side};
use crate::boards::Side as BoardSide;
use crate::clock::speech::ClockWords;
use crate::locale::session::{SessionWords, Verb, Word};
use crate::locale::{CODES, Locale, Meaning, fold};
use crate::rules::Claim;
use std::sync::OnceLock;

/// Longest piece of a player's text said back to him.
const ECHO: usize = 80;

/// A player's text as it is said back to him: at most [`ECHO`] characters.
pub(super) fn echo(text: &str) -> String {
    let text = crate::locale::printable(text);
    let mut s: String = text.chars().take(ECHO).collect();
    if text.chars().count() > ECHO {
        s.push('…');
    }
    s
}

/// Whose pieces a question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Color(Color),
    /// "my": the asker's (a player's own; the assistant's player).
    Mine,
    /// "their": the asker's opponent's.
    Theirs,
}

/// Which time a seat asks for (D.2.6.1, D.2.10.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeQuery {
    /// Both players' remaining time.
    Both,
    Mine,
    Opponent,
    /// Time used and moves made by both.
    Used,
}

/// A result the arbiter gives (12.2): a game's result, or a score PGN
/// cannot write as one — an adjusted score or a forfeit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Game(KnownOutcome),
    Adjusted(Adjusted),
}

/// An adjusted score or a forfeit (12.2), as the arbiter writes it in the
/// crosstable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adjusted {
    /// `+/-`: White wins by forfeit.
    WhiteByForfeit,
    /// `-/+`: Black wins by forfeit.
    BlackByForfeit,
    /// `-/-`: both lose by forfeit.
    BothForfeit,
    /// `0-0`: both lose.
    BothLose,
    /// `1/2-0`: White a half point, Black none.
    HalfZero,
    /// `0-1/2`: Black a half point, White none.
    ZeroHalf,
}

impl Adjusted {
    /// The score as the arbiter writes it (`+/-`, `0-1/2` …).
    pub fn text(self) -> &'static str {
        match self {
            Adjusted::WhiteByForfeit => "+/-",
            Adjusted::BlackByForfeit => "-/+",
            Adjusted::BothForfeit => "-/-",
            Adjusted::BothLose => "0-0",
            Adjusted::HalfZero => "1/2-0",
            Adjusted::ZeroHalf => "0-1/2",
        }
    }

    /// The `result` of the event: a forfeit as the win or loss it counts
    /// as (`1-0`, `0-1`, `0-0` for a double forfeit), an adjusted score as
    /// it is.
    pub fn result_text(self) -> &'static str {
        match self {
            Adjusted::WhiteByForfeit => "1-0",
            Adjusted::BlackByForfeit => "0-1",
            Adjusted::BothForfeit => "0-0",
            other => other.text(),
        }
    }

    /// The outcome in the game's record: a forfeit's winner; a draw for
    /// the others, which the record has no result for (the score stands
    /// for it in the status and the PGN tag).
    pub fn outcome(self) -> KnownOutcome {
        match self {
            Adjusted::WhiteByForfeit => KnownOutcome::Decisive {
                winner: Color::White,
            },
            Adjusted::BlackByForfeit => KnownOutcome::Decisive {
                winner: Color::Black,
            },
            _ => KnownOutcome::Draw,
        }
    }

    /// The PGN result: a forfeit as the win it counts as, any other score
    /// unfinished (`*`, the score in a tag).
    pub fn pgn_result(self) -> &'static str {
        match self {
            Adjusted::WhiteByForfeit => "1-0",
            Adjusted::BlackByForfeit => "0-1",
            _ => "*",
        }
    }
}

impl std::fmt::Display for Adjusted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text())
    }
}

/// One request of a seat, with its arguments read and typed.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// A move in words or notation, settled against the legal moves.
    Move(String),
    /// A number answering a choice of moves.
    Choose(usize),
    /// A piece answering "which piece?" for a promotion (D.2.1).
    Promote(Role),
    Yes,
    No,
    Time(TimeQuery),
    /// Moves completed by each player (D.2.10.4).
    Moves,
    Last,
    Repeat,
    Where {
        piece: Role,
        whose: Option<Whose>,
    },
    Rank(Rank),
    File(File),
    Board,
    List,
    /// A scoresheet (D.2.7); the asker's own board's by default.
    Sheet(Option<BoardSide>),
    Help,
    Fen,
    Pgn,
    Status,
    /// Art. 9.1.
    Draw,
    Accept,
    Decline,
    /// D.2.10.5: a win on time claimed, for the arbiter to rule.
    ClaimFlag,
    /// Art. 9.2, 9.3, with the intended move as written.
    Claim {
        claim: Claim,
        intended: Option<String>,
    },
    Resign,
    /// Guidelines I.1: the sealed move as written, and minutes taken for
    /// adjourning early (I.1.2).
    Adjourn {
        sealed: String,
        early_minutes: Option<u64>,
    },
    Resume,
    /// I.8: the arbiter opens the envelope and plays the sealed move as he
    /// reads it (`resume Sf3`: a superfluous capture sign, the meaning
    /// clear).
    ResumeAs(String),
    /// I.12.1 (2009 Guidelines 11(a), 2005 A11): the envelope is lost or
    /// unreadable: resume from the adjourned position with the times
    /// recorded; the sealer announces his move.
    ResumeLost,
    /// 2009/2005 10.2: the player to move, with less than two minutes
    /// left, claims a draw in the quickplay finish; the arbiter decides.
    ClaimQuickplay,
    /// I.7: a player present for the opening of the envelope.
    Present(Color),
    /// I.2, I.3: the envelope read to the arbiter; with a file name, also
    /// written there (JSON) and as a page to print.
    Envelope(Option<String>),
    /// I.2.7: the date, time and place of resumption.
    Resumption {
        date: String,
        time: String,
        place: String,
    },
    /// 6.7: a player absent when the clocks start, or arrived.
    Absent(Color),
    Arrived(Color),
    /// D.2.1: the sighted player repeated the blind player's move on his
    /// board.
    Repeated,
    CallArbiter,
    /// D.2.10.5: the sighted player touched a piece (what was touched, as said).
    Touched(Option<String>),
    StartClock,
    StopClock,
    /// D.2.5: the sighted player presses his clock.
    Press,
    /// 6.10.2, 7.1: the arbiter corrects a clock.
    SetTime {
        player: Color,
        ms: u64,
    },
    AddTime {
        player: Color,
        ms: u64,
    },
    SetMoves {
        player: Color,
        moves: u32,
    },
    /// Art. 7.5: a completed illegal move ruled by the arbiter (offender;
    /// the half-move it was made at, as the arbiter said it).
    Illegal {
        player: Option<Color>,
        ply: Option<usize>,
    },
    /// The arbiter sets the result (12.2), also an adjusted score.
    Result(Score),
    /// D.2.9: compare both boards and scoresheets.
    CheckBoards,
    /// D.2.9: what a board really shows (a FEN or `e5=N f3=-`).
    Shows {
        board: Option<BoardSide>,
        report: String,
    },
    /// D.2.9: a board set right.
    Fixed(Option<BoardSide>),
    /// D.2.9: the arbiter corrects a scoresheet's half-move.
    CorrectSheet {
        board: BoardSide,
        ply: usize,
        san: String,
    },
    /// D.2.9: retrace both scoresheets to where they agree.
    Retrace,
}

impl Request {
    /// The command word a request was given with (none for a move or an
    /// answer to a choice).
    pub fn verb(&self) -> Option<Verb> {
        Some(match self {
            Request::Move(_) | Request::Choose(_) | Request::Promote(_) => return None,
            Request::Yes => Verb::Yes,
            Request::No => Verb::No,
            Request::Time(TimeQuery::Both) => Verb::Time,
            Request::Time(TimeQuery::Mine) => Verb::MyTime,
            Request::Time(TimeQuery::Opponent) => Verb::OpponentTime,
            Request::Time(TimeQuery::Used) => Verb::TimeUsed,
            Request::Moves => Verb::Moves,
            Request::Last => Verb::Last,
            Request::Repeat => Verb::Repeat,
            Request::Where { .. } => Verb::Where,
            Request::Rank(_) => Verb::Rank,
            Request::File(_) => Verb::File,
            Request::Board => Verb::Board,
            Request::List => Verb::List,
            Request::Sheet(_) => Verb::Sheet,
            Request::Help => Verb::Help,
            Request::Fen => Verb::Fen,
            Request::Pgn => Verb::Pgn,
            Request::Status => Verb::Status,
            Request::Draw => Verb::Draw,
            Request::Accept => Verb::Accept,
            Request::Decline => Verb::Decline,
            Request::ClaimFlag | Request::ClaimQuickplay | Request::Claim { .. } => Verb::Claim,
            Request::Resign => Verb::Resign,
            Request::Adjourn { .. } => Verb::Adjourn,
            Request::Resume | Request::ResumeAs(_) | Request::ResumeLost => Verb::Resume,
            Request::Present(_) => Verb::Present,
            Request::Envelope(_) => Verb::Envelope,
            Request::Resumption { .. } => Verb::Resumption,
            Request::Absent(_) => Verb::Absent,
            Request::Arrived(_) => Verb::Arrived,
            Request::Repeated => Verb::Repeated,
            Request::CallArbiter => Verb::Arbiter,
            Request::Touched(_) => Verb::Touched,
            Request::StartClock => Verb::StartClock,
            Request::StopClock => Verb::StopClock,
            Request::Press => Verb::Press,
            Request::SetTime { .. } => Verb::SetTime,
            Request::AddTime { .. } => Verb::AddTime,
            Request::SetMoves { .. } => Verb::SetMoves,
            Request::Illegal { .. } => Verb::Illegal,
            Request::Result(_) => Verb::Result,
            Request::CheckBoards => Verb::Check,
            Request::Shows { .. } => Verb::Shows,
            Request::Fixed(_) => Verb::Fixed,
            Request::CorrectSheet { .. } => Verb::Correct,
            Request::Retrace => Verb::Retrace,
        })
    }
}

/// A line that names a command but whose arguments cannot be read: the
/// command (so the seat's right to it is checked first) and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Unreadable {
    pub verb: Option<Verb>,
    pub why: Refusal,
}

/// What the seat is being asked right now, which changes how a bare
/// number or piece is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Expecting {
    /// A numbered choice of moves is open.
    pub choice: bool,
    /// A promotion waits for its piece.
    pub promotion: bool,
    /// A move is read back and waits for yes or no (D.2.1, D.2.8): every
    /// yes-word and no-word of the locale's (or English) phrasebook answers
    /// it, also one that is a command elsewhere (English `correct`).
    pub readback: bool,
}

/// Reads the words of one locale (and English).
pub struct Reader<'a> {
    pub loc: &'a Locale,
    pub words: &'a SessionWords,
}

impl Reader<'_> {
    /// One line of a seat as a request.
    pub fn read(&self, text: &str, expecting: Expecting) -> Result<Request, Unreadable> {
        let line = text.trim();
        if line.is_empty() {
            return Err(Unreadable {
                verb: None,
                why: Refusal::NotUnderstood {
                    heard: String::new(),
                },
            });
        }
        if expecting.choice
            && let Some(n) = self.number_of(line)
        {
            return Ok(Request::Choose(n));
        }
        if expecting.promotion
            && let Some(role) = self.piece_of(line)
        {
            return Ok(Request::Promote(role));
        }
        if expecting.readback
            && let Some(answer) = self.yes_or_no(line)
        {
            return Ok(answer);
        }
        if let Some((verb, used)) = self.words.command(line) {
            let rest: Vec<&str> = line.split_whitespace().skip(used).collect();
            // While a move is read back (or a choice or question is open),
            // a bare "abbrechen" / "cancel" cancels it; adjourning takes
            // the sealed move after the word (Guidelines I.1).
            if verb == Verb::Adjourn
                && rest.is_empty()
                && (expecting.readback || expecting.choice || expecting.promotion)
            {
                return Ok(Request::No);
            }
            return self.command(verb, &rest, line).map_err(|why| Unreadable {
                verb: Some(verb),
                why,
            });
        }
        Ok(Request::Move(line.to_string()))
    }

    fn number_of(&self, line: &str) -> Option<usize> {
        if let Ok(n) = line.parse::<usize>() {
            return Some(n);
        }
        let words: Vec<String> = line.split_whitespace().map(fold).collect();
        if words.len() != 1 {
            return None;
        }
        match self.loc.lexicon().get(&words) {
            Some(Meaning::Rank(r)) => Some(u32::from(r) as usize + 1),
            _ => None,
        }
    }

    /// A yes-word or no-word of the phrasebook (the locale's, then
    /// English), the whole line.
    fn yes_or_no(&self, line: &str) -> Option<Request> {
        let words: Vec<String> = line.split_whitespace().map(fold).collect();
        if words.is_empty() {
            return None;
        }
        let english = Locale::get("en").ok();
        [Some(self.loc), english]
            .into_iter()
            .flatten()
            .find_map(|loc| match loc.lexicon().get(&words) {
                Some(Meaning::Yes) => Some(Request::Yes),
                Some(Meaning::No) => Some(Request::No),
                _ => None,
            })
    }

    fn piece_of(&self, line: &str) -> Option<Role> {
        let words: Vec<String> = line.split_whitespace().map(fold).collect();
        if words.len() != 1 {
            return None;
        }
        match self.loc.lexicon().get(&words) {
            Some(Meaning::Piece(r)) => Some(r),
            _ => None,
        }
    }

    /// A command and the words after its phrase.
    fn command(&self, verb: Verb, rest: &[&str], line: &str) -> Result<Request, Refusal> {
        // A question mark or comma a person adds is no part of a word.
        let plain = |w: &str| fold(w.trim_end_matches(['?', '!', ',', ';', '.']));
        let folded: Vec<String> = rest.iter().map(|w| plain(w)).collect();
        let incomplete = |verb: Verb| Refusal::Incomplete {
            command: verb.topic().into(),
        };
        // A command that takes no words: anything after it is refused.
        let alone = |r: Request| {
            if rest.is_empty() {
                Ok(r)
            } else {
                Err(Refusal::NotUnderstood { heard: echo(line) })
            }
        };
        match verb {
            Verb::Yes => alone(Request::Yes),
            Verb::No => alone(Request::No),
            Verb::Time => alone(Request::Time(TimeQuery::Both)),
            Verb::MyTime => alone(Request::Time(TimeQuery::Mine)),
            Verb::OpponentTime => alone(Request::Time(TimeQuery::Opponent)),
            Verb::TimeUsed => alone(Request::Time(TimeQuery::Used)),
            Verb::Moves => alone(Request::Moves),
            Verb::Last => alone(Request::Last),
            Verb::Repeat => alone(Request::Repeat),
            Verb::Board => alone(Request::Board),
            Verb::List => alone(Request::List),
            Verb::Help => alone(Request::Help),
            Verb::Fen => alone(Request::Fen),
            Verb::Pgn => alone(Request::Pgn),
            Verb::Status => alone(Request::Status),
            Verb::Draw => alone(Request::Draw),
            Verb::Accept => alone(Request::Accept),
            Verb::Decline => alone(Request::Decline),
            Verb::Resign => alone(Request::Resign),
            Verb::Resume if rest.is_empty() => Ok(Request::Resume),
            Verb::Resume
                if folded.len() == 1 && self.words.word(&folded[0]) == Some(Word::Lost) =>
            {
                Ok(Request::ResumeLost)
            }
            Verb::Resume => Ok(Request::ResumeAs(rest.join(" "))),
            Verb::Envelope => Ok(Request::Envelope(
                (!rest.is_empty()).then(|| rest.join(" ")),
            )),
            Verb::Repeated => alone(Request::Repeated),
            Verb::Absent => self
                .color_in(&folded)
                .filter(|_| folded.len() == 1)
                .map(Request::Absent)
                .ok_or_else(|| incomplete(Verb::Absent)),
            Verb::Arrived => self
                .color_in(&folded)
                .filter(|_| folded.len() == 1)
                .map(Request::Arrived)
                .ok_or_else(|| incomplete(Verb::Arrived)),
            Verb::Resumption => match rest {
                [date, time, place @ ..]
                    if is_date(date) && is_time_of_day(time) && !place.is_empty() =>
                {
                    Ok(Request::Resumption {
                        date: date.replace('.', "-"),
                        time: time.to_string(),
                        place: echo(&place.join(" ")),
                    })
                }
                _ => Err(incomplete(Verb::Resumption)),
            },
            Verb::Arbiter => alone(Request::CallArbiter),
            Verb::StartClock => alone(Request::StartClock),
            Verb::StopClock => alone(Request::StopClock),
            Verb::Press => alone(Request::Press),
            Verb::Check => alone(Request::CheckBoards),
            Verb::Retrace => alone(Request::Retrace),
            Verb::Sheet => Ok(Request::Sheet(self.side_in(&folded))),
            Verb::Fixed => Ok(Request::Fixed(self.side_in(&folded))),
            Verb::Where => {
                let piece = self
                    .piece_in(&folded)
                    .ok_or_else(|| incomplete(Verb::Where))?;
                // "meine" may be part of the command's phrase ("wo sind
                // meine"): whose pieces is read from the whole line.
                let all: Vec<String> = line.split_whitespace().map(plain).collect();
                Ok(Request::Where {
                    piece,
                    whose: self.whose_in(&all),
                })
            }
            Verb::Rank => self
                .line_in(&folded, false)
                .map(|l| Request::Rank(l.unwrap_err()))
                .ok_or_else(|| incomplete(Verb::Rank)),
            Verb::File => self
                .line_in(&folded, true)
                .and_then(|l| l.ok())
                .map(Request::File)
                .ok_or_else(|| incomplete(Verb::File)),
            Verb::Claim => {
                let claim = match folded.first().and_then(|w| self.words.word(w)) {
                    Some(Word::Flag) => return Ok(Request::ClaimFlag),
                    Some(Word::Quickplay) => return Ok(Request::ClaimQuickplay),
                    Some(Word::Threefold) => Claim::ThreefoldRepetition,
                    Some(Word::Fifty) => Claim::FiftyMoves,
                    _ => return Err(incomplete(Verb::Claim)),
                };
                Ok(Request::Claim {
                    claim,
                    intended: (rest.len() > 1).then(|| rest[1..].join(" ")),
                })
            }
            Verb::Adjourn => {
                let early_at = folded
                    .iter()
                    .position(|f| f == "early" || self.words.word(f) == Some(Word::Early));
                let (sealed, early_minutes) = match early_at {
                    Some(i) => (
                        &rest[..i],
                        rest.get(i + 1).and_then(|m| m.parse::<u64>().ok()),
                    ),
                    None => (rest, None),
                };
                if sealed.is_empty() {
                    return Err(incomplete(Verb::Adjourn));
                }
                Ok(Request::Adjourn {
                    sealed: sealed.join(" "),
                    early_minutes,
                })
            }
            Verb::Present => self
                .color_in(&folded)
                .map(Request::Present)
                .ok_or_else(|| incomplete(Verb::Present)),
            Verb::Touched => Ok(Request::Touched(
                (!rest.is_empty()).then(|| echo(&rest.join(" "))),
            )),
            Verb::SetTime | Verb::AddTime => {
                let (player, amount) = self
                    .player_and_rest(&folded)
                    .ok_or_else(|| incomplete(verb))?;
                // The clock refuses a time no game has (more than a day).
                let ms = self.duration(amount).ok_or_else(|| incomplete(verb))?;
                Ok(if verb == Verb::SetTime {
                    Request::SetTime { player, ms }
                } else {
                    Request::AddTime { player, ms }
                })
            }
            Verb::SetMoves => {
                let (player, amount) = self
                    .player_and_rest(&folded)
                    .ok_or_else(|| incomplete(verb))?;
                match amount {
                    [n] => n
                        .parse::<u32>()
                        .ok()
                        .filter(|n| *n <= 1000)
                        .map(|moves| Request::SetMoves { player, moves })
                        .ok_or_else(|| incomplete(verb)),
                    _ => Err(incomplete(verb)),
                }
            }
            Verb::Illegal => {
                let mut player = None;
                let mut ply = None;
                for w in &folded {
                    match (self.color_word(w), w.parse::<usize>()) {
                        (Some(c), _) if player.is_none() => player = Some(c),
                        (None, Ok(n)) if ply.is_none() && n > 0 => ply = Some(n),
                        _ => return Err(Refusal::NotUnderstood { heard: echo(line) }),
                    }
                }
                Ok(Request::Illegal { player, ply })
            }
            Verb::Result => {
                let game = |o| Some(Score::Game(o));
                let outcome = match folded.as_slice() {
                    [w] => match w.as_str() {
                        "1-0" => game(KnownOutcome::Decisive {
                            winner: Color::White,
                        }),
                        "0-1" => game(KnownOutcome::Decisive {
                            winner: Color::Black,
                        }),
                        "1/2-1/2" | "1/2" | "½-½" | "draw" | "remis" => game(KnownOutcome::Draw),
                        // Forfeits and adjusted scores (12.2).
                        "+/-" | "+/--" => Some(Score::Adjusted(Adjusted::WhiteByForfeit)),
                        "-/+" | "--/+" => Some(Score::Adjusted(Adjusted::BlackByForfeit)),
                        "-/-" | "--/--" => Some(Score::Adjusted(Adjusted::BothForfeit)),
                        "0-0" => Some(Score::Adjusted(Adjusted::BothLose)),
                        "1/2-0" | "½-0" => Some(Score::Adjusted(Adjusted::HalfZero)),
                        "0-1/2" | "0-½" => Some(Score::Adjusted(Adjusted::ZeroHalf)),
                        _ => None,
                    },
                    _ => None,
                };
                outcome
                    .map(Request::Result)
                    .ok_or_else(|| incomplete(Verb::Result))
            }
            Verb::Shows => {
                let board = folded.first().and_then(|w| self.board_word(w));
                let report = if board.is_some() {
                    rest[1..].join(" ")
                } else {
                    rest.join(" ")
                };
                if report.trim().is_empty() {
                    return Err(incomplete(Verb::Shows));
                }
                Ok(Request::Shows { board, report })
            }
            Verb::Correct => {
                let board = self.side_in(&folded);
                let at = folded.iter().position(|w| w.parse::<usize>().is_ok());
                let (Some(board), Some(at)) = (board, at) else {
                    return Err(incomplete(Verb::Correct));
                };
                let ply = folded[at].parse::<usize>().unwrap_or(0);
                let san = rest[at + 1..].join(" ");
                if san.is_empty() || ply == 0 {
                    return Err(incomplete(Verb::Correct));
                }
                Ok(Request::CorrectSheet { board, ply, san })
            }
        }
    }

    fn board_word(&self, folded: &str) -> Option<BoardSide> {
        match self.words.word(folded) {
            Some(Word::Blind) => Some(BoardSide::Blind),
            Some(Word::Sighted) => Some(BoardSide::Sighted),
            _ => None,
        }
    }

    fn side_in(&self, folded: &[String]) -> Option<BoardSide> {
        folded.iter().find_map(|w| self.board_word(w))
    }

    /// A colour word of the locale or English (`weiß`, `white`).
    fn color_word(&self, w: &str) -> Option<Color> {
        let english = Locale::get("en").unwrap_or_else(|_| Locale::fide());
        [Color::White, Color::Black].into_iter().find(|c| {
            fold(self.loc.color_name(*c)) == w
                || fold(english.color_name(*c)) == w
                || w == Side::from(*c).name()
        })
    }

    fn color_in(&self, folded: &[String]) -> Option<Color> {
        folded.iter().find_map(|w| self.color_word(w))
    }

    /// The first colour, "my" or "their" among the words.
    fn whose_in(&self, folded: &[String]) -> Option<Whose> {
        folded.iter().find_map(|w| {
            if let Some(c) = self.color_word(w) {
                return Some(Whose::Color(c));
            }
            match self.words.word(w) {
                Some(Word::My) => Some(Whose::Mine),
                Some(Word::Their) => Some(Whose::Theirs),
                _ => None,
            }
        })
    }

    /// A piece word, also in the plural ("knights", "Springer", "Läufer").
    fn piece_in(&self, folded: &[String]) -> Option<Role> {
        let piece = |w: &str| match self.loc.lexicon().get(&[w.to_string()]) {
            Some(Meaning::Piece(r)) => Some(r),
            _ => None,
        };
        folded
            .iter()
            .find_map(|w| piece(w))
            .or_else(|| folded.iter().find_map(|w| piece(w.trim_end_matches('s'))))
    }

    /// A file (Ok) or rank (Err) named by a word or a letter or digit.
    fn line_in(&self, folded: &[String], file: bool) -> Option<Result<File, Rank>> {
        folded.iter().find_map(|w| {
            match self.loc.lexicon().get(std::slice::from_ref(w)) {
                Some(Meaning::File(f)) if file => return Some(Ok(f)),
                Some(Meaning::Rank(r)) if !file => return Some(Err(r)),
                _ => {}
            }
            let mut chars = w.chars();
            let (c, more) = (chars.next()?, chars.next());
            if more.is_some() {
                return None;
            }
            if file {
                self.loc
                    .file_of_letter(c)
                    .or_else(|| File::from_char(c))
                    .map(Ok)
            } else {
                c.to_digit(10)
                    .filter(|d| (1..=8).contains(d))
                    .map(|d| Err(Rank::new(d - 1)))
            }
        })
    }

    /// A player's colour first, then the words of the amount.
    fn player_and_rest<'w>(&self, folded: &'w [String]) -> Option<(Color, &'w [String])> {
        let (first, amount) = folded.split_first()?;
        Some((self.color_word(first)?, amount))
    }

    /// An amount of time: `5:00`, `1:30:00`, `90s`, `4min`, `4 Minuten`,
    /// `240 s`, `vier Minuten`, `1 min 30 s`. A bare number has no unit and
    /// is refused.
    pub fn duration(&self, words: &[String]) -> Option<u64> {
        if words.is_empty() {
            return None;
        }
        if let [w] = words
            && w.contains(':')
        {
            return clock_face(w);
        }
        let spoken = spoken_amounts(self.words.code());
        let mut total: u64 = 0;
        let mut i = 0;
        while i < words.len() {
            let w = &words[i];
            // Amounts with English units attached: 9m50s, 1h30m.
            if w.starts_with(|c: char| c.is_ascii_digit())
                && !w.chars().all(|c| c.is_ascii_digit())
                && !w.contains(':')
                && let Some(ms) = crate::clock::parse_duration(w)
            {
                total = total.checked_add(ms)?;
                i += 1;
                continue;
            }
            // Digits with the unit attached: 90s, 4min, 1h.
            let split = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
            let (num, unit) = w.split_at(split);
            if !num.is_empty() && !unit.is_empty() {
                let n: u64 = num.parse().ok()?;
                let k = if unit == "ms" {
                    1
                } else {
                    self.words.unit_ms(unit)?
                };
                total = total.checked_add(n.checked_mul(k)?)?;
                i += 1;
                continue;
            }
            if !num.is_empty() {
                let n: u64 = num.parse().ok()?;
                let k = self.words.unit_ms(words.get(i + 1)?)?;
                total = total.checked_add(n.checked_mul(k)?)?;
                i += 2;
                continue;
            }
            // Spoken: "vier Minuten", "dwie godziny" (longest first).
            let (ms, used) = spoken
                .iter()
                .filter(|(p, _)| words.len() - i >= p.len() && words[i..i + p.len()] == p[..])
                .max_by_key(|(p, _)| p.len())
                .map(|(p, ms)| (*ms, p.len()))?;
            total = total.checked_add(ms)?;
            i += used;
        }
        Some(total)
    }
}

/// A date as the arbiter writes it: `2026-11-26` or `2026.11.26`.
fn is_date(w: &str) -> bool {
    crate::boards::adjourn::date_time_minutes(w, "0:00").is_some()
}

/// A time of day, `10:00` or `9:30`.
fn is_time_of_day(w: &str) -> bool {
    match w.split_once(':') {
        Some((h, m)) => {
            h.len() <= 2
                && m.len() == 2
                && h.parse::<u32>().is_ok_and(|h| h < 24)
                && m.parse::<u32>().is_ok_and(|m| m < 60)
        }
        None => false,
    }
}

/// `m:ss` or `h:mm:ss` as milliseconds.
fn clock_face(w: &str) -> Option<u64> {
    let parts: Vec<&str> = w.split(':').collect();
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    let mut total: u64 = 0;
    for (i, part) in parts.iter().enumerate() {
        let n = part.parse::<u64>().ok()?;
        if i > 0 && n >= 60 {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(n)?;
    }
    total.checked_mul(1000)
}

/// The amounts of time a locale's clock says in words, folded: hours up
/// to 24, minutes and seconds up to 180.
fn spoken_amounts(code: &str) -> &'static [(Vec<String>, u64)] {
    type Amounts = Vec<(Vec<String>, u64)>;
    static TABLES: OnceLock<Vec<Amounts>> = OnceLock::new();
    let build = |code: &str| {
        let mut out: Amounts = Vec::new();
        if let Ok(w) = ClockWords::get(code) {
            let words = |s: String| s.split_whitespace().map(fold).collect::<Vec<_>>();
            for n in 1..=24u64 {
                out.push((words(w.hours(n)), n * 3_600_000));
            }
            for n in 1..=180u64 {
                out.push((words(w.minutes(n)), n * 60_000));
                out.push((words(w.seconds(n)), n * 1000));
            }
        }
        out
    };
    let all = TABLES.get_or_init(|| CODES.iter().map(|c| build(c)).collect());
    CODES
        .iter()
        .position(|c| *c == code)
        .map_or(&[][..], |i| all[i].as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(code: &str) -> Reader<'static> {
        Reader {
            loc: Locale::get(code).unwrap(),
            words: SessionWords::get(code).unwrap(),
        }
    }

    fn read(code: &str, line: &str) -> Result<Request, Unreadable> {
        reader(code).read(line, Expecting::default())
    }

    #[test]
    fn clock_corrections_need_a_unit_in_the_locale_or_english() {
        let four = Ok(Request::SetTime {
            player: Color::White,
            ms: 240_000,
        });
        for line in [
            "zeit setzen weiß 4 Minuten",
            "zeit setzen weiß vier Minuten",
            "zeit setzen weiß 4 min",
            "zeit setzen weiß 4:00",
            "zeit setzen weiß 240 s",
            "zeit setzen weiß 3 Minuten 60 Sekunden",
            "zeit setzen weiß 3m60s",
            "set time white 4min",
            "set time white 3M60S",
        ] {
            assert_eq!(read("de", line), four, "{line}");
        }
        assert_eq!(
            read("pl", "ustaw czas białe cztery minuty"),
            Ok(Request::SetTime {
                player: Color::White,
                ms: 240_000
            })
        );
        for line in [
            "zeit setzen weiß 4",
            "zeit setzen weiß vier",
            "zeit setzen weiß 4 Äpfel",
            "zeit setzen 4:00",
            "zeit setzen weiß 4:00 bitte",
            "zeit setzen weiß 4:61",
        ] {
            assert!(read("de", line).is_err(), "{line}");
        }
        // Read as it is said; the clock refuses it (src/clock).
        assert!(matches!(
            read("en", "set time white 99999999999:00"),
            Ok(Request::SetTime { .. })
        ));
    }

    #[test]
    fn commands_without_arguments_refuse_trailing_words() {
        assert_eq!(read("de", "ja"), Ok(Request::Yes));
        assert!(matches!(
            read("de", "ja gerne"),
            Err(Unreadable {
                verb: Some(Verb::Yes),
                why: Refusal::NotUnderstood { .. }
            })
        ));
        assert_eq!(
            read("de", "Springer Felix drei"),
            Ok(Request::Move("Springer Felix drei".into()))
        );
    }

    #[test]
    fn numbers_and_pieces_answer_only_what_is_asked() {
        let r = reader("de");
        let choice = Expecting {
            choice: true,
            ..Expecting::default()
        };
        assert_eq!(r.read("drei", choice), Ok(Request::Choose(3)));
        assert_eq!(r.read("2", choice), Ok(Request::Choose(2)));
        assert_eq!(
            r.read("drei", Expecting::default()),
            Ok(Request::Move("drei".into()))
        );
        let promo = Expecting {
            promotion: true,
            ..Expecting::default()
        };
        assert_eq!(r.read("Dame", promo), Ok(Request::Promote(Role::Queen)));
        // D.2.8: every yes-word answers a read-back, English ones in every
        // locale, also `correct` (otherwise the arbiter's command).
        let readback = Expecting {
            readback: true,
            ..Expecting::default()
        };
        for yes in ["ja", "correct", "okay", "yes"] {
            assert_eq!(r.read(yes, readback), Ok(Request::Yes), "{yes}");
        }
        assert_eq!(r.read("nein", readback), Ok(Request::No));
        assert_ne!(r.read("correct", Expecting::default()), Ok(Request::Yes));
    }

    #[test]
    fn questions_read_their_arguments() {
        assert_eq!(
            read("de", "wo sind meine Springer"),
            Ok(Request::Where {
                piece: Role::Knight,
                whose: Some(Whose::Mine)
            })
        );
        assert_eq!(
            read("en", "where are my knights"),
            Ok(Request::Where {
                piece: Role::Knight,
                whose: Some(Whose::Mine)
            })
        );
        assert_eq!(
            read("en", "where are the black knights"),
            Ok(Request::Where {
                piece: Role::Knight,
                whose: Some(Whose::Color(Color::Black))
            })
        );
        assert_eq!(read("de", "Reihe vier"), Ok(Request::Rank(Rank::Fourth)));
        assert_eq!(read("de", "Linie Eva"), Ok(Request::File(File::E)));
        assert_eq!(read("en", "file e"), Ok(Request::File(File::E)));
        assert!(read("en", "rank").is_err());
        assert_eq!(
            read("en", "illegal white 3"),
            Ok(Request::Illegal {
                player: Some(Color::White),
                ply: Some(3)
            })
        );
        assert_eq!(
            read("en", "result 1-0"),
            Ok(Request::Result(Score::Game(KnownOutcome::Decisive {
                winner: Color::White
            })))
        );
        for (said, score) in [
            ("result 0-0", Adjusted::BothLose),
            ("result 1/2-0", Adjusted::HalfZero),
            ("result 0-½", Adjusted::ZeroHalf),
            ("result +/-", Adjusted::WhiteByForfeit),
            ("result -/+", Adjusted::BlackByForfeit),
        ] {
            assert_eq!(
                read("en", said),
                Ok(Request::Result(Score::Adjusted(score))),
                "{said}"
            );
        }
        assert!(read("en", "result 1-0 0-1").is_err());
        assert_eq!(
            read("en", "resumption 2026-11-26 10:00 Hall B"),
            Ok(Request::Resumption {
                date: "2026-11-26".into(),
                time: "10:00".into(),
                place: "Hall B".into()
            })
        );
        assert!(matches!(
            read("de", "wiederaufnahme 2026.11.26 9:30 Saal B"),
            Ok(Request::Resumption { .. })
        ));
        for bad in [
            "resumption 2026-11-26 10:00",
            "resumption tomorrow 10:00 Hall B",
            "resumption 2026-13-01 10:00 Hall B",
            "resumption 2026-11-26 25:00 Hall B",
        ] {
            assert!(read("en", bad).is_err(), "{bad}");
        }
        assert_eq!(
            read("en", "absent white"),
            Ok(Request::Absent(Color::White))
        );
        assert!(read("en", "absent").is_err());
        assert_eq!(
            read("en", "envelope adjourned.json"),
            Ok(Request::Envelope(Some("adjourned.json".into())))
        );
    }
}
