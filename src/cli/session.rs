//! `hector session`: the session over JSON lines — one command per input
//! line, one event per output line, flushed per line. The same input always
//! gives the same output. Also the options every front end of a game shares
//! (`play`, `session`, `serve`): [`GameArgs`].

use std::io::{BufRead, Write};

use clap::Parser;

use crate::front::console::BadLine;

use crate::session::{
    Alerts, Blind, Command, Config, Event, Kind, Refusal, Renderer, Session, Side, To,
};

/// The options of a game, shared by `play`, `session` and `serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct GameArgs {
    /// Language of words and sentences: de (the FIDE words), en, pl, sr, el.
    #[arg(long, default_value = "de")]
    pub locale: String,
    /// A seat's own language, SEAT=CODE (black=pl): its sentences also in that language, its page in it. Repeatable.
    #[arg(long = "seat-locale", value_name = "SEAT=CODE")]
    pub seat_locale: Vec<String>,
    /// Start position as FEN.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves already played, in any notation hector reads ("e4 e5 Nf3").
    #[arg(long)]
    pub moves: Option<String>,
    /// Time control: fide-standard, rapid, blitz, or PGN form (40/5400+30:1800+30, 300+2).
    #[arg(long)]
    pub control: Option<String>,
    /// Which players are blind: white, black, both or none (Appendix D applies to their moves).
    #[arg(long, default_value = "white")]
    pub blind: String,
    /// The sighted player's assistant (D.2.11): white or black.
    #[arg(long)]
    pub assistant_for: Option<String>,
    /// An assistant is compulsory at this board (D.2.11: a blind player meets a hearing-impaired one).
    #[arg(long)]
    pub assistant_required: bool,
    /// Phrase form: short (Springer Felix drei) or long (Springer Gustav eins Felix drei).
    #[arg(long, default_value = "short")]
    pub form: String,
    /// Say "Bauer" before pawn moves.
    #[arg(long)]
    pub pawn_word: bool,
    /// Leave out the capture word.
    #[arg(long)]
    pub no_capture_word: bool,
    /// Leave out "Schach" and "matt".
    #[arg(long)]
    pub no_check_word: bool,
    /// The sighted player presses his clock himself (`press`); by default his move counts as the press (D.2.5).
    #[arg(long)]
    pub separate_press: bool,
    /// Low-time alert for the blind player(s), e.g. 2m, 90s, 1:30; or per player: white=2m (repeatable).
    #[arg(long)]
    pub alert: Vec<String>,
    /// Add periods the DGT way (at 0:00 of a non-final period).
    #[arg(long)]
    pub dgt: bool,
    /// White's name (the envelope, the PGN tag White, the pages).
    #[arg(long, value_name = "NAME")]
    pub white: Option<String>,
    /// Black's name.
    #[arg(long, value_name = "NAME")]
    pub black: Option<String>,
    /// The event (PGN tag Event).
    #[arg(long)]
    pub event: Option<String>,
    /// The site (PGN tag Site).
    #[arg(long)]
    pub site: Option<String>,
    /// The round (PGN tag Round).
    #[arg(long)]
    pub round: Option<String>,
    /// The date of the game, YYYY.MM.DD (PGN tag Date; default: today for hector serve).
    #[arg(long)]
    pub date: Option<String>,
    /// The secret a sealed move's seal is made with (Guidelines I.1.1), as hex; by default a
    /// random one. Give it only to replay a game exactly.
    #[arg(long, value_name = "HEX")]
    pub seal_key: Option<String>,
    /// The edition of the FIDE Laws: 2023 (Appendix D), 2009 (Appendix E) or 2005 (Appendix F).
    #[arg(long, default_value = "2023")]
    pub laws: String,
    /// Default time in minutes (6.7): a player who arrives later loses; by default the edition's
    /// (0 under 2023 and 2009, 60 under 2005).
    #[arg(long, value_name = "MINUTES")]
    pub default_time: Option<u64>,
    /// Tournament regulation (9.1.1): no draw may be offered or agreed before move N.
    #[arg(long, value_name = "N")]
    pub no_draw_before: Option<u32>,
    /// The clocks wait for the arbiter's "start clock" and nobody moves before (6.6); hector serve
    /// always does this. By default White's clock starts at once.
    #[arg(long)]
    pub arbiter_starts: bool,
    /// Rapid and blitz supervision of the event: adequate (the Competition Rules) or inadequate
    /// (2009 A.4, B.3: flags count only when claimed, an illegal blitz move gives a claim to win).
    #[arg(long, default_value = "adequate")]
    pub supervision: String,
    /// When the session began (its t = 0), "YYYY-MM-DD HH:MM": the resumption time the arbiter
    /// sets (I.2.7) is then counted on the session's time, and lateness at a resumption from it.
    #[arg(long, value_name = "DATE TIME")]
    pub session_start: Option<String>,
}

