//! `hector serve`: one board as a service (see `crate::service`).

use std::net::IpAddr;
use std::path::PathBuf;

use serde_json::{Map, Value, json};

use super::args::Args;
use crate::clock::TimeControl;
use crate::service::{self, Options};

const VALUED: &[&str] = &[
    "port",
    "bind",
    "host",
    "journal",
    "board",
    "event",
    "site",
    "round",
    "white",
    "black",
    "locale",
    "fen",
    "moves",
    "control",
    "blind",
    "assistant-for",
    "form",
    "kills",
    "watchers",
    "seed",
];
const SWITCHES: &[&str] = &["bench"];

/// Usage of `hector serve`.
pub const USAGE: &str = "\
Usage: hector serve [--port P] [--bind ADDR] [--host NAME] [--journal FILE] [--board N]
                    [--event E] [--site S] [--round R] [--white NAME] [--black NAME]
                    [--locale de|en|pl|sr|el] [--fen FEN] [--moves \"e4 e5 …\"] [--control TC]
                    [--blind white|black|both|none] [--assistant-for white|black] [--form short|long]
       hector serve --bench [--kills N] [--watchers N]

Prints `URL <seat> <address>` for white, black, assistant, arbiter and watch, then READY.
Started again on the same --journal it resumes the game (clocks stopped until the arbiter
says \"start clock\"). --port 0 takes any free port; --bind 0.0.0.0 opens it to the hall's
network (give --host with the address the others reach this machine by).
";

/// Runs `hector serve`.
pub fn run(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{USAGE}");
        return 0;
    }
    let a = match Args::parse(args, VALUED, SWITCHES) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return 2;
        }
    };
    if let Some(p) = a.positional().first() {
        eprintln!("hector serve takes no argument '{p}'.\n{USAGE}");
        return 2;
    }
    if a.has("bench") {
        let num = |name: &str, default: usize| -> Result<usize, String> {
            match a.get(name) {
                None => Ok(default),
                Some(v) => v
                    .parse()
                    .map_err(|_| format!("--{name} needs a whole number, not '{v}'.")),
            }
        };
        let (kills, watchers, seed) = match (num("kills", 0), num("watchers", 200), num("seed", 0))
        {
            (Ok(k), Ok(w), Ok(s)) => (k, w, s as u64),
            (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
                eprintln!("{e}");
                return 2;
            }
        };
        return service::bench::run(kills, watchers, seed);
    }
    match options(&a) {
        Ok(opts) => service::run(opts),
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}

fn options(a: &Args) -> Result<Options, String> {
    let port = match a.get("port") {
        None => None,
        Some(p) => Some(
            p.parse::<u16>()
                .map_err(|_| format!("--port needs a port number from 0 to 65535, not '{p}'."))?,
        ),
    };
    let bind: IpAddr = match a.get("bind") {
        None => IpAddr::from([127, 0, 0, 1]),
        Some(b) => b.parse().map_err(|_| {
            format!("--bind needs an IP address such as 127.0.0.1 or 0.0.0.0, not '{b}'.")
        })?,
    };
    let board: u32 = match a.get("board") {
        None => 1,
        Some(b) => b
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("--board needs a board number (1, 2, …), not '{b}'."))?,
    };
    let mut config = Map::new();
    for (flag, key) in [
        ("locale", "locale"),
        ("fen", "fen"),
        ("moves", "moves"),
        ("control", "control"),
        ("blind", "blind"),
        ("assistant-for", "assistant_for"),
        ("form", "form"),
    ] {
        if let Some(v) = a.get(flag) {
            config.insert(key.into(), json!(v));
        }
    }
    if let Some(b) = a.get("blind")
        && !["white", "black", "both", "none"].contains(&b)
    {
        return Err(format!(
            "--blind takes white, black, both or none, not '{b}'."
        ));
    }
    let control = match a.get("control") {
        Some(c) => Some(
            TimeControl::parse(c)
                .map_err(|e| format!("--control: {e}"))?
                .to_string(),
        ),
        None => None,
    };
    let (y, m, d) = today();
    let mut tags = vec![
        (
            "Event".to_string(),
            a.get("event").unwrap_or("?").to_string(),
        ),
        ("Site".to_string(), a.get("site").unwrap_or("?").to_string()),
        ("Date".to_string(), format!("{y:04}.{m:02}.{d:02}")),
        (
            "Round".to_string(),
            a.get("round").unwrap_or("?").to_string(),
        ),
        (
            "White".to_string(),
            a.get("white").unwrap_or("?").to_string(),
        ),
        (
            "Black".to_string(),
            a.get("black").unwrap_or("?").to_string(),
        ),
    ];
    tags.push((
        "TimeControl".to_string(),
        control.unwrap_or_else(|| "-".to_string()),
    ));
    tags.push(("Board".to_string(), board.to_string()));
    let journal = match a.get("journal") {
        Some(j) => PathBuf::from(j),
        None => default_journal(y, m, d, board, a.get("round"))?,
    };
    Ok(Options {
        bind,
        port,
        host: a.get("host").map(str::to_string),
        journal,
        config: Value::Object(config),
        tags,
    })
}

/// `<data dir>/hector/journals/<date>-board-<N>[-round-<R>].sqlite`, the
/// data dir being `$XDG_DATA_HOME` or `~/.local/share`.
fn default_journal(
    y: i64,
    m: u32,
    d: u32,
    board: u32,
    round: Option<&str>,
) -> Result<PathBuf, String> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .ok_or(
            "Neither XDG_DATA_HOME nor HOME is set: give the journal's file with --journal FILE.",
        )?;
    let round: String = round
        .map(|r| {
            r.chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
                .collect()
        })
        .map(|r: String| format!("-round-{r}"))
        .unwrap_or_default();
    Ok(base
        .join("hector")
        .join("journals")
        .join(format!("{y:04}-{m:02}-{d:02}-board-{board}{round}.sqlite")))
}

/// Today's date (UTC) as year, month, day.
fn today() -> (i64, u32, u32) {
    let days = (service::journal::wall_ms() / 86_400_000) as i64;
    civil(days)
}

/// Days since 1970-01-01 → (year, month, day) in the proleptic Gregorian
/// calendar (H. Hinnant's algorithm).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(19_782), (2024, 2, 29));
        assert_eq!(civil(20_780), (2026, 11, 23));
    }

    #[test]
    fn options_make_tags_and_config() {
        let args: Vec<String> = [
            "--control",
            "300+2",
            "--white",
            "Anna",
            "--round",
            "3",
            "--journal",
            "/tmp/x.sqlite",
            "--blind",
            "black",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let a = Args::parse(&args, VALUED, SWITCHES).unwrap();
        let o = options(&a).unwrap();
        assert_eq!(o.config["control"], "300+2");
        assert_eq!(o.config["blind"], "black");
        assert!(o.tags.contains(&("White".into(), "Anna".into())));
        assert!(o.tags.contains(&("TimeControl".into(), "300+2".into())));
        assert_eq!(o.port, None);
        assert_eq!(o.bind.to_string(), "127.0.0.1");
        let bad: Vec<String> = ["--port", "70000"].iter().map(|s| s.to_string()).collect();
        let e = options(&Args::parse(&bad, VALUED, SWITCHES).unwrap()).unwrap_err();
        assert!(e.contains("port number"), "{e}");
    }
}
