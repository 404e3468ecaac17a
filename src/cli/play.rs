//! `hector play`: a game at the terminal. Both sides type moves in any form
//! hector reads (an Appendix D phrase, SAN in any supported language, long
//! algebraic, UCI); every move is announced as a plain line in the chosen
//! locale, readable by any screen reader — no cursor tricks.

use std::io::Write;

use shakmaty::{Chess, Color, File, Move, Position, Rank, Role, Square};

use super::args::Args;
use super::core::{game_from_args, locale_from_args, say_options};
use super::play_clock::{PlayClock, serve};
use crate::clock::TimeControl;
use crate::locale::{Locale, Meaning, fold};
use crate::notation::phrase::{Heard, SayOptions, hear, say_with};
use crate::notation::san;
use crate::rules::pgn::write_pgn;
use crate::rules::{Claim, ClaimRuling, Game, GameResult, IllegalMoveRuling, Termination};

/// The sentence that announces a result.
pub fn result_sentence(loc: &Locale, game: &Game, r: GameResult) -> String {
    let name = |c: Color| loc.color_name(c).to_string();
    let last_mover = !game.turn();
    match r.termination {
        Termination::Checkmate => loc.game_text("checkmate", &[("color", &name(last_mover))]),
        Termination::Stalemate => loc.game_text("stalemate", &[]),
        Termination::InsufficientMaterial => loc.game_text("insufficient_material", &[]),
        Termination::FivefoldRepetition => loc.game_text("fivefold_repetition", &[]),
        Termination::SeventyFiveMoves => loc.game_text("seventy_five_moves", &[]),
        Termination::ThreefoldRepetition => loc.game_text("threefold_repetition", &[]),
        Termination::FiftyMoves => loc.game_text("fifty_moves", &[]),
        Termination::DrawAgreed => loc.game_text("draw_agreed", &[]),
        Termination::Resignation(c) => {
            loc.game_text("resigned", &[("color", &name(c)), ("winner", &name(!c))])
        }
        Termination::FlagFall(c) => {
            let key = if r.winner().is_some() {
                "flag_win"
            } else {
                "flag_draw"
            };
            loc.game_text(key, &[("color", &name(c)), ("winner", &name(!c))])
        }
        Termination::IllegalMoves(c) => {
            let key = if r.winner().is_some() {
                "illegal_move_loses"
            } else {
                "illegal_move_draw"
            };
            loc.game_text(key, &[("color", &name(c)), ("winner", &name(!c))])
        }
    }
}

const HELP: &str = "\
Type a move in any form: a phrase (Springer Felix drei, Springer Gustav eins Felix drei,
Kurze Rochade), SAN in any supported language (Sf3, Nf3, Ιζ3), long algebraic (Sg1-f3)
or UCI (g1f3). When several moves fit, type the number of the one you mean.
Commands:
  board [black]           the board, rank by rank
  moves                   the moves so far
  last                    the last move again
  where [my|their|white|black] PIECE   where the pieces of a kind stand
  rank N / file X         what stands on a rank or a file
  draw                    offer a draw (the player who has just moved)
  accept / decline        answer a draw offer
  claim threefold|fifty [MOVE]   claim a draw, optionally by writing the intended move
  resign                  the player to move resigns
  illegal [white|black]   the arbiter records a completed illegal move (Art. 7.5)
  fen / pgn               the position as FEN, the game as PGN
  time / my time / opponent time   the clock, with --control (moves also counts them)
  shows [blind|sighted] FEN | e5=N f3=-   what a board really shows (my board shows …)
  check / fixed [blind|sighted]   compare boards and scoresheets (D.2.9); a board put right
  correct blind|sighted N MOVE / sheet blind|sighted   correct or read a scoresheet
  retrace                 the arbiter retraces to where the scoresheets agree (D.2.9)
  adjourn MOVE [early MIN] / envelope [FILE] / present COLOR / resume   adjourned games
  help / quit";