/// 32 random bytes as hex: the game's seal key.
fn random_key() -> Result<String, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("No random numbers for the seal key: {e}."))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A sentence about an option, in the game's language (the console's,
/// set from `--locale` before the options are read).
fn said(key: &str, args: &[(&str, &str)]) -> String {
    crate::front::console::language().game_text(key, args)
}

/// `option` takes one of `choices`, not `value`.
fn choice(option: &str, choices: &str, value: &str) -> String {
    let value: String = value.trim().chars().take(40).collect();
    said(
        "option_choice",
        &[("option", option), ("choices", choices), ("value", &value)],
    )
}

/// The languages hector speaks, for the sentence about a wrong one.
const LANGUAGES: &str = "en, de, pl, sr, el";

/// A name or tag given on the command line: one line of at most 200
/// characters, without the quotes and brackets a PGN tag cannot hold.
fn text_option(v: &Option<String>, name: &str) -> Result<Option<String>, String> {
    match v {
        None => Ok(None),
        Some(s) => {
            let s = s.trim();
            if s.is_empty()
                || s.chars().count() > 200
                || s.chars()
                    .any(|c| c.is_control() || c == '"' || c == ']' || c == '[' || c == '\\')
            {
                Err(said("option_text", &[("option", name)]))
            } else {
                Ok(Some(s.to_string()))
            }
        }
    }
}

/// `--session-start`: a calendar date and a time of day, written back as
/// `YYYY-MM-DD HH:MM`.
fn session_start(s: &str) -> Result<String, String> {
    let bad = || {
        let value: String = s.trim().chars().take(40).collect();
        said(
            "option_time",
            &[
                ("option", "--session-start"),
                ("value", &value),
                ("example", "2026-11-25 09:00"),
            ],
        )
    };
    let (date, time) = s.trim().split_once([' ', 'T']).ok_or_else(bad)?;
    let time = time.trim();
    crate::boards::adjourn::date_time_minutes(date, time).ok_or_else(bad)?;
    Ok(format!("{} {time}", date.replace('.', "-")))
}

