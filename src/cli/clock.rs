//! `hector clock`: the standalone talking clock for two players, and
//! `hector clock sim`, which replays timestamped clock events from standard
//! input and prints what the clock shows after each one (as JSON).
//!
//! FIDE Laws 2023, D.2.6.1 (a clock that announces time and moves),
//! Art. 6 (the chess clock).

use std::io::Write;

use shakmaty::Color;
use tokio::sync::mpsc;

use super::args::Args;
use crate::clock::live::{self, Announcement, Command, Query, Speaker, TalkConfig};
use crate::clock::{Clock, ClockError, ClockWords, PeriodChange, Style, TimeControl};

/// The keys of the standalone clock (shown by `hector clock --help`).
pub const KEYS_HELP: &str = "\
Keys (type one and press Enter):
  Enter or space  press the clock (the first press starts White's clock)
  w / b           White / Black presses their button (only counts when their clock runs)
  t               your own time       o   your opponent's time
  m               moves completed     s   both times, moves and turn
  u               time used by both players and moves completed
  p               pause or resume     q   quit
";

/// Prints each announcement on its own line of standard output.
pub struct PrintSpeaker;

impl Speaker for PrintSpeaker {
    fn speak(&mut self, a: &Announcement) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", a.text);
        let _ = out.flush();
    }
}

/// Time controls a sentence about a wrong one shows.
pub(crate) const CONTROL_EXAMPLE: &str = "fide-standard, rapid, blitz, 40/5400+30:1800+30";

fn control_from(a: &Args) -> Result<(TimeControl, PeriodChange), String> {
    let tc = match a.get("control") {
        Some(t) => TimeControl::parse(t).map_err(|_| {
            let value: String = t.chars().take(40).collect();
            crate::front::console::language().game_text(
                "option_control",
                &[("value", &value), ("example", CONTROL_EXAMPLE)],
            )
        })?,
        None => {
            return Err(crate::front::console::language().game_text(
                "option_missing",
                &[("command", "hector clock"), ("option", "--control")],
            ));
        }
    };
    let mode = if a.has("dgt") {
        PeriodChange::DgtAtZero
    } else {
        PeriodChange::OnQuota
    };
    Ok((tc, mode))
}

/// Runs `hector clock …`.
pub fn run(a: &Args) -> i32 {
    match interactive(a, Box::new(PrintSpeaker)) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("hector clock: {e}");
            2
        }
    }
}

/// Parses one `<ms> <event>` line of `hector clock sim`.
pub fn sim_line(clock: &mut Clock, line: &str) -> Result<(), String> {
    let mut parts = line.split_whitespace();
    let (Some(ms), Some(event), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!("expected '<milliseconds> <event>', got '{line}'"));
    };
    let t: u64 = ms
        .parse()
        .map_err(|_| format!("'{ms}' is not a whole number of milliseconds"))?;
    let r: Result<(), ClockError> = match event {
        "start" => clock.start(t),
        "press" => clock.press(t).map(|_| ()),
        "pause" => clock.pause(t),
        "resume" => clock.resume(t),
        "show" => clock.tick(t),
        other => {
            return Err(format!(
                "unknown event '{other}'; use start, press, pause, resume or show"
            ));
        }
    };
    r.map_err(|e| e.to_string())?;
    clock.tick(t).map_err(|e| e.to_string())
}

/// `hector clock sim --control TC`: one JSON object per input line.
pub fn sim(a: &Args) -> i32 {
    let (tc, mode) = match control_from(a) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("hector clock sim: {e}");
            return 2;
        }
    };
    let mut clock = Clock::new(tc, mode);
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut n = 0;
    while let Some(line) =
        crate::front::console::read_line(&mut input, crate::front::console::MAX_LINE)
    {
        n += 1;
        // Like any other bad line, one that is not text stops the replay.
        let line = match line {
            Ok(l) => l,
            Err(bad) => {
                let sentence = bad.sentence(crate::front::console::language());
                eprintln!("hector clock sim: line {n}: {sentence}");
                return 1;
            }
        };
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Err(e) = sim_line(&mut clock, trimmed) {
            eprintln!("hector clock sim: line {n}: {e}");
            return 1;
        }
        let t = trimmed
            .split_whitespace()
            .next()
            .and_then(|m| m.parse().ok())
            .unwrap_or(0);
        let json = serde_json::to_string(&clock.view(t)).unwrap_or_default();
        if writeln!(out, "{json}").is_err() {
            return 1;
        }
    }
    let _ = out.flush();
    0
}