/// The state of one terminal game.
pub struct PlaySession {
    pub game: Game,
    pub(crate) loc: &'static Locale,
    opts: SayOptions,
    pending: Option<Vec<Move>>,
    tags: Vec<(String, String)>,
    pub quit: bool,
    /// The chess clock, with `--control` (see `play_clock.rs`).
    pub clock: Option<PlayClock>,
    /// Both boards, both scoresheets and an adjournment (`play_boards.rs`).
    pub(crate) boards: Option<super::play_boards::PlayBoards>,
}

impl PlaySession {
    pub fn new(game: Game, loc: &'static Locale, opts: SayOptions) -> PlaySession {
        PlaySession {
            game,
            loc,
            opts,
            pending: None,
            tags: Vec::new(),
            quit: false,
            clock: None,
            boards: None,
        }
    }

    /// The line that tells whose move it is, or how the game ended.
    pub fn prompt(&self) -> String {
        match self.game.result() {
            Some(r) => result_sentence(self.loc, &self.game, r),
            None => self.loc.game_text(
                "to_move",
                &[("color", self.loc.color_name(self.game.turn()))],
            ),
        }
    }

    pub(crate) fn command(&self, word: &str) -> Option<String> {
        let en = Locale::get("en").ok()?;
        self.loc
            .command_of(word)
            .or_else(|| en.command_of(word))
            .map(str::to_string)
    }