impl GameArgs {
    /// The session configuration these options describe.
    pub fn config(&self) -> Result<Config, String> {
        crate::locale::code(&self.locale).map_err(|_| {
            let value: String = self.locale.trim().chars().take(40).collect();
            said(
                "option_locale",
                &[("value", &value), ("choices", LANGUAGES)],
            )
        })?;
        let blind = Blind::parse(&self.blind)
            .map_err(|_| choice("--blind", "white, black, both, none", &self.blind))?;
        let side = |s: &str, what: &str| match s.trim().to_ascii_lowercase().as_str() {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            other => Err(choice(what, "white, black", other)),
        };
        let assistant_for = self
            .assistant_for
            .as_deref()
            .map(|s| side(s, "--assistant-for"))
            .transpose()?;
        let mut alerts = Alerts::default();
        for a in &self.alert {
            let (who, time) = match a.split_once('=') {
                Some((w, t)) => (Some(side(w, "--alert")?), t),
                None => (None, a.as_str()),
            };
            let ms = crate::session::parse_duration(time).ok_or_else(|| {
                said(
                    "option_time",
                    &[
                        ("option", "--alert"),
                        ("value", a),
                        ("example", "2m, 90s, 1:30"),
                    ],
                )
            })?;
            for c in [Side::White, Side::Black] {
                let wanted = match who {
                    Some(w) => w == c,
                    None => blind.is_blind(c.into()),
                };
                if wanted {
                    match c {
                        Side::White => alerts.white = Some(ms),
                        Side::Black => alerts.black = Some(ms),
                    }
                }
            }
        }
        let laws = crate::rules::Laws::parse(&self.laws)
            .map_err(|_| choice("--laws", "2023, 2009, 2005", &self.laws))?;
        let mut seat_locales = std::collections::BTreeMap::new();
        for s in &self.seat_locale {
            let bad = || {
                said(
                    "option_seat_locale",
                    &[
                        ("value", s),
                        ("example", "black=pl"),
                        ("choices", "white, black, assistant, arbiter"),
                    ],
                )
            };
            let (seat, code) = s.split_once('=').ok_or_else(bad)?;
            let seat = crate::session::Seat::parse(seat.trim()).ok_or_else(bad)?;
            let code = crate::locale::code(code).map_err(|_| {
                said(
                    "option_locale",
                    &[("value", code.trim()), ("choices", LANGUAGES)],
                )
            })?;
            seat_locales.insert(seat.name().to_string(), code.to_string());
        }
        if !["short", "long"].contains(&self.form.as_str()) {
            return Err(choice("--form", "short, long", &self.form));
        }
        Ok(Config {
            locale: self.locale.trim().to_ascii_lowercase(),
            fen: self.fen.clone(),
            moves: self.moves.clone(),
            control: self.control.clone(),
            blind,
            assistant_for,
            assistant_required: self.assistant_required,
            form: self.form.clone(),
            pawn_word: self.pawn_word,
            capture_word: !self.no_capture_word,
            check_word: !self.no_check_word,
            separate_press: self.separate_press,
            alerts,
            dgt: self.dgt,
            seal_key: Some(match &self.seal_key {
                Some(k)
                    if !k.is_empty()
                        && k.len() <= 128
                        && k.chars().all(|c| c.is_ascii_hexdigit()) =>
                {
                    k.to_ascii_lowercase()
                }
                Some(_) => return Err(said("option_seal_key", &[])),
                None => random_key()?,
            }),
            white: text_option(&self.white, "--white")?,
            black: text_option(&self.black, "--black")?,
            event: text_option(&self.event, "--event")?,
            site: text_option(&self.site, "--site")?,
            round: text_option(&self.round, "--round")?,
            date: text_option(&self.date, "--date")?,
            laws,
            default_time: match self.default_time {
                Some(m) if m > 24 * 60 => {
                    return Err(said("option_default_time", &[]));
                }
                other => other,
            },
            seat_locales,
            no_draw_before: match self.no_draw_before {
                Some(n) if !(1..=1000).contains(&n) => {
                    return Err(said("option_no_draw_before", &[]));
                }
                other => other,
            },
            arbiter_starts: self.arbiter_starts,
            supervision: crate::rules::Supervision::parse(&self.supervision)
                .map_err(|_| choice("--supervision", "adequate, inadequate", &self.supervision))?,
            session_start: match &self.session_start {
                None => None,
                Some(s) => Some(session_start(s)?),
            },
        })
    }

    /// The session these options describe.
    pub fn session(&self) -> Result<Session, String> {
        use crate::session::SessionError as E;
        let config = self.config()?;
        Session::new(&config).map_err(|e| match e {
            E::Control(_) => said(
                "option_control",
                &[
                    ("value", config.control.as_deref().unwrap_or_default()),
                    ("example", super::clock::CONTROL_EXAMPLE),
                ],
            ),
            E::Position(_) => said(
                "option_fen",
                &[("value", config.fen.as_deref().unwrap_or_default())],
            ),
            E::Moves { n, token, .. } => {
                said("option_moves", &[("n", &n.to_string()), ("move", &token)])
            }
            E::Locale(_) => said(
                "option_locale",
                &[("value", &config.locale), ("choices", LANGUAGES)],
            ),
            E::Option(_) => choice("--form", "short, long", &config.form),
        })
    }
}

/// `hector play` and `hector session`: the options (`name` and the words
/// after it) and the session their game options describe, or the exit
/// code: 0 after the help, 2 for an unknown option or a bad value (every
/// value is checked here).
pub(crate) fn game_options<T: clap::Parser>(
    name: &str,
    raw: &[String],
    game: impl FnOnce(&T) -> &GameArgs,
) -> Result<(T, Session), i32> {
    let cli = crate::cli::sub_options::<T>(name, raw)?;
    let session = game(&cli).session().map_err(super::core::usage)?;
    Ok((cli, session))
}

#[derive(Debug, Parser)]
#[command(
    name = "hector session",
    about = "The game as JSON lines: one command per input line, one event per output line.",
    long_about = "The game as JSON lines. Each input line is one command:\n  \
{\"t\": MS, \"from\": \"white|black|assistant|arbiter\", \"text\": \"...\"}\n  \
(with --blind both each player has his own assistant: \"assistant-white\", \"assistant-black\"; \"assistant\" is refused)\n  \
{\"t\": MS, \"status\": true}   asks for a status event\n  \
{\"t\": MS}                     lets time pass (flags fall, alerts fire)\n\
t is milliseconds since the session started (never going back). Each output line is one event \
with t, kind, to (seats, or [\"all\"]) and text (the sentence in the locale). Bad lines give one \
refused event and change nothing."
)]
struct SessionCli {
    #[command(flatten)]
    game: GameArgs,
}

