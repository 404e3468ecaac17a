//! Rules of play as an arbiter applies them (FIDE Laws of Chess 2023,
//! Articles 1–9), over shakmaty's move generator.
//!
//! A [`Game`] holds the moves played from a start position and decides the
//! end conditions that end a game by themselves (checkmate, stalemate, dead
//! position, fivefold repetition, 75 moves), the claims a player may make
//! (threefold repetition, 50 moves), draw offers, resignation, flag fall and
//! completed illegal moves. Time penalties go to the clock through a hook.

pub mod chess960;
pub mod laws;
pub mod pgn;
pub mod random;

use std::fmt;

pub use laws::{ClaimPenalty, IllegalPenalty, Laws, Supervision};

use crate::clock::Class;
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Move, Position, fen::Fen,
    san::SanPlus, zobrist::Zobrist64,
};

/// Errors of the rules layer; each reads as a sentence for the player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("The FEN '{fen}' cannot be read: {reason}.")]
    BadFen { fen: String, reason: String },
    #[error("The position '{fen}' is not legal: {reason}.")]
    IllegalPosition { fen: String, reason: String },
    #[error("The game is over ({0}); no more moves can be made.")]
    GameOver(String),
    #[error("{0} is not a legal move here.")]
    IllegalMove(String),
    #[error("It is not {0}'s turn.")]
    NotYourTurn(String),
    #[error("{0}")]
    Refused(String),
    #[error("PGN: {0}")]
    Pgn(String),
    /// A move of a PGN game not legal where it stands (`number` and
    /// `dots`: "12." or "12..."; `ply`: its half-move).
    #[error("PGN: move {number}{dots} {san} is not legal in the position (half-move {ply}).")]
    PgnIllegal {
        number: usize,
        dots: &'static str,
        san: String,
        ply: usize,
    },
    /// A move of a PGN game after its end (`why`: how it ended).
    #[error("PGN: move {number}{dots} {san} comes after the game ended ({why}).")]
    PgnAfterEnd {
        number: usize,
        dots: &'static str,
        san: String,
        why: String,
    },
    /// Text the PGN reader cannot read (its reason).
    #[error("PGN: the text is not PGN hector can read ({0}).")]
    PgnText(String),
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// Art. 5.1.1.
    Checkmate,
    /// Art. 5.2.1.
    Stalemate,
    /// Art. 5.2.2: dead position (insufficient material).
    InsufficientMaterial,
    /// Art. 9.6.1.
    FivefoldRepetition,
    /// Art. 9.6.2.
    SeventyFiveMoves,
    /// Art. 9.2, claimed.
    ThreefoldRepetition,
    /// Art. 9.3, claimed.
    FiftyMoves,
    /// Art. 5.1.2 (the resigning colour).
    Resignation(Color),
    /// Art. 5.2.3 / 9.1.
    DrawAgreed,
    /// Art. 6.9 (the colour whose flag fell).
    FlagFall(Color),
    /// Art. 7.5.5 (the offender's second completed illegal move).
    IllegalMoves(Color),
}

impl Termination {
    /// The kebab-case name used in JSON (`checkmate`, `fivefold-repetition`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient-material",
            Termination::FivefoldRepetition => "fivefold-repetition",
            Termination::SeventyFiveMoves => "seventy-five-moves",
            Termination::ThreefoldRepetition => "threefold-repetition",
            Termination::FiftyMoves => "fifty-moves",
            Termination::Resignation(_) => "resignation",
            Termination::DrawAgreed => "draw-agreed",
            Termination::FlagFall(_) => "flag-fall",
            Termination::IllegalMoves(_) => "illegal-moves",
        }
    }

    /// True for the ends that happen by themselves, without a claim or a
    /// player's or arbiter's act (Art. 5.1.1, 5.2.1, 5.2.2, 9.6).
    pub fn is_automatic(&self) -> bool {
        matches!(
            self,
            Termination::Checkmate
                | Termination::Stalemate
                | Termination::InsufficientMaterial
                | Termination::FivefoldRepetition
                | Termination::SeventyFiveMoves
        )
    }
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    pub outcome: KnownOutcome,
    pub termination: Termination,
}

impl GameResult {
    pub fn winner(&self) -> Option<Color> {
        self.outcome.winner()
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.outcome, self.termination.name())
    }
}

