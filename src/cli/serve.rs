//! `hector serve`: one board as a service (see `crate::service`).

use std::net::IpAddr;
use std::path::PathBuf;

use clap::Parser;

use super::session::GameArgs;
use crate::service::{self, Options};

#[derive(Debug, Parser)]
#[command(
    name = "hector serve",
    about = "One board as a service: a crash-proof journal, a page for every seat, the live PGN.",
    long_about = "One board as a service. Prints `URL <seat> <address>` for white, black, assistant, \
arbiter and watch, then READY. Started again on the same --journal it resumes the game: same \
position and clocks, the clocks stopped until the arbiter says \"start clock\". --bind 0.0.0.0 \
opens it to the hall's network (give --host with the address the others reach this machine by)."
)]
struct ServeCli {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    fronts: crate::front::FrontArgs,
    /// Port to listen on; 0 takes any free port. Default: the journal's last port, else any free one.
    #[arg(long)]
    port: Option<u16>,
    /// Address to listen on: 127.0.0.1 (this machine only) or the hall network's, e.g. 0.0.0.0.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Host name or address written in the seats' addresses (default: the --bind address).
    #[arg(long)]
    host: Option<String>,
    /// The journal file (default: <data dir>/hector/journals/[<event>-][round-<R>-]board-<N>.sqlite,
    /// the same file until its game ends, then -2, -3, …).
    #[arg(long)]
    journal: Option<PathBuf>,
    /// The board number in the hall.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    board: u32,
    /// Publish the game to the tournament hall's NATS broker, nats://HOST:PORT (with --tournament).
    #[arg(long, value_name = "URL", requires = "tournament")]
    hall: Option<String>,
    /// The tournament's name in the hall (letters, digits, - and _).
    #[arg(long, requires = "hall")]
    tournament: Option<String>,
    /// The hall's key, as `hector hall` printed it after KEY (default: $HECTOR_HALL_KEY).
    /// Without it the board plays and journals, but the hall does not trust it.
    #[arg(long, value_name = "KEY", requires = "hall")]
    hall_key: Option<String>,
    /// A file holding the hall's key (default: $HECTOR_HALL_KEY_FILE): unlike --hall-key, not
    /// readable by every user of the machine in the process list.
    #[arg(
        long,
        value_name = "FILE",
        requires = "hall",
        conflicts_with = "hall_key"
    )]
    hall_key_file: Option<PathBuf>,
}