/// The lines of `input`, read as bytes ([`crate::front::console::read_line`]) so
/// that a line that is not UTF-8 or is too long is refused instead of
/// ending the game: the refusal's problem is `not_utf8`, `too_long` or
/// `unreadable` (worded by the renderer). An input that cannot be read
/// gives one refusal and then ends.
pub fn lines(mut input: impl BufRead, max: usize) -> impl Iterator<Item = Result<String, String>> {
    let mut ended = false;
    std::iter::from_fn(move || {
        if ended {
            return None;
        }
        Some(match crate::front::console::read_line(&mut input, max)? {
            Ok(line) => Ok(line),
            Err(BadLine::NotText) => Err("not_utf8".into()),
            Err(BadLine::TooLong(_)) => Err("too_long".into()),
            // A read error does not go away: say so once and end.
            Err(BadLine::Unreadable) => {
                ended = true;
                Err("unreadable".into())
            }
        })
    })
}

/// `hector session [OPTIONS]`
pub fn run(raw: &[String]) -> i32 {
    let (_, mut session) = match game_options("hector session", raw, |c: &SessionCli| &c.game) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let render = Renderer::for_session(&session);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let emit = |events: &[Event], out: &mut std::io::StdoutLock| -> bool {
        for e in events {
            let line = render.line(e).to_string();
            if writeln!(out, "{line}").is_err() {
                return false;
            }
        }
        out.flush().is_ok()
    };
    let opening: Vec<Event> = session
        .opening()
        .into_iter()
        .filter(|e| !matches!(e.kind, Kind::Status(_)))
        .collect();
    if !emit(&opening, &mut out) {
        return 0;
    }
    for line in lines(std::io::stdin().lock(), crate::session::json::MAX_LINE) {
        let events = match line.and_then(|l| {
            if l.trim().is_empty() {
                Err("the line is empty".into())
            } else {
                Command::from_json_line(&l)
            }
        }) {
            Ok(cmd) => {
                let mut events = session.apply(&cmd);
                write_envelopes(&session, &mut events);
                events
            }
            Err(problem) => vec![Event {
                t: session.last_t(),
                to: vec![To::All],
                kind: Kind::Refused {
                    why: Refusal::BadLine { problem },
                },
            }],
        };
        if !emit(&events, &mut out) {
            return 0;
        }
    }
    0
}

/// Guidelines I.2, I.3: `envelope FILE` — the arbiter's envelope written
/// Writes `content` to `path` readable by its owner only (0600, also when
/// the file was there before): the envelope holds the sealed move.
pub fn write_private(path: &str, content: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut oo = std::fs::OpenOptions::new();
    oo.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut oo, 0o600);
    let mut file = oo.open(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(content)?;
    file.sync_all()
}

/// where he said: FILE (JSON: the sealed envelope and its outside) and
/// beside it a page to print (the outside only). The session is pure; the
/// front end that runs it writes. A file that cannot be written is said to
/// the arbiter.
pub fn write_envelopes(session: &Session, events: &mut Vec<Event>) {
    use crate::session::{Detail, EnvelopeOutside};
    let mut failed = Vec::new();
    for e in events.iter() {
        let Kind::Answer {
            detail: Some(Detail::Envelope(EnvelopeOutside { file: Some(f), .. })),
            ..
        } = &e.kind
        else {
            continue;
        };
        let Some((json, page)) = session.envelope_documents() else {
            continue;
        };
        let page_file = crate::session::render::envelope_page_name(f);
        let written = write_private(f, json.as_bytes())
            .and_then(|()| std::fs::write(&page_file, page))
            .map_err(|err| format!("{f}: {err}"));
        if let Err(why) = written {
            failed.push(Event {
                t: e.t,
                to: e.to.clone(),
                kind: Kind::Refused {
                    why: Refusal::Rules {
                        reason: crate::session::RulesReason::Said(
                            session
                                .words()
                                .text("envelope_not_written", &[("why", &why)]),
                        ),
                    },
                },
            });
        }
    }
    events.extend(failed);
}
