//! The sighted player's DGT e-board in `hector play`: a move he makes on it
//! is his move (made and, unless `--separate-press`, his clock pressed,
//! D.2.5); the blind player's moves he repeats on it are checked; a
//! position no legal move reaches is reported as what his board shows, so
//! the session compares the boards and gives square-by-square guidance
//! (D.2.9). When the board cannot be reached, or comes back, the people at
//! the board are told in their language (the sighted player would otherwise
//! move on a board nobody reads).

use std::sync::mpsc::{self, Sender};

use shakmaty::{EnPassantMode, Position, fen::Fen};

use super::{CommandText, Front, Input};
use crate::eboard::{WatchEvent, Watcher};
use crate::session::{Device, DeviceNote, Event, Seat, Session};

pub(super) struct EboardFront {
    seat: Seat,
    /// The game's position, for the watching thread after each change.
    game: Sender<shakmaty::Chess>,
    /// The number of moves last sent on `game`.
    sent: Option<usize>,
}

/// The board went away or came back.
fn note(seat: Seat, reachable: bool, why: Option<String>) -> Input {
    Input::Device(DeviceNote {
        device: Device::Eboard,
        seat,
        reachable,
        why,
    })
}

impl EboardFront {
    /// Follows the board at `dgt:PATH` on its own thread.
    pub(super) fn open(
        device: &str,
        seat: Seat,
        session: &Session,
        tx: Sender<Input>,
    ) -> Result<EboardFront, String> {
        let path = device
            .strip_prefix("dgt:")
            .filter(|p| !p.is_empty())
            .ok_or_else(|| crate::eboard::EboardError::BadDevice(device.to_string()).to_string())?
            .to_string();
        let start = session.game().position().clone();
        let (game_tx, game_rx) = mpsc::channel::<shakmaty::Chess>();
        std::thread::spawn(move || {
            let mut w = Watcher::new(&path, start);
            // Told that the board was gone: its return is told too.
            let mut gone = false;
            loop {
                // The game moved on (moves entered at the terminal, or
                // while the board was away): a board that shows the game's
                // position is followed from there.
                if let Some(pos) = game_rx.try_iter().last() {
                    w.resync(&pos);
                }
                for ev in w.step() {
                    let sent = match ev {
                        WatchEvent::Disconnected(_) if gone => Ok(()),
                        WatchEvent::Disconnected(why) => {
                            gone = true;
                            tx.send(note(seat, false, Some(why)))
                        }
                        WatchEvent::Connected if gone => {
                            gone = false;
                            tx.send(note(seat, true, None))
                        }
                        WatchEvent::Connected => Ok(()),
                        ev => tx.send(Input::Board(ev)),
                    };
                    if sent.is_err() {
                        return;
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        });
        Ok(EboardFront {
            seat,
            game: game_tx,
            sent: None,
        })
    }
}

impl Front for EboardFront {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn wants(&self, input: &Input) -> bool {
        matches!(input, Input::Board(_))
    }

    /// The e-board shows nothing: its player reads the terminal.
    fn echoed(&self) -> bool {
        true
    }

    fn show(&mut self, session: &Session, _lines: &[(Event, String)]) {
        let n = session.game().moves().len();
        if self.sent != Some(n) {
            self.sent = Some(n);
            let _ = self.game.send(session.game().position().clone());
        }
    }

    fn input(&mut self, session: &Session, input: Input) -> Vec<(Seat, CommandText)> {
        let Input::Board(ev) = input else {
            return Vec::new();
        };
        let game = session.game();
        let shows = |fen: String| vec![(self.seat, CommandText::Text(format!("shows {fen}")))];
        match ev {
            WatchEvent::Move { before, mv } => {
                let uci = mv.to_uci(game.castling_mode()).to_string();
                // His own move, on his turn, from the game's position.
                if *before == *game.position() && Some(game.turn()) == self.seat.color() {
                    return vec![(self.seat, CommandText::Text(uci))];
                }
                // The blind player's move repeated on his board (D.2.1):
                // fine when it is a move of the game.
                let n = game.moves().len();
                let seen = (0..n).any(|i| {
                    game.position_at(i).is_some_and(|p| *p == *before) && game.moves()[i] == mv
                });
                if seen {
                    return Vec::new();
                }
                let mut after = (*before).clone();
                after.play_unchecked(mv);
                shows(Fen::from_position(&after, EnPassantMode::Legal).to_string())
            }
            WatchEvent::Difference(board) => shows(board.to_string()),
            WatchEvent::Restored => {
                shows(Fen::from_position(game.position(), EnPassantMode::Legal).to_string())
            }
            // Told as notes by the watching thread.
            WatchEvent::Connected | WatchEvent::Disconnected(_) => Vec::new(),
        }
    }
}