/// A draw claim (Art. 9.2, 9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Art. 9.2: the same position for the third time.
    ThreefoldRepetition,
    /// Art. 9.3: 50 moves by each player without a pawn move or capture.
    FiftyMoves,
}

impl Claim {
    pub fn name(&self) -> &'static str {
        match self {
            Claim::ThreefoldRepetition => "threefold-repetition",
            Claim::FiftyMoves => "fifty-moves",
        }
    }
}

/// The arbiter's ruling on a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimRuling {
    /// The claim is correct: the game is drawn (Art. 9.5.2).
    Drawn,
    /// The claim is incorrect: the opponent gets extra time (two minutes
    /// under Art. 9.5.3 of 2023, one in rapid and blitz; three minutes
    /// under 9.5(b) of 2009 and 2005, see [`Laws::incorrect_claim`]) and,
    /// if the claim named an intended move, that move is made.
    Incorrect {
        time_added_to: Color,
        ms: u64,
        intended_move_made: bool,
    },
}

/// The arbiter's ruling on a completed illegal move (Art. 7.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMoveRuling {
    /// Art. 7.5.5 (2023) first offence, 7.4(b) (2009, 2005) first and
    /// second: the opponent gets extra time ([`Laws::illegal_move`]).
    TimeAdded { to: Color, ms: u64 },
    /// The offence that loses (2023: the second; 2009, 2005: the third):
    /// the game is lost by the offender, or drawn if the opponent cannot
    /// checkmate by any series of legal moves (not in 2005).
    GameEnded(GameResult),
}

/// Two minutes: the time the arbiter adds to the opponent for an illegal
/// move (Art. 7.5.5) or an incorrect claim (Art. 9.5.3).
pub const TWO_MINUTES_MS: u64 = 120_000;

/// Where time penalties go: the clock, when there is one.
/// FIDE Laws 2023, Art. 7.5.5 and 9.5.3.
pub trait TimeHook: Send {
    /// Add `ms` to `player`'s remaining time, citing the article.
    fn add_time(&mut self, player: Color, ms: u64, article: &'static str);

    /// `player`'s remaining time now, when the hook knows it (the 2005
    /// 9.5(b) penalty depends on the claimant's time).
    fn remaining(&self, _player: Color) -> Option<u64> {
        None
    }

    /// Take `ms` from `player`'s remaining time, citing the article
    /// (2005 9.5(b)). A hook without a clock ignores it.
    fn take_time(&mut self, _player: Color, _ms: u64, _article: &'static str) {}
}

/// A game: start position, the moves played, and how it stands.
pub struct Game {
    start: Chess,
    mode: CastlingMode,
    positions: Vec<Chess>,
    hashes: Vec<u64>,
    moves: Vec<Move>,
    sans: Vec<String>,
    comments: Vec<Option<String>>,
    result: Option<GameResult>,
    draw_offer: Option<Color>,
    illegal_moves: [u32; 2],
    laws: Laws,
    class: Class,
    supervision: Supervision,
    time_hook: Option<Box<dyn TimeHook>>,
}

/// A copy of the game to look at or play on: everything but the time hook
/// (a clock attached to the original is not attached to the copy).
impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            start: self.start.clone(),
            mode: self.mode,
            positions: self.positions.clone(),
            hashes: self.hashes.clone(),
            moves: self.moves.clone(),
            sans: self.sans.clone(),
            comments: self.comments.clone(),
            result: self.result,
            draw_offer: self.draw_offer,
            illegal_moves: self.illegal_moves,
            laws: self.laws,
            class: self.class,
            supervision: self.supervision,
            time_hook: None,
        }
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("fen", &self.fen())
            .field("sans", &self.sans)
            .field("result", &self.result)
            .finish()
    }
}

fn hash_of(pos: &Chess) -> u64 {
    // Art. 9.2.2: positions are the same when the same player has the move,
    // pieces stand alike, and castling and en passant rights are the same.
    // `EnPassantMode::Legal` counts an en passant square only when a capture
    // there is legal.
    let h: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    h.0
}

fn color_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The English name of a colour (for error sentences).
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Chess::default())
    }
}

