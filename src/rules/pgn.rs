//! PGN import (pgn-reader) and export: the seven tag roster, SetUp/FEN for
//! other start positions, Variant for Chess960, comments kept, result.

use std::ops::ControlFlow;

use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Color, KnownOutcome, Position};

use super::{Game, GameResult, RulesError, Termination, position_from_fen};

/// One game read from PGN.
#[derive(Debug)]
pub struct PgnGame {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    pub game: Game,
    /// The result written in the movetext or the Result tag (`1-0`, `0-1`,
    /// `1/2-1/2` or `*`).
    pub result: String,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

struct Collector;

struct Movetext {
    tags: Vec<(String, String)>,
    game: Result<Game, RulesError>,
    outcome: Option<Outcome>,
    ply: usize,
}

impl Visitor for Collector {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Result<PgnGame, RulesError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let find = |n: &str| {
            tags.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(n))
                .map(|(_, v)| v.clone())
        };
        let chess960 = find("Variant").is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("960") || v.contains("fischer")
        });
        let game = match find("FEN") {
            Some(fen) => position_from_fen(&fen).map(|(pos, mode)| {
                let mode = if chess960 {
                    CastlingMode::Chess960
                } else {
                    mode
                };
                Game::with_mode(pos, mode)
            }),
            None => Ok(Game::default()),
        };
        ControlFlow::Continue(Movetext {
            tags,
            game,
            outcome: None,
            ply: 0,
        })
    }

    fn san(&mut self, mt: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if let Ok(game) = mt.game.as_mut() {
            let ply = mt.ply + 1;
            let number = ply.div_ceil(2);
            let dots = if ply % 2 == 1 { "." } else { "..." };
            let r = match san_plus.san.to_move(game.position()) {
                _ if game.is_over() => Err(RulesError::GameOver(
                    game.result()
                        .map(|r| r.termination.name().to_string())
                        .unwrap_or_default(),
                )),
                Ok(m) => game.play(m),
                Err(_) => Err(RulesError::PgnIllegal {
                    number,
                    dots,
                    san: san_plus.to_string(),
                    ply,
                }),
            };
            match r {
                Ok(()) => mt.ply = ply,
                Err(RulesError::GameOver(why)) => {
                    mt.game = Err(RulesError::PgnAfterEnd {
                        number,
                        dots,
                        san: san_plus.to_string(),
                        why,
                    })
                }
                Err(e) => mt.game = Err(e),
            }
        }
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        mt: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        if let Ok(game) = mt.game.as_mut() {
            let text = String::from_utf8_lossy(comment.as_bytes())
                .trim()
                .to_string();
            if !text.is_empty() {
                game.set_comment(mt.ply, &text);
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, mt: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        mt.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mt: Self::Movetext) -> Self::Output {
        let mut game = mt.game?;
        let tag_result = mt
            .tags
            .iter()
            .find(|(k, _)| k == "Result")
            .map(|(_, v)| v.clone());
        let result = match mt.outcome {
            Some(o) => o.to_string(),
            None => tag_result.unwrap_or_else(|| "*".to_string()),
        };
        if !game.is_over()
            && let Ok(known) = result.parse::<KnownOutcome>()
        {
            // A result decided off the board (resignation, agreement, time):
            // keep it as the players or the arbiter recorded it.
            let termination = match known {
                KnownOutcome::Draw => Termination::DrawAgreed,
                KnownOutcome::Decisive { winner } => Termination::Resignation(!winner),
            };
            game.set_result(GameResult {
                outcome: known,
                termination,
            });
        }
        Ok(PgnGame {
            tags: mt.tags,
            game,
            result,
        })
    }
}

/// What [`read_pgn`] says about a text that holds no game.
pub const NO_GAME: &str = "no game found.";

/// Reads every game of a PGN text. A game with an illegal move or a broken
/// FEN is an error naming the move.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, RulesError> {
    let mut reader = Reader::new(text.as_bytes());
    let mut out = Vec::new();
    let mut visitor = Collector;
    loop {
        match reader.read_game(&mut visitor) {
            // Text with neither tags nor moves nor a result (any text that
            // is not PGN) is no game.
            Ok(Some(Ok(g)))
                if g.tags.is_empty() && g.game.moves().is_empty() && g.result == "*" => {}
            Ok(Some(game)) => out.push(game?),
            Ok(None) => break,
            Err(e) => {
                return Err(RulesError::PgnText(e.to_string()));
            }
        }
    }
    if out.is_empty() {
        return Err(RulesError::Pgn(NO_GAME.to_string()));
    }
    Ok(out)
}