    /// Handles one line of input and returns the lines to print (the clock
    /// around it: `PlaySession::handle` in `play_clock.rs`).
    pub(crate) fn handle_line(&mut self, line: &str) -> Vec<String> {
        let line = line.trim();
        if line.is_empty() {
            return vec![];
        }
        if let Some(ms) = self.pending.take()
            && let Ok(n) = line.parse::<usize>()
        {
            return match ms.get(n.wrapping_sub(1)) {
                Some(m) => self.make(*m),
                None => {
                    let out = vec![format!("Choose a number from 1 to {}.", ms.len())];
                    self.pending = Some(ms);
                    out
                }
            };
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(out) = self.boards_line(&words) {
            return out;
        }
        let rest = &words[1..];
        match self.command(words[0]).as_deref() {
            Some("help") => HELP.lines().map(str::to_string).collect(),
            Some("quit") => {
                self.quit = true;
                vec![]
            }
            Some("board") => self.board(
                rest.first()
                    .is_some_and(|w| self.color_word(w) == Some(Color::Black)),
            ),
            Some("moves") => vec![self.move_list()],
            Some("last") => vec![self.last_move()],
            Some("fen") => vec![self.game.fen()],
            Some("pgn") => write_pgn(&self.game, &self.tags)
                .lines()
                .map(str::to_string)
                .collect(),
            Some("where") => vec![self.where_are(rest)],
            Some("rank") | Some("file") => vec![self.scan(rest)],
            Some("offer") => self.offer(),
            Some("accept") => self.answer(true),
            Some("decline") => self.answer(false),
            Some("claim") => self.claim(rest),
            Some("resign") => {
                let who = rest
                    .first()
                    .and_then(|w| self.color_word(w))
                    .unwrap_or(self.game.turn());
                let r = self.game.resign(who).map(|_| vec![]);
                self.after(r)
            }
            Some("illegal") => {
                let who = rest
                    .first()
                    .and_then(|w| self.color_word(w))
                    .unwrap_or(!self.game.turn());
                match self.game.illegal_move_completed(who, None) {
                    Ok(IllegalMoveRuling::TimeAdded { to, .. }) => vec![self.loc.game_text(
                        "illegal_move",
                        &[
                            ("color", self.loc.color_name(who)),
                            ("winner", self.loc.color_name(to)),
                        ],
                    )],
                    Ok(IllegalMoveRuling::GameEnded(_)) => vec![self.prompt()],
                    Err(e) => vec![e.to_string()],
                }
            }
            _ => self.try_move(line),
        }
    }

    fn after(&mut self, r: Result<Vec<String>, crate::rules::RulesError>) -> Vec<String> {
        match r {
            Ok(mut lines) => {
                lines.push(self.prompt());
                lines
            }
            Err(e) => vec![e.to_string()],
        }
    }

    fn color_word(&self, w: &str) -> Option<Color> {
        let f = fold(w);
        for l in [self.loc, Locale::get("en").ok()?] {
            if fold(l.color_name(Color::White)) == f || f == "white" {
                return Some(Color::White);
            }
            if fold(l.color_name(Color::Black)) == f || f == "black" {
                return Some(Color::Black);
            }
        }
        None
    }

    fn try_move(&mut self, line: &str) -> Vec<String> {
        if self.game.is_over() {
            return vec![self.loc.message("game_over", &[])];
        }
        let pos = self.game.position().clone();
        match hear(&pos, line, self.loc) {
            Heard::Move(m) => self.make(m),
            Heard::Ambiguous(ms) => {
                let list: Vec<String> = ms
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        format!(
                            "{}) {} ({})",
                            i + 1,
                            self.phrase(&pos, *m),
                            san::write(&pos, *m, self.loc)
                        )
                    })
                    .collect();
                let n = ms.len().to_string();
                self.pending = Some(ms);
                vec![
                    self.loc
                        .message("ambiguous", &[("n", &n), ("list", &list.join("; "))]),
                ]
            }
            Heard::NoMatch(reason) => vec![reason.sentence(self.loc)],
        }
    }

    fn phrase(&self, pos: &Chess, m: Move) -> String {
        say_with(pos, m, self.loc, &self.opts)
    }

    pub(crate) fn make(&mut self, m: Move) -> Vec<String> {
        if self.is_adjourned() {
            return vec![
                "The game is adjourned: no move until it is resumed (Guidelines I).".to_string(),
            ];
        }
        let pos = self.game.position().clone();
        let mover = pos.turn();
        let phrase = self.phrase(&pos, m);
        let written = san::write(&pos, m, self.loc);
        match self.game.play(m) {
            Ok(()) => {
                let announced = format!("{phrase} ({written})");
                let mut out = vec![self.loc.game_text(
                    "moved",
                    &[("color", self.loc.color_name(mover)), ("move", &announced)],
                )];
                if let Some(offer) = self.game.draw_offer()
                    && offer == mover
                {
                    out.push(
                        self.loc
                            .game_text("draw_offered", &[("color", self.loc.color_name(mover))]),
                    );
                }
                out.extend(self.boards_after_move());
                out.push(self.prompt());
                out
            }
            Err(e) => vec![e.to_string()],
        }
    }

    fn board(&self, black_view: bool) -> Vec<String> {
        let pos = self.game.position();
        let mut out = Vec::new();
        let ranks: Vec<u32> = if black_view {
            (0..8).collect()
        } else {
            (0..8).rev().collect()
        };
        let files: Vec<u32> = if black_view {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        for r in &ranks {
            let mut line = format!("{} ", r + 1);
            for f in &files {
                let sq = Square::from_coords(File::new(*f), Rank::new(*r));
                line.push(match pos.board().piece_at(sq) {
                    Some(p) => figure(p.color, p.role),
                    None if sq.is_dark() => '·',
                    None => ' ',
                });
            }
            out.push(line.trim_end().to_string());
        }
        let letters: String = files
            .iter()
            .map(|f| self.loc.file_letter(File::new(*f)))
            .collect();
        out.push(format!("  {letters}"));
        out
    }

    fn move_list(&self) -> String {
        let sans = self.game.sans();
        if sans.is_empty() {
            return self.loc.game_text("none_left", &[]);
        }
        let mut out = Vec::new();
        let first_black = self.game.start().turn() == Color::Black;
        let start = self.game.start().fullmoves().get() as usize;
        for (i, m) in self.game.moves().iter().enumerate() {
            let pos = self.game.position_at(i).expect("position before each move");
            let ply = i + usize::from(first_black);
            let written = san::write(pos, *m, self.loc);
            if ply % 2 == 0 {
                out.push(format!("{}. {written}", start + ply / 2));
            } else if i == 0 {
                out.push(format!("{}... {written}", start + ply / 2));
            } else {
                out.push(written);
            }
        }
        out.join(" ")
    }

    fn last_move(&self) -> String {
        let n = self.game.moves().len();
        if n == 0 {
            return self.loc.game_text("none_left", &[]);
        }
        let pos = self
            .game
            .position_at(n - 1)
            .expect("position before the last move");
        let m = self.game.moves()[n - 1];
        let mover = pos.turn();
        let announced = format!("{} ({})", self.phrase(pos, m), san::write(pos, m, self.loc));
        self.loc.game_text(
            "moved",
            &[("color", self.loc.color_name(mover)), ("move", &announced)],
        )
    }

    /// "where are my knights": the squares of every piece of a kind.
    fn where_are(&self, words: &[&str]) -> String {
        let mut color = None;
        let mut role = None;
        for w in words {
            if let Some(c) = self.color_word(w) {
                color = Some(c);
                continue;
            }
            match self.command(w).as_deref() {
                Some("my") => color = Some(self.game.turn()),
                Some("their") => color = Some(!self.game.turn()),
                _ => {
                    if let Some(Meaning::Piece(r)) = self.loc.lexicon().get(&[fold(w)]) {
                        role = Some(r);
                    }
                }
            }
        }
        let Some(role) = role else {
            return "Say which kind of piece, e.g. where my knights.".to_string();
        };
        let pos = self.game.position();
        let mut parts = Vec::new();
        for c in color.map_or(vec![Color::White, Color::Black], |c| vec![c]) {
            let squares: Vec<String> = (pos.board().by_color(c) & pos.board().by_role(role))
                .into_iter()
                .map(|sq| self.loc.square_words(sq))
                .collect();
            let list = if squares.is_empty() {
                self.loc.game_text("none_left", &[])
            } else {
                squares.join(", ")
            };
            let label = format!("{} {}", self.loc.color_name(c), self.loc.piece_word(role));
            parts.push(self.loc.game_text(
                "pieces_on",
                &[("piece", &label), ("list", list.trim_end_matches('.'))],
            ));
        }
        parts.join(" ")
    }

    /// What stands on a rank or a file ("rank 4", "file Eva").
    fn scan(&self, words: &[&str]) -> String {
        let items = words
            .iter()
            .filter_map(|w| match self.loc.lexicon().get(&[fold(w)]) {
                Some(Meaning::File(f)) => Some(Ok(f)),
                Some(Meaning::Rank(r)) => Some(Err(r)),
                _ => {
                    let c = w.chars().next()?;
                    if w.chars().count() != 1 {
                        return None;
                    }
                    if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                        return Some(Err(Rank::new(d - 1)));
                    }
                    self.loc
                        .file_of_letter(c)
                        .or_else(|| File::from_char(c))
                        .map(Ok)
                }
            });
        let Some(line) = items.into_iter().next() else {
            return "Say which rank (1 to 8) or file (Anna to Hector).".to_string();
        };
        let squares: Vec<Square> = match line {
            Ok(f) => (0..8)
                .map(|r| Square::from_coords(f, Rank::new(r)))
                .collect(),
            Err(r) => (0..8)
                .map(|f| Square::from_coords(File::new(f), r))
                .collect(),
        };
        let pos = self.game.position();
        let occupied: Vec<String> = squares
            .iter()
            .filter_map(|sq| {
                pos.board().piece_at(*sq).map(|p| {
                    format!(
                        "{}: {} {}",
                        self.loc.square_words(*sq),
                        self.loc.color_name(p.color),
                        self.loc.piece_word(p.role)
                    )
                })
            })
            .collect();
        if occupied.is_empty() {
            self.loc.game_text("empty", &[])
        } else {
            occupied.join("; ")
        }
    }

    fn offer(&mut self) -> Vec<String> {
        // Art. 9.1.2.1: the offer is made by the player who has just moved.
        let by = if self.game.moves().is_empty() {
            self.game.turn()
        } else {
            !self.game.turn()
        };
        match self.game.offer_draw(by) {
            Ok(()) => vec![
                self.loc
                    .game_text("draw_offered", &[("color", self.loc.color_name(by))]),
            ],
            Err(e) => vec![e.to_string()],
        }
    }

    fn answer(&mut self, accept: bool) -> Vec<String> {
        let Some(offerer) = self.game.draw_offer() else {
            return vec!["There is no draw offer.".to_string()];
        };
        let by = !offerer;
        if accept {
            let r = self.game.accept_draw(by).map(|_| vec![]);
            self.after(r)
        } else {
            match self.game.decline_draw(by) {
                Ok(()) => vec![self.loc.game_text("draw_declined", &[])],
                Err(e) => vec![e.to_string()],
            }
        }
    }

    fn claim(&mut self, words: &[&str]) -> Vec<String> {
        let Some(kind) = words.first() else {
            return vec![
                "Claim what: claim threefold, or claim fifty (optionally with your intended move)."
                    .to_string(),
            ];
        };
        let claim = match fold(kind).as_str() {
            "threefold" | "repetition" | "3" | "wiederholung" => Claim::ThreefoldRepetition,
            "fifty" | "50" => Claim::FiftyMoves,
            other => return vec![format!("Unknown claim '{other}': threefold or fifty.")],
        };
        let intended = if words.len() > 1 {
            match san::read(self.game.position(), &words[1..].join(" "), self.loc) {
                Ok(m) => Some(m),
                Err(e) => return vec![e.to_string()],
            }
        } else {
            None
        };
        let claimant = self.game.turn();
        match self.game.claim_draw(claimant, claim, intended) {
            Ok(ClaimRuling::Drawn) => vec![self.prompt()],
            Ok(ClaimRuling::Incorrect { .. }) => {
                vec![self.loc.game_text("claim_incorrect", &[]), self.prompt()]
            }
            Err(e) => vec![e.to_string()],
        }
    }
}