impl Game {
    /// A game from the standard start position or any legal position.
    pub fn new(start: Chess) -> Game {
        Game::with_mode(start, CastlingMode::Standard)
    }

    /// A game whose castling follows `mode` (Chess960 for Guidelines III
    /// start positions).
    pub fn with_mode(start: Chess, mode: CastlingMode) -> Game {
        let mut g = Game {
            positions: vec![start.clone()],
            hashes: vec![hash_of(&start)],
            start,
            mode,
            moves: Vec::new(),
            sans: Vec::new(),
            comments: vec![None],
            result: None,
            draw_offer: None,
            illegal_moves: [0, 0],
            laws: Laws::default(),
            class: Class::Standard,
            supervision: Supervision::default(),
            time_hook: None,
        };
        g.result = g.automatic_end();
        g
    }

    /// A game from a FEN (X-FEN or Shredder-FEN castling for Chess960).
    pub fn from_fen(fen: &str) -> Result<Game, RulesError> {
        let (pos, mode) = position_from_fen(fen)?;
        Ok(Game::with_mode(pos, mode))
    }

    /// The edition of the Laws this game follows and the class of its time
    /// control (Appendices A, B): they decide the penalties (7.5.5 / 7.4(b),
    /// 9.5.3 / 9.5(b), A.3) and whether 9.6 ends the game by itself.
    pub fn set_laws(&mut self, laws: Laws, class: Class) {
        self.laws = laws;
        self.class = class;
        if self.result.is_none_or(|r| r.termination.is_automatic()) {
            self.result = self.automatic_end();
        }
    }

    /// The event's supervision of rapid and blitz games (2009 A.3/A.4,
    /// B.2/B.3).
    pub fn set_supervision(&mut self, supervision: Supervision) {
        self.supervision = supervision;
    }

    /// The class of the game's time control under its edition.
    pub fn class(&self) -> Class {
        self.class
    }

    /// The event's supervision (2009 A.3/A.4, B.2/B.3).
    pub fn supervision(&self) -> Supervision {
        self.supervision
    }

    /// The edition of the Laws this game follows.
    pub fn laws(&self) -> Laws {
        self.laws
    }

    /// Sends time penalties to the clock from now on.
    pub fn set_time_hook(&mut self, hook: Box<dyn TimeHook>) {
        self.time_hook = Some(hook);
    }