/// Runs `hector serve`.
pub fn run(raw: &[String]) -> i32 {
    let cli = match crate::cli::sub_options::<ServeCli>("hector serve", raw) {
        Ok(c) => c,
        Err(code) => return code,
    };
    match options(&cli) {
        Ok(opts) => {
            let fronts = cli.fronts.clone();
            service::run(opts, move |app| {
                Ok(crate::front::served::start(&fronts, app)?
                    .map(|local| Box::new(move || local.stop()) as service::StopLocal))
            })
        }
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}

fn options(cli: &ServeCli) -> Result<Options, String> {
    let config = cli.game.config()?;
    // The session checks everything else (FEN, moves, time control).
    crate::session::Session::new(&config).map_err(|e| e.to_string())?;
    let (y, m, d) = today();
    let tag = |v: &Option<String>| v.clone().unwrap_or_else(|| "?".to_string());
    let tags = vec![
        ("Event".to_string(), tag(&config.event)),
        ("Site".to_string(), tag(&config.site)),
        (
            "Date".to_string(),
            config
                .date
                .clone()
                .unwrap_or_else(|| format!("{y:04}.{m:02}.{d:02}")),
        ),
        ("Round".to_string(), tag(&config.round)),
        ("White".to_string(), tag(&config.white)),
        ("Black".to_string(), tag(&config.black)),
        ("Board".to_string(), cli.board.to_string()),
    ];
    let journal = match &cli.journal {
        Some(j) => j.clone(),
        None => default_journal(
            &data_dir()?,
            cli.board,
            config.event.as_deref(),
            config.round.as_deref(),
            (y, m, d),
        ),
    };
    let hall = match (&cli.hall, &cli.tournament) {
        (Some(url), Some(t)) => {
            let key = crate::hall::key::from_option_or_env(
                cli.hall_key.as_deref(),
                cli.hall_key_file.as_deref(),
            )?;
            if key.is_none() {
                let code = config_locale(&config);
                let words = crate::locale::session::SessionWords::get(&code)
                    .or_else(|_| crate::locale::session::SessionWords::get("en"));
                if let Ok(words) = words {
                    eprintln!("{}", words.text("hall_untrusted", &[]));
                }
            }
            Some(service::publish::Hall {
                url: crate::hall::message::broker_url(url)?,
                tournament: crate::hall::message::Tournament::parse(t)?,
                key,
            })
        }
        _ => None,
    };
    Ok(Options {
        board: cli.board,
        hall,
        bind: cli.bind,
        port: cli.port,
        host: cli.host.clone(),
        journal,
        config: serde_json::to_value(&config).map_err(|e| e.to_string())?,
        tags,
    })
}

/// The game's language code from its options (English if none).
fn config_locale(config: &impl serde::Serialize) -> String {
    serde_json::to_value(config)
        .ok()
        .and_then(|v| v.get("locale").and_then(|l| l.as_str()).map(str::to_string))
        .unwrap_or_else(|| "en".to_string())
}

/// The data dir: `$XDG_DATA_HOME` or `~/.local/share`.
fn data_dir() -> Result<PathBuf, String> {
    std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .ok_or_else(|| {
            "Neither XDG_DATA_HOME nor HOME is set: give the journal's file with --journal FILE."
                .to_string()
        })
}

/// A name's letters and digits, anything else one `-`.
fn file_part(s: &str) -> String {
    let mut out = String::new();
    for c in s.trim().chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').chars().take(60).collect()
}

/// The name of a board's default journal, without a date:
/// `[<event>-][round-<R>-]board-<N>`. The same `hector serve` command
/// names the same file on any day (an adjourned game resumes another
/// day; a crash just after midnight resumes the game).
pub(super) fn journal_name(board: u32, event: Option<&str>, round: Option<&str>) -> String {
    let mut name = String::new();
    for (prefix, part) in [("", event), ("round-", round)] {
        let part = part.map(file_part).unwrap_or_default();
        if !part.is_empty() && part != "?" {
            name.push_str(prefix);
            name.push_str(&part);
            name.push('-');
        }
    }
    format!("{name}board-{board}")
}

/// `<data>/hector/journals/<name>.sqlite` ([`journal_name`]): the same file
/// until its game ends; then the first of `<name>-2`, `<name>-3`, … that
/// holds no finished game (the same command again starts the next game).
/// A journal hector 0.1 named by the date (`<date>-board-<N>[-round-<R>]`)
/// of `today` whose game goes on is taken first.
fn default_journal(
    data: &std::path::Path,
    board: u32,
    event: Option<&str>,
    round: Option<&str>,
    today: (i64, u32, u32),
) -> PathBuf {
    let dir = data.join("hector").join("journals");
    let (y, m, d) = today;
    let legacy_round = round
        .map(|r| {
            r.chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
                .collect::<String>()
        })
        .map(|r| format!("-round-{r}"))
        .unwrap_or_default();
    let legacy = dir.join(format!(
        "{y:04}-{m:02}-{d:02}-board-{board}{legacy_round}.sqlite"
    ));
    if legacy.exists() && !game_over(&legacy) {
        return legacy;
    }
    let name = journal_name(board, event, round);
    let mut path = dir.join(format!("{name}.sqlite"));
    for n in 2..1000 {
        if !game_over(&path) {
            break;
        }
        path = dir.join(format!("{name}-{n}.sqlite"));
    }
    path
}

/// Whether the journal at `path` holds a game that has ended (a result).
/// A journal that is missing, cannot be read or is damaged is not over:
/// it is opened, and refused there with its sentence.
fn game_over(path: &std::path::Path) -> bool {
    if !path.exists() {
        return false;
    }
    let over = || -> Option<bool> {
        let journal = service::journal::Journal::open_read_only(path).ok()?;
        let stored = journal.stored().ok()??;
        let (game, rows) = service::board::replay(&journal, &stored.config).ok()?;
        let t = rows.last().map(|r| r.t).unwrap_or(0);
        let status = game.status(t);
        Some(
            status
                .get("result")
                .and_then(serde_json::Value::as_str)
                .is_some_and(|r| r != "*"),
        )
    };
    over().unwrap_or(false)
}

/// Today's date (UTC) as year, month, day.
fn today() -> (i64, u32, u32) {
    let days = (service::journal::wall_ms() / 86_400_000) as i64;
    civil(days)
}

/// Days since 1970-01-01 → (year, month, day) in the proleptic Gregorian
/// calendar (H. Hinnant's algorithm).
pub(super) fn civil(days: i64) -> (i64, u32, u32) {
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
    fn the_default_journal_is_named_by_event_round_and_board_never_by_the_date() {
        assert_eq!(
            journal_name(7, Some("Open A 2026"), Some("3")),
            "Open-A-2026-round-3-board-7"
        );
        assert_eq!(journal_name(7, None, None), "board-7");
        assert_eq!(journal_name(2, Some("?"), Some("2.1")), "round-2-1-board-2");
        assert_eq!(journal_name(1, Some("../x"), None), "x-board-1");
        let dir =
            std::env::temp_dir().join(format!("hector-default-journal-{}", std::process::id()));
        let before = default_journal(&dir, 7, Some("Open"), Some("3"), (2026, 11, 28));
        let after = default_journal(&dir, 7, Some("Open"), Some("3"), (2026, 11, 29));
        assert_eq!(before, after, "the same file after midnight");
        assert_eq!(
            before,
            dir.join("hector/journals/Open-round-3-board-7.sqlite")
        );
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(19_782), (2024, 2, 29));
        assert_eq!(civil(20_780), (2026, 11, 23));
    }

    #[test]
    fn options_make_tags_and_config() {
        let parse = |args: &[&str]| {
            ServeCli::try_parse_from(std::iter::once("hector serve").chain(args.iter().copied()))
        };
        let cli = parse(&[
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
            "--locale",
            "en",
        ])
        .unwrap();
        let o = options(&cli).unwrap();
        assert_eq!(o.config["control"], "300+2");
        assert_eq!(o.config["blind"], "black");
        assert_eq!(o.config["locale"], "en");
        assert!(o.tags.contains(&("White".into(), "Anna".into())));
        assert_eq!(o.port, None);
        assert_eq!(o.bind.to_string(), "127.0.0.1");
        assert!(parse(&["--port", "70000"]).is_err());
        assert!(parse(&["--bind", "hall"]).is_err());
        let bad = parse(&["--control", "300+x"]).unwrap();
        assert!(options(&bad).is_err());
        assert!(
            parse(&["--hall", "nats://127.0.0.1:4222"]).is_err(),
            "--hall needs --tournament"
        );
        let hall = parse(&[
            "--hall",
            "nats://127.0.0.1:4222",
            "--tournament",
            "open-2026",
        ])
        .unwrap();
        assert_eq!(
            options(&hall).unwrap().hall.unwrap().tournament.as_str(),
            "open-2026"
        );
        let bad = parse(&["--hall", "127.0.0.1:4222", "--tournament", "open"]).unwrap();
        assert!(options(&bad).unwrap_err().contains("nats://"));
    }
}