fn figure(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// `hector play [--locale L] [--form short|long] [--fen F] [--moves M]`
pub fn play(raw: &[String]) -> i32 {
    let mut braille_device = None;
    let mut setup = || -> Result<PlaySession, String> {
        let args = Args::parse(
            raw,
            &["locale", "fen", "moves", "form", "control", "braille"],
            &["pawn-word", "no-capture-word", "no-check-word"],
        )?;
        let loc = locale_from_args(&args)?;
        let opts = say_options(&args)?;
        let mut session = PlaySession::new(game_from_args(&args)?, loc, opts);
        if let Some(tc) = args.get("control") {
            let tc = TimeControl::parse(tc).map_err(|e| e.to_string())?;
            session.attach_clock(PlayClock::wall(tc, loc.code())?);
        }
        braille_device = args.get("braille").map(|d| (d.to_string(), loc));
        Ok(session)
    };
    let mut session = match setup() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    if let Some((device, loc)) = braille_device {
        return super::braille::play_with_display(&mut session, loc, &device);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(
        out,
        "hector — {}. Type help for commands.",
        session.loc.name()
    );
    let _ = writeln!(out, "{}", session.prompt());
    if session.clock.is_some() {
        serve(&mut session, &mut out);
        return 0;
    }
    for line in crate::console::text_lines(std::io::stdin().lock()) {
        for l in session.handle(&line) {
            let _ = writeln!(out, "{l}");
        }
        let _ = out.flush();
        if session.quit {
            break;
        }
    }
    0
}