fn talk_config(a: &Args) -> Result<TalkConfig, String> {
    let mut cfg = TalkConfig::default();
    if a.has("warnings") {
        cfg.intervals = TalkConfig::usual_intervals();
    }
    if a.has("rounded") {
        cfg.style = Style::Rounded;
    }
    match a.get("low-time") {
        None => {}
        Some("off") => cfg.low_time_ms = None,
        Some(s) => {
            let secs: u64 = s
                .parse()
                .map_err(|_| format!("--low-time takes seconds or 'off', not '{s}'."))?;
            cfg.low_time_ms = Some(secs * 1000);
        }
    }
    Ok(cfg)
}

/// What a typed line asks the clock to do (`None` for quit).
pub fn key_command(line: &str, player: Color, started: bool) -> Result<Option<Command>, String> {
    let key = line.trim_end_matches(['\r', '\n']);
    let key = if key.trim().is_empty() {
        " "
    } else {
        key.trim()
    };
    let press = |c: Command| if started { c } else { Command::Start };
    Ok(Some(match key.to_lowercase().as_str() {
        " " | "space" => press(Command::Press),
        "w" => press(Command::PressBy(Color::White)),
        "b" => press(Command::PressBy(Color::Black)),
        "t" => Command::Ask(Query::Own(player)),
        "o" => Command::Ask(Query::Opponent(player)),
        "m" => Command::Ask(Query::Moves),
        "s" => Command::Ask(Query::Status),
        "u" => Command::Ask(Query::Used),
        "p" => Command::PauseToggle,
        "q" | "quit" => return Ok(None),
        other => return Err(format!("Unknown key '{other}'. Type h for help.")),
    }))
}

/// The standalone talking clock, saying its announcements through
/// `speaker` (printing them by default; a speech adapter can say them).
pub fn interactive(a: &Args, mut speaker: Box<dyn Speaker>) -> Result<(), String> {
    let (tc, mode) = control_from(a)?;
    let words = ClockWords::get(a.get("locale").unwrap_or("de")).map_err(|e| e.to_string())?;
    let player = match a.get("player").unwrap_or("white") {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        other => return Err(format!("--player is white or black, not '{other}'.")),
    };
    let cfg = talk_config(a)?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the clock's timer: {e}"))?;
    let (cmd_tx, cmd_rx) = mpsc::channel::<Command>(16);
    // Printing keeps up with anything typed; a speech adapter would use a
    // small queue so that stale announcements are dropped.
    let (say_tx, mut say_rx) = mpsc::channel::<Announcement>(64);
    let speaker = std::thread::spawn(move || {
        while let Some(a) = say_rx.blocking_recv() {
            speaker.speak(&a);
        }
    });
    let input = std::thread::spawn(move || {
        let mut started = false;
        for line in crate::front::console::text_lines(std::io::stdin().lock()) {
            if matches!(line.trim(), "h" | "?" | "help") {
                print!("{KEYS_HELP}");
                continue;
            }
            match key_command(&line, player, started) {
                Ok(Some(cmd)) => {
                    if matches!(cmd, Command::Start) {
                        started = true;
                    }
                    if cmd_tx.blocking_send(cmd).is_err() {
                        break;
                    }
                }
                Ok(None) => break,
                Err(e) => eprintln!("{e}"),
            }
        }
        let _ = cmd_tx.blocking_send(Command::Stop);
    });
    println!(
        "hector clock: {} ({}). Type h for help.",
        tc,
        tc.class().name()
    );
    let clock = Clock::new(tc, mode);
    rt.block_on(live::run(clock, words, cfg, cmd_rx, say_tx));
    let _ = input.join();
    let _ = speaker.join();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sim_line_rejects_bad_input_without_changing_state() {
        let mut c = Clock::new(TimeControl::parse("300+2").unwrap(), PeriodChange::OnQuota);
        assert!(sim_line(&mut c, "0 start").is_ok());
        let before = c.view(0);
        for bad in ["x press", "10", "10 jump", "10 press extra", "-5 press"] {
            assert!(sim_line(&mut c, bad).is_err(), "{bad}");
        }
        assert_eq!(c.view(0), before);
        assert!(sim_line(&mut c, "1000 press").is_ok());
        assert!(
            sim_line(&mut c, "500 press")
                .unwrap_err()
                .contains("backwards")
        );
    }

    #[test]
    fn keys_map_to_commands() {
        assert!(matches!(
            key_command("", Color::White, false),
            Ok(Some(Command::Start))
        ));
        assert!(matches!(
            key_command(" ", Color::White, true),
            Ok(Some(Command::Press))
        ));
        assert!(matches!(
            key_command("t", Color::Black, true),
            Ok(Some(Command::Ask(Query::Own(Color::Black))))
        ));
        assert!(matches!(key_command("q", Color::White, true), Ok(None)));
        assert!(key_command("zz", Color::White, true).is_err());
    }
}