/// The seven tag roster (PGN standard 8.1.1), in order.
pub const SEVEN_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Writes a game as PGN: the seven tag roster first (missing ones as `?`,
/// the date as `????.??.??`), then the other tags, SetUp/FEN when the game
/// did not start from the standard position, comments, and the result.
pub fn write_pgn(game: &Game, tags: &[(String, String)]) -> String {
    let result = game
        .result()
        .map(|r| r.outcome.to_string())
        .unwrap_or_else(|| "*".to_string());
    write_pgn_with_result(game, tags, &result)
}

/// [`write_pgn`] with the result given (`1-0`, `0-1`, `1/2-1/2`, `*`):
/// for a score the arbiter gave that PGN has no result for (FIDE Laws
/// 12.2: adjusted scores).
pub fn write_pgn_with_result(game: &Game, tags: &[(String, String)], result: &str) -> String {
    let result = result.to_string();
    let get = |n: &str| tags.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_str());
    let mut out = String::new();
    for name in SEVEN_TAGS {
        let value = match name {
            "Result" => result.clone(),
            "Date" => get(name).unwrap_or("????.??.??").to_string(),
            _ => get(name).unwrap_or("?").to_string(),
        };
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    let start_fen =
        shakmaty::fen::Fen::from_position(game.start(), shakmaty::EnPassantMode::Legal).to_string();
    let standard = game.start() == &shakmaty::Chess::default()
        && game.castling_mode() == CastlingMode::Standard;
    for (k, v) in tags {
        if SEVEN_TAGS.contains(&k.as_str())
            // The reader takes these in any case ("FEn"): a second one
            // would be read instead of the one written below.
            || ["SetUp", "FEN", "Variant"]
                .iter()
                .any(|n| n.eq_ignore_ascii_case(k))
            || !tag_name_ok(k)
        {
            continue;
        }
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    if game.castling_mode() == CastlingMode::Chess960 {
        out.push_str("[Variant \"Chess960\"]\n");
    }
    if !standard {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{start_fen}\"]\n"));
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    if let Some(c) = game.comment(0) {
        // On one line: a comment line starting with `[` would read
        // back as a tag of a new game.
        let one_line: String = c.split_whitespace().collect::<Vec<_>>().join(" ");
        tokens.push(format!("{{{}}}", one_line.replace('}', ")")));
    }
    let first_black = game.start().turn() == Color::Black;
    let start_number = game.start().fullmoves().get() as usize;
    let mut need_number = true;
    for (i, san) in game.sans().iter().enumerate() {
        let ply = i + if first_black { 1 } else { 0 };
        let number = start_number + ply / 2;
        if ply % 2 == 0 {
            tokens.push(format!("{number}."));
        } else if need_number {
            tokens.push(format!("{number}..."));
        }
        tokens.push(san.clone());
        need_number = false;
        if let Some(c) = game.comment(i + 1) {
            // On one line: a comment line starting with `[` would read
            // back as a tag of a new game.
            let one_line: String = c.split_whitespace().collect::<Vec<_>>().join(" ");
            tokens.push(format!("{{{}}}", one_line.replace('}', ")")));
            need_number = true;
        }
    }
    tokens.push(result);
    // Lines of at most 79 characters (PGN standard 8.2.2.2).
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A tag value as PGN writes it: on one line (control characters become
/// spaces), with backslashes and quotes escaped.
fn escape(v: &str) -> String {
    v.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// PGN tag names are letters, digits and underscores (PGN standard 8.1.1);
/// a tag with any other name is left out rather than written unreadable.
fn tag_name_ok(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}
