//! Questions at the board (FIDE Laws 2023, D.2.6.1, D.2.10.4): the time
//! and moves of both players on request, the last move, what was said
//! last, where the pieces stand, a rank or file, the board, the moves and
//! the scoresheets. Answers go to the asker only.

use super::render::STANDARD_FEN;
use shakmaty::{Color, File, Position, Rank, Role, Square};

use super::request::{TimeQuery, Whose};
use super::{
    Detail, Event, Kind, LastMove, LineDetail, ListDetail, PieceOn, PiecesOf, Query, Refusal, Seat,
    Session, SheetDetail, Side, To, WhereDetail, one, san_en,
};
use crate::boards::Side as BoardSide;

impl Session {
    /// The colour a seat asks about as "my": a player himself, the
    /// assistant the player he serves (D.2.10.4).
    pub(super) fn own_color(&self, from: Seat) -> Option<Color> {
        match from {
            Seat::White => Some(Color::White),
            Seat::Black => Some(Color::Black),
            Seat::Assistant => Some(match self.cfg.assistant_for {
                Some(s) => s.into(),
                None => match self.cfg.blind {
                    super::Blind::Black => Color::Black,
                    _ => Color::White,
                },
            }),
            Seat::Arbiter => None,
            // D.2.10: each blind player's own assistant.
            Seat::AssistantWhite => Some(Color::White),
            Seat::AssistantBlack => Some(Color::Black),
        }
    }

    pub(super) fn answer(&self, t: u64, from: Seat, query: Query) -> Kind {
        let _ = (t, from);
        Kind::Answer {
            query,
            player: None,
            ms: None,
            count: None,
            detail: None,
        }
    }

    /// `help`: the blind player hears his commands; the sighted player, an
    /// assistant and the arbiter each hear their own.
    pub(super) fn help_answer(&self, from: Seat) -> Kind {
        let whose = match from {
            Seat::Arbiter => Some("arbiter"),
            s if s.is_assistant() => Some("assistant"),
            s => s.color().filter(|c| !self.is_blind(*c)).map(|_| "opponent"),
        };
        Kind::Answer {
            query: Query::Help,
            player: None,
            ms: None,
            count: None,
            detail: whose.map(|w| {
                Detail::Help(super::HelpDetail {
                    help_for: w.to_string(),
                })
            }),
        }
    }

    /// The FEN of the position the game started from.
    pub fn start_fen(&self) -> String {
        shakmaty::fen::Fen::from_position(self.game.start(), shakmaty::EnPassantMode::Legal)
            .to_string()
    }

    pub(super) fn moves_completed(&self, c: Color) -> u32 {
        let first = self.game.start().turn();
        let plies = self.game.moves().len();
        let n = if c == first {
            plies.div_ceil(2)
        } else {
            plies / 2
        };
        n as u32
    }

    /// D.2.6.1, D.2.10.4: times on request; "my time" is the asker's.
    pub(super) fn time_answer(&mut self, t: u64, from: Seat, q: TimeQuery) -> Vec<Event> {
        let Some(clock) = self.clock.as_ref() else {
            return self.refuse(t, from, Refusal::NoClock);
        };
        let own = self.own_color(from);
        let (query, players): (Query, Vec<Color>) = match (q, own) {
            (TimeQuery::Mine, Some(c)) => (Query::MyTime, vec![c]),
            (TimeQuery::Opponent, Some(c)) => (Query::OpponentTime, vec![!c]),
            (TimeQuery::Used, _) => (Query::TimeUsed, vec![Color::White, Color::Black]),
            _ => (Query::Time, vec![Color::White, Color::Black]),
        };
        players
            .into_iter()
            .map(|c| Event {
                t,
                to: vec![To::Seat(from)],
                kind: Kind::Answer {
                    query,
                    player: Some(c.into()),
                    ms: Some(if query == Query::TimeUsed {
                        clock.used(c, t)
                    } else {
                        clock.remaining(c, t)
                    }),
                    count: (query == Query::TimeUsed).then(|| clock.moves(c)),
                    detail: None,
                },
            })
            .collect()
    }

    /// D.2.10.4: the moves completed by each player.
    pub(super) fn moves_answer(&self, t: u64, from: Seat) -> Vec<Event> {
        [Color::White, Color::Black]
            .into_iter()
            .map(|c| Event {
                t,
                to: vec![To::Seat(from)],
                kind: Kind::Answer {
                    query: Query::Moves,
                    player: Some(c.into()),
                    ms: None,
                    count: Some(match &self.clock {
                        Some(k) => k.moves(c),
                        None => self.moves_completed(c),
                    }),
                    detail: None,
                },
            })
            .collect()
    }

