//! `hector session` command lines (the JSON serve's API and the hall carry):
//! any lines, for games in every locale, with and without a clock. A line
//! that is not a command is refused with a sentence; a refused command
//! leaves the game (position, moves, result, pending move, adjournment) as
//! it was; every event renders to JSON with a sentence.
#![no_main]

use hector::session::{Blind, Command, Config, Kind, Renderer, Session};
use libfuzzer_sys::fuzz_target;

/// The game, without the clock (a refused command still lets time pass).
fn game(s: &Session, t: u64) -> serde_json::Value {
    let mut v = serde_json::to_value(s.status(t)).expect("a status is JSON");
    if let Some(o) = v.as_object_mut() {
        o.remove("clock");
    }
    v
}

fuzz_target!(|data: &[u8]| {
    let Some((&c, rest)) = data.split_first() else {
        return;
    };
    let config = Config {
        locale: ["de", "en", "pl", "sr", "el"][c as usize % 5].into(),
        control: [
            None,
            Some("300+2".to_string()),
            Some("40/5400+30:1800+30".into()),
        ][(c as usize / 5) % 3]
            .clone(),
        blind: [Blind::White, Blind::Black, Blind::Both, Blind::None][(c as usize / 15) % 4],
        ..Config::default()
    };
    let Ok(mut session) = Session::new(&config) else {
        return;
    };
    let render = Renderer::for_session(&session);
    let text = String::from_utf8_lossy(rest);
    for line in text.lines().take(64) {
        let cmd = match Command::from_json_line(line) {
            Ok(cmd) => cmd,
            Err(why) => {
                assert!(!why.is_empty(), "{line:?} refused without a reason");
                continue;
            }
        };
        let before = game(&session, session.last_t());
        let events = session.apply(&cmd);
        for e in &events {
            let v = render.line(e);
            assert!(
                v.get("text")
                    .and_then(|t| t.as_str())
                    .is_some_and(|t| !t.is_empty()),
                "{line:?}: an event without a sentence: {v}"
            );
        }
        if !events.is_empty()
            && events
                .iter()
                .all(|e| matches!(e.kind, Kind::Refused { .. }))
        {
            assert_eq!(
                game(&session, session.last_t()),
                before,
                "{line:?} was refused but changed the game"
            );
        }
    }
});