    pub fn start(&self) -> &Chess {
        &self.start
    }

    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The position after `ply` half-moves (0 = start).
    pub fn position_at(&self, ply: usize) -> Option<&Chess> {
        self.positions.get(ply)
    }

    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves in English SAN with `+`/`#`.
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// The comment after ply `n` (0 = before the first move).
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.comments.get(ply).and_then(|c| c.as_deref())
    }

    /// Attaches a comment after ply `n` (0 = before the first move).
    pub fn set_comment(&mut self, ply: usize, text: &str) {
        if let Some(c) = self.comments.get_mut(ply) {
            *c = match c.take() {
                Some(old) => Some(format!("{old} {text}")),
                None => Some(text.to_string()),
            };
        }
    }

    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        Fen::from_position(self.position(), EnPassantMode::Legal).to_string()
    }

    /// The colour with a standing draw offer, if any (Art. 9.1.2).
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// How many completed illegal moves `player` has made (Art. 7.5.5).
    pub fn illegal_move_count(&self, player: Color) -> u32 {
        self.illegal_moves[color_index(player)]
    }

    fn ensure_running(&self) -> Result<(), RulesError> {
        match self.result {
            Some(r) => Err(RulesError::GameOver(r.termination.name().to_string())),
            None => Ok(()),
        }
    }

    /// Plays a legal move. Art. 3 and 4 decide legality; afterwards the
    /// game ends by itself where Art. 5.1.1, 5.2.1, 5.2.2 or 9.6 say so.
    /// A move by the opponent of a player who offered a draw declines the
    /// offer (Art. 9.1.2.3).
    pub fn play(&mut self, m: Move) -> Result<(), RulesError> {
        self.ensure_running()?;
        let pos = self.position().clone();
        if !pos.is_legal(m) {
            return Err(RulesError::IllegalMove(m.to_uci(self.mode).to_string()));
        }
        let san = SanPlus::from_move(pos.clone(), m).to_string();
        let mut next = pos;
        next.play_unchecked(m);
        let mover = self.turn();
        self.hashes.push(hash_of(&next));
        self.positions.push(next);
        self.moves.push(m);
        self.sans.push(san);
        self.comments.push(None);
        if self.draw_offer.is_some_and(|c| c != mover) {
            self.draw_offer = None;
        }
        self.result = self.automatic_end();
        Ok(())
    }

    /// Plays a move written in English SAN (PGN, test fixtures).
    pub fn play_san(&mut self, san: &str) -> Result<(), RulesError> {
        self.ensure_running()?;
        let parsed: SanPlus = san
            .parse()
            .map_err(|_| RulesError::IllegalMove(san.to_string()))?;
        let m = parsed
            .san
            .to_move(self.position())
            .map_err(|_| RulesError::IllegalMove(san.to_string()))?;
        self.play(m)
    }

    /// How many times the current position has stood on the board with the
    /// same player to move (Art. 9.2.2).
    pub fn repetitions(&self) -> usize {
        let now = self.hashes.last().copied().unwrap_or(0);
        self.repetitions_of(now)
    }

    fn repetitions_of(&self, hash: u64) -> usize {
        // Positions can only repeat since the last irreversible move, but a
        // full scan is cheap and needs no bookkeeping.
        self.hashes.iter().filter(|&&h| h == hash).count()
    }

    fn automatic_end(&self) -> Option<GameResult> {
        let pos = self.position();
        if pos.is_checkmate() {
            // Art. 5.1.1 — checkmate also takes precedence over 9.6.2.
            return Some(GameResult {
                outcome: KnownOutcome::Decisive {
                    winner: !pos.turn(),
                },
                termination: Termination::Checkmate,
            });
        }
        let draw = |termination| {
            Some(GameResult {
                outcome: KnownOutcome::Draw,
                termination,
            })
        };
        if pos.is_stalemate() {
            return draw(Termination::Stalemate);
        }
        if pos.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
        // 9.6 of the 2023 Laws; the 2009 and 2005 Laws have no automatic
        // draw by repetition or move count.
        if self.laws.automatic_draws() {
            if self.repetitions() >= 5 {
                return draw(Termination::FivefoldRepetition);
            }
            if pos.halfmoves() >= 150 {
                return draw(Termination::SeventyFiveMoves);
            }
        }
        None
    }

    /// The claims the player to move could make now and be right
    /// (Art. 9.2.1.2, 9.3.2).
    pub fn claimable(&self) -> Vec<Claim> {
        let mut out = Vec::new();
        if self.result.is_some() {
            return out;
        }
        if self.repetitions() >= 3 {
            out.push(Claim::ThreefoldRepetition);
        }
        if self.position().halfmoves() >= 100 {
            out.push(Claim::FiftyMoves);
        }
        out
    }

    /// A draw claim by `claimant`, who must have the move (Art. 9.2.1,
    /// 9.3). With `intended`, the claim is about the position after that
    /// move, written and declared but not made (Art. 9.2.1.1, 9.3.1).
    /// A correct claim draws the game (9.5.2); an incorrect one gives the
    /// opponent two minutes and, if a move was intended, that move is made
    /// (9.5.3).
    pub fn claim_draw(
        &mut self,
        claimant: Color,
        claim: Claim,
        intended: Option<Move>,
    ) -> Result<ClaimRuling, RulesError> {
        self.ensure_running()?;
        if claimant != self.turn() {
            return Err(RulesError::Refused(format!(
                "Only the player to move may claim a draw (Art. 9.2.1, 9.3); it is {}'s move.",
                color_name(self.turn())
            )));
        }
        let correct = match intended {
            None => match claim {
                Claim::ThreefoldRepetition => self.repetitions() >= 3,
                Claim::FiftyMoves => self.position().halfmoves() >= 100,
            },
            Some(m) => {
                if !self.position().is_legal(m) {
                    return Err(RulesError::IllegalMove(m.to_uci(self.mode).to_string()));
                }
                let mut next = self.position().clone();
                next.play_unchecked(m);
                match claim {
                    Claim::ThreefoldRepetition => self.repetitions_of(hash_of(&next)) + 1 >= 3,
                    Claim::FiftyMoves => next.halfmoves() >= 100,
                }
            }
        };
        if correct {
            self.result = Some(GameResult {
                outcome: KnownOutcome::Draw,
                termination: match claim {
                    Claim::ThreefoldRepetition => Termination::ThreefoldRepetition,
                    Claim::FiftyMoves => Termination::FiftyMoves,
                },
            });
            return Ok(ClaimRuling::Drawn);
        }
        let opponent = !claimant;
        let article = self.laws.incorrect_claim_article();
        let remaining = self
            .time_hook
            .as_ref()
            .and_then(|h| h.remaining(claimant))
            .unwrap_or(0);
        let penalty = self.laws.incorrect_claim(self.class, remaining);
        if let Some(hook) = self.time_hook.as_mut() {
            hook.add_time(opponent, penalty.opponent_added_ms, article);
            if penalty.claimant_deducted_ms > 0 {
                hook.take_time(claimant, penalty.claimant_deducted_ms, article);
            }
        }
        let made = match intended {
            Some(m) => {
                self.play(m)?;
                true
            }
            None => false,
        };
        Ok(ClaimRuling::Incorrect {
            time_added_to: opponent,
            ms: penalty.opponent_added_ms,
            intended_move_made: made,
        })
    }

    /// `player` offers a draw (Art. 9.1.2). The offer stands until the
    /// opponent accepts or declines it or makes a move.
    pub fn offer_draw(&mut self, player: Color) -> Result<(), RulesError> {
        self.ensure_running()?;
        self.draw_offer = Some(player);
        Ok(())
    }

    /// `player` accepts the opponent's standing offer (Art. 5.2.3, 9.1.2).
    pub fn accept_draw(&mut self, player: Color) -> Result<(), RulesError> {
        self.ensure_running()?;
        if self.draw_offer != Some(!player) {
            return Err(RulesError::Refused(format!(
                "{} has no draw offer to accept.",
                color_name(player)
            )));
        }
        self.draw_offer = None;
        self.result = Some(GameResult {
            outcome: KnownOutcome::Draw,
            termination: Termination::DrawAgreed,
        });
        Ok(())
    }

    /// `player` declines the opponent's standing offer (Art. 9.1.2.3).
    pub fn decline_draw(&mut self, player: Color) -> Result<(), RulesError> {
        self.ensure_running()?;
        if self.draw_offer != Some(!player) {
            return Err(RulesError::Refused(format!(
                "{} has no draw offer to decline.",
                color_name(player)
            )));
        }
        self.draw_offer = None;
        Ok(())
    }

    /// `player` resigns (Art. 5.1.2).
    pub fn resign(&mut self, player: Color) -> Result<(), RulesError> {
        self.ensure_running()?;
        self.result = Some(self.resignation(player));
        Ok(())
    }

    /// The result of `player`'s resignation in the current position.
    /// FIDE Laws 2023, 5.1.2: a draw when the opponent cannot checkmate by
    /// any series of legal moves (here: he has insufficient material);
    /// 2009 and 2005 5.1(b): always a loss.
    pub fn resignation(&self, player: Color) -> GameResult {
        GameResult {
            outcome: self.loss_for(player, self.laws.resignation_can_be_drawn()),
            termination: Termination::Resignation(player),
        }
    }

    /// A loss for `loser`, unless `drawable` and his opponent cannot
    /// checkmate by any series of legal moves (here: the opponent has
    /// insufficient material): then a draw (FIDE Laws 2023, 5.1.2, 6.9,
    /// 7.5.5; as each edition allows, `drawable`).
    pub fn loss_for(&self, loser: Color, drawable: bool) -> KnownOutcome {
        if drawable && self.position().has_insufficient_material(!loser) {
            KnownOutcome::Draw
        } else {
            KnownOutcome::Decisive { winner: !loser }
        }
    }

    /// FIDE Laws 2023, 5.2.3: both players have made at least one move
    /// (counted by the position's move number, so a game set up from a
    /// FEN counts the moves its number says were made).
    pub fn both_have_moved(&self) -> bool {
        self.position().fullmoves().get() >= 2
    }

    /// Records an agreed or adjudicated result as the players or the
    /// arbiter state it (Art. 5.2.3; PGN import of finished games).
    pub fn set_result(&mut self, result: GameResult) {
        self.result = Some(result);
    }

    /// `player`'s flag has fallen (Art. 6.9): the opponent wins, unless the
    /// opponent cannot checkmate by any series of legal moves — here, when
    /// the opponent has insufficient material — then the game is drawn.
    pub fn flag_fall(&mut self, player: Color) -> Result<GameResult, RulesError> {
        self.ensure_running()?;
        let r = GameResult {
            outcome: self.loss_for(player, true),
            termination: Termination::FlagFall(player),
        };
        self.result = Some(r);
        Ok(r)
    }

    /// The arbiter finds that `offender` completed an illegal move
    /// (Art. 7.5.1). hector never plays an illegal move into the record, so
    /// the position before the irregularity is the current one unless the
    /// irregularity is found later: `found_at_ply` then names the ply the
    /// illegal move was made at, and the game is taken back to the position
    /// immediately before it. First offence: two minutes to the opponent;
    /// second: the offender loses, or a draw if the opponent cannot
    /// checkmate (Art. 7.5.5).
    pub fn illegal_move_completed(
        &mut self,
        offender: Color,
        found_at_ply: Option<usize>,
    ) -> Result<IllegalMoveRuling, RulesError> {
        self.ensure_running()?;
        if let Some(ply) = found_at_ply {
            if ply > self.moves.len() {
                return Err(RulesError::Refused(format!(
                    "The game has only {} half-moves; it cannot go back to ply {ply}.",
                    self.moves.len()
                )));
            }
            self.truncate(ply);
        }
        let n = &mut self.illegal_moves[color_index(offender)];
        *n += 1;
        // 2005 C3 (blitz), 2009 B.3(c) (blitz without adequate
        // supervision): the opponent's claim wins the game, or draws it
        // when he cannot checkmate by any series of legal moves.
        if self
            .laws
            .illegal_move_claims_win(self.class, self.supervision)
        {
            let r = GameResult {
                outcome: self.loss_for(offender, true),
                termination: Termination::IllegalMoves(offender),
            };
            self.result = Some(r);
            return Ok(IllegalMoveRuling::GameEnded(r));
        }
        let penalty = self.laws.illegal_move(*n, self.class);
        let ms = match penalty {
            IllegalPenalty::TimeToOpponent(ms) => ms,
            IllegalPenalty::Loss => 0,
        };
        if penalty == IllegalPenalty::Loss {
            let r = GameResult {
                outcome: self.loss_for(offender, self.laws.illegal_loss_can_be_drawn()),
                termination: Termination::IllegalMoves(offender),
            };
            self.result = Some(r);
            return Ok(IllegalMoveRuling::GameEnded(r));
        }
        let article = self.laws.illegal_move_article();
        if let Some(hook) = self.time_hook.as_mut() {
            hook.add_time(!offender, ms, article);
        }
        Ok(IllegalMoveRuling::TimeAdded { to: !offender, ms })
    }

    /// Takes the game back to the position after `ply` half-moves
    /// (Art. 7.5.1 reinstatement; D.2.9 retracing). Later moves are gone.
    pub fn truncate(&mut self, ply: usize) {
        let ply = ply.min(self.moves.len());
        self.positions.truncate(ply + 1);
        self.hashes.truncate(ply + 1);
        self.moves.truncate(ply);
        self.sans.truncate(ply);
        self.comments.truncate(ply + 1);
        self.draw_offer = None;
        self.result = self.automatic_end();
    }
}

/// Reads a FEN. Castling rights written as `KQkq` on a Chess960 start
/// position, or in Shredder form (`HAha`), give Chess960 castling.
pub fn position_from_fen(fen: &str) -> Result<(Chess, CastlingMode), RulesError> {
    let fen = fen.trim();
    let parsed: Fen =
        fen.parse()
            .map_err(|e: shakmaty::fen::ParseFenError| RulesError::BadFen {
                fen: fen.to_string(),
                reason: e.to_string(),
            })?;
    let setup = parsed.as_setup().clone();
    let mode = CastlingMode::detect(&setup);
    let pos: Chess = parsed
        .into_position(mode)
        .map_err(|e| RulesError::IllegalPosition {
            fen: fen.to_string(),
            reason: e.to_string(),
        })?;
    Ok((pos, mode))
}