    /// The last move made, by whom.
    pub(super) fn last_answer(&self, t: u64, from: Seat) -> Vec<Event> {
        let n = self.game.moves().len();
        let detail = (n > 0).then(|| {
            let pos = self.game.position_at(n - 1).cloned().unwrap_or_default();
            let m = self.game.moves()[n - 1];
            Detail::Last(LastMove {
                by: Side::from(pos.turn()),
                fen_before: shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal)
                    .to_string(),
                ply: n,
                san: san_en(&pos, m),
                uci: self.uci(m),
            })
        });
        one(t, vec![To::Seat(from)], detail_answer(Query::Last, detail))
    }

    /// The last sentence said to this seat, again.
    pub(super) fn repeat(&self, t: u64, from: Seat) -> Vec<Event> {
        let kind = match self.last_said.get(&from) {
            Some(k) => Kind::Repeat {
                of: Box::new(k.clone()),
            },
            None => self.answer(t, from, Query::Help),
        };
        one(t, vec![To::Seat(from)], kind)
    }

    /// The board, the moves, the position or the game: a description for
    /// the asker.
    pub(super) fn describe(&self, t: u64, from: Seat, query: Query) -> Vec<Event> {
        let fen = || {
            Some(Detail::Fen(super::FenDetail {
                fen: self.game.fen(),
            }))
        };
        let detail = match query {
            Query::Board | Query::Fen => fen(),
            Query::List => Some(Detail::List(ListDetail {
                moves: self.game.sans().to_vec(),
                start: self.start_fen(),
            })),
            _ => None,
        };
        one(t, vec![To::Seat(from)], detail_answer(query, detail))
    }

    /// The game as PGN, for the asker.
    pub(super) fn pgn_answer(&self, t: u64, from: Seat) -> Vec<Event> {
        let detail = Detail::Pgn(super::PgnDetail { pgn: self.pgn(&[]) });
        one(
            t,
            vec![To::Seat(from)],
            detail_answer(Query::List, Some(detail)),
        )
    }

    /// D.2.7: a scoresheet, the asker's own board's unless he names one.
    pub(super) fn sheet_answer(&self, t: u64, from: Seat, side: Option<BoardSide>) -> Vec<Event> {
        let side = side.unwrap_or_else(|| {
            self.own_color(from)
                .map_or(BoardSide::Blind, |c| self.board_of(c))
        });
        let detail = Detail::Sheet(SheetDetail {
            board: side.name().to_string(),
            entries: self.boards.sheet(side).entries().to_vec(),
            offers: self.draw_marks.clone(),
            start: Some(self.start_fen()).filter(|f| *f != STANDARD_FEN),
        });
        one(
            t,
            vec![To::Seat(from)],
            detail_answer(Query::Sheet, Some(detail)),
        )
    }

    /// "where are my knights": the squares of every piece of a kind.
    pub(super) fn where_are(
        &self,
        t: u64,
        from: Seat,
        role: Role,
        whose: Option<Whose>,
    ) -> Vec<Event> {
        let asker = self.own_color(from);
        let one_side = match whose {
            Some(Whose::Color(c)) => Some(c),
            Some(Whose::Mine) => asker,
            Some(Whose::Theirs) => asker.map(|c| !c),
            None => None,
        };
        let colors = match one_side {
            Some(c) => vec![c],
            None => vec![Color::White, Color::Black],
        };
        let board = self.position().board();
        let pieces: Vec<PiecesOf> = colors
            .iter()
            .map(|c| PiecesOf {
                piece: super::role_name(role).to_string(),
                player: Side::from(*c),
                squares: (board.by_color(*c) & board.by_role(role))
                    .into_iter()
                    .map(|sq| sq.to_string())
                    .collect(),
            })
            .collect();
        one(
            t,
            vec![To::Seat(from)],
            detail_answer(Query::Where, Some(Detail::Where(WhereDetail { pieces }))),
        )
    }

    /// What stands on a file (Ok) or a rank (Err): "file Eva", "rank 4".
    pub(super) fn scan(&self, t: u64, from: Seat, line: Result<File, Rank>) -> Vec<Event> {
        let squares: Vec<Square> = match line {
            Ok(f) => (0..8)
                .map(|r| Square::from_coords(f, Rank::new(r)))
                .collect(),
            Err(r) => (0..8)
                .map(|f| Square::from_coords(File::new(f), r))
                .collect(),
        };
        let board = self.position().board();
        let pieces: Vec<PieceOn> = squares
            .iter()
            .filter_map(|sq| {
                board.piece_at(*sq).map(|p| PieceOn {
                    piece: super::role_name(p.role).to_string(),
                    player: Side::from(p.color),
                    square: sq.to_string(),
                })
            })
            .collect();
        let (query, which) = match line {
            Ok(f) => (Query::File, f.char().to_string()),
            Err(r) => (Query::Rank, r.char().to_string()),
        };
        one(
            t,
            vec![To::Seat(from)],
            detail_answer(
                query,
                Some(Detail::Line(LineDetail {
                    line: which,
                    pieces,
                })),
            ),
        )
    }
}

fn detail_answer(query: Query, detail: Option<Detail>) -> Kind {
    Kind::Answer {
        query,
        player: None,
        ms: None,
        count: None,
        detail,
    }
}
