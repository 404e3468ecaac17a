//! The `hector` command line. clap reads and checks the arguments (help for
//! every command, usage errors as sentences with exit code 2, arguments that
//! are not valid UTF-8 refused in words); each subcommand lives in its own
//! module, reads the checked values through [`args::Args`] and returns the
//! process exit code. Nothing here panics on user input.
//!
//! To add a command: a variant of [`Command`] (its fields are the options,
//! their doc comments the help text) and one arm in [`dispatch`].

pub mod args;
pub mod braille;
pub mod clock;
pub mod core;
pub mod eboard;
pub mod enrol;
pub mod files;
pub mod hall;
pub mod listen;
pub mod play;
pub mod reconcile;
pub mod serve;
pub mod session;
pub mod speak;

use std::ffi::OsString;

use clap::{Parser, Subcommand};

use args::Args;

/// Over-the-board chess for blind and visually impaired players (FIDE Laws
/// 2023, Appendix D).
#[derive(Debug, Parser)]
#[command(
    name = "hector",
    version,
    args_override_self = true,
    after_help = "Without a command, hector plays a game in the terminal (hector play)."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// `--locale`, `--fen` and `--moves`: the language and the position.
#[derive(Debug, clap::Args)]
struct Position {
    /// The language of phrases and sentences: de (default), en, pl, sr or el.
    #[arg(long, value_name = "L")]
    locale: Option<String>,
    /// The starting position in FEN (default: the initial position).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Moves played from the starting position, in any notation hector reads
    /// (e.g. "e4 e5 Nf3"; move numbers are skipped).
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
}

/// `--engine`, `--model` and `--adaptation`: the recogniser (also the
/// lab's, `hector-lab listen`).
#[derive(Debug, clap::Args)]
pub(crate) struct Recogniser {
    /// The recogniser engine: both (Whisper with PocketSphinx, the
    /// default), pocketsphinx, whisper or vosk.
    #[arg(long, value_name = "both|pocketsphinx|whisper|vosk")]
    engine: Option<String>,
    /// The recogniser model.
    #[arg(long, value_name = "M")]
    model: Option<String>,
    /// The player's adaptation, written by `hector enrol`.
    #[arg(long, value_name = "FILE")]
    adaptation: Option<String>,
}

/// How a move is said (FIDE Laws 2023, D.2.2).
#[derive(Debug, clap::Args)]
struct Wording {
    /// short (default) or long: the long form names the square a piece comes from.
    #[arg(long, value_name = "short|long")]
    form: Option<String>,
    /// Say "pawn" before pawn moves.
    #[arg(long)]
    pawn_word: bool,
    /// Leave out the word for a capture.
    #[arg(long)]
    no_capture_word: bool,
    /// Leave out the word for check.
    #[arg(long)]
    no_check_word: bool,
}

// Parsed once per run; the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game at the board (the default): terminal, voice, Braille
    /// display, DGT e-board and clock together (hector play --help lists its
    /// options).
    #[command(disable_help_flag = true)]
    Play {
        /// The options above, passed on to the game.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "OPTIONS"
        )]
        args: Vec<String>,
    },
    /// The game as JSON lines: one command per input line, one event per
    /// output line (hector session --help lists its options).
    #[command(disable_help_flag = true)]
    Session {
        /// The options of the session, read by `hector session` itself.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "OPTIONS"
        )]
        args: Vec<String>,
    },
    /// One board as a service: a crash-proof journal, a page for every
    /// seat, the live PGN (hector serve --help lists its options).
    #[command(disable_help_flag = true)]
    Serve {
        /// The options of the service, read by `hector serve` itself.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "OPTIONS"
        )]
        args: Vec<String>,
    },
    /// Speak a move as an Appendix D phrase (--wav: into a WAV file).
    Say {
        #[command(flatten)]
        position: Position,
        #[command(flatten)]
        wording: Wording,
        /// Write the phrase, spoken by espeak-ng, into this WAV file.
        #[arg(long, value_name = "FILE")]
        wav: Option<String>,
        /// Speaking rate for --wav, words per minute (80 to 450).
        #[arg(long, value_name = "WPM")]
        rate: Option<String>,
        /// The move, in SAN or long/UCI notation (e.g. Nf3 or g1f3).
        #[arg(value_name = "MOVE")]
        words: Vec<String>,
    },
    /// Find the legal move a phrase names.
    Hear {
        #[command(flatten)]
        position: Position,
        /// The phrase, e.g. "Springer Felix drei".
        #[arg(value_name = "PHRASE")]
        words: Vec<String>,
    },
    /// Write a move in a language's algebraic notation.
    San {
        #[command(flatten)]
        position: Position,
        /// Long algebraic notation (Ng1-f3).
        #[arg(long)]
        long: bool,
        /// Figurines instead of piece letters.
        #[arg(long)]
        figurine: bool,
        /// Latin file letters in every language.
        #[arg(long)]
        latin_files: bool,
        /// The move, in English SAN or long/UCI notation.
        #[arg(value_name = "MOVE")]
        words: Vec<String>,
    },
    /// Read a PGN game back as phrases, checking each one (--wav: the audio scoresheet).
    Replay {
        /// The language of the phrases: de (default), en, pl, sr or el.
        #[arg(long, value_name = "L")]
        locale: Option<String>,
        #[command(flatten)]
        wording: Wording,
        /// Speak the whole game into this WAV file (FIDE Laws 2023, D.2.7).
        #[arg(long, value_name = "FILE")]
        wav: Option<String>,
        /// Speaking rate for --wav, words per minute (80 to 450).
        #[arg(long, value_name = "WPM")]
        rate: Option<String>,
        /// The PGN file.
        #[arg(value_name = "FILE")]
        files: Vec<String>,
    },
    /// The game state (outcome, claims, FEN).
    Status {
        #[command(flatten)]
        position: Position,
        /// One JSON object instead of sentences.
        #[arg(long)]
        json: bool,
    },
    /// The talking chess clock (clock sim: replay timed events as JSON).
    #[command(
        args_conflicts_with_subcommands = true,
        after_help = clock::KEYS_HELP
    )]
    Clock {
        #[command(subcommand)]
        sim: Option<ClockCommand>,
        #[command(flatten)]
        options: ClockOptions,
    },
    /// A move in the chess Braille code, as Unicode Braille.
    Braille {
        #[command(flatten)]
        position: Position,
        /// The move, in SAN or long/UCI notation.
        #[arg(value_name = "MOVE")]
        words: Vec<String>,
    },
    /// The game of a PGN file as a Braille scoresheet.
    Scoresheet {
        /// unicode (default) or brf.
        #[arg(long, value_name = "brf|unicode")]
        format: Option<String>,
        /// The language of the scoresheet: de (default), en, pl, sr or el.
        #[arg(long, value_name = "L")]
        locale: Option<String>,
        /// Cells per line (default 40, at least 8).
        #[arg(long, value_name = "N")]
        width: Option<String>,
        /// Lines per page (default 25, at least 1).
        #[arg(long, value_name = "N")]
        lines: Option<String>,
        /// crlf (default) or lf.
        #[arg(long, value_name = "crlf|lf")]
        line_end: Option<String>,
        /// ff (default) or none.
        #[arg(long, value_name = "ff|none")]
        page_break: Option<String>,
        /// The PGN file.
        #[arg(value_name = "FILE")]
        files: Vec<String>,
    },
    /// Use a Braille display: --show TEXT writes TEXT, --keys N prints the next N key events.
    Display {
        /// terminal (default), baum:PATH or brlapi[:HOST:PORT].
        #[arg(long, value_name = "DEV")]
        device: Option<String>,
        /// Write this text on the display.
        #[arg(long, value_name = "TEXT")]
        show: Option<String>,
        /// Print the next N key events.
        #[arg(long, value_name = "N")]
        keys: Option<String>,
        /// With --show: keep the text up this many milliseconds.
        #[arg(long, value_name = "MS")]
        hold: Option<String>,
        /// With --keys: give up after this many milliseconds.
        #[arg(long, value_name = "MS")]
        timeout: Option<String>,
    },
    /// Check two scoresheets and two boards (D.2.9) from a JSON file (- reads standard input).
    Reconcile {
        /// The language of the report: de (default), en, pl, sr or el.
        #[arg(long, value_name = "L")]
        locale: Option<String>,
        /// The JSON file, or - for standard input.
        #[arg(value_name = "FILE")]
        files: Vec<String>,
    },
    /// Read a DGT e-board: --device dgt:PATH --dump | --watch.
    Eboard {
        /// dgt:PATH, the board's serial port.
        #[arg(long, value_name = "dgt:PATH")]
        device: Option<String>,
        #[command(flatten)]
        position: Position,
        /// With --watch: stop after N moves.
        #[arg(long, value_name = "N")]
        count: Option<String>,
        /// With --watch: stop after S seconds.
        #[arg(long, value_name = "S")]
        seconds: Option<String>,
        /// Print the board's placement once.
        #[arg(long)]
        dump: bool,
        /// Follow a game on the board and print each move.
        #[arg(long)]
        watch: bool,
    },
    /// The tournament hall: every board of a tournament from the broker
    /// (NATS JetStream), the chief arbiter's overview, the watch page,
    /// /round.pgn and /api/boards.
    Hall {
        /// The broker the boards publish to, nats://HOST:PORT.
        #[arg(long, value_name = "nats://HOST:PORT")]
        hall: Option<String>,
        /// The tournament's name, as the boards were started with.
        #[arg(long, value_name = "T")]
        tournament: Option<String>,
        /// The port of the pages (default: the port of the last run, else any free port).
        #[arg(long, value_name = "P")]
        port: Option<String>,
        /// The address to listen on (default 127.0.0.1).
        #[arg(long, value_name = "ADDR")]
        bind: Option<String>,
        /// The hall's state folder: its key, the arbiter's token and its port, kept
        /// across restarts (default: <data dir>/hector/halls/<T>).
        #[arg(long, value_name = "DIR")]
        state: Option<String>,
        /// The round, for games whose PGN has none.
        #[arg(long, value_name = "R")]
        round: Option<String>,
        /// The language of the overview: de (default), en, pl, sr or el.
        #[arg(long, value_name = "L")]
        locale: Option<String>,
    },
    /// Recognise a spoken move: --wav FILE or --mic [--push-to-talk].
    Listen {
        /// A recording of the move (16 kHz mono is best), or a directory: each of its .wav files heard in the same position, the model loaded once.
        #[arg(long, value_name = "FILE")]
        wav: Option<String>,
        #[command(flatten)]
        recogniser: Recogniser,
        #[command(flatten)]
        position: Position,
        /// With --mic: listen at most this many seconds.
        #[arg(long, value_name = "S")]
        seconds: Option<String>,
        /// The voice threshold, in dBFS.
        #[arg(long, value_name = "DBFS")]
        threshold: Option<String>,
        /// One JSON object instead of plain lines.
        #[arg(long)]
        json: bool,
        /// List the phrases listened for.
        #[arg(long)]
        phrases: bool,
        /// List the recogniser's vocabulary.
        #[arg(long)]
        vocabulary: bool,
        /// Listen on the microphone.
        #[arg(long)]
        mic: bool,
        /// With --mic: listen while Enter is held (press Enter to start and stop).
        #[arg(long)]
        push_to_talk: bool,
    },
    /// Adapt the recogniser to a player: he reads a short script once
    /// (every word hector listens for); writes the adaptation for
    /// `play --voice --adaptation FILE`.
    Enrol {
        /// The player's language: de (default), en, pl, sr or el.
        #[arg(long, value_name = "L")]
        locale: Option<String>,
        /// Print the script's lines (number, tab, text) and stop.
        #[arg(long)]
        script: bool,
        /// Read each line to the player and record it from the microphone.
        #[arg(long)]
        mic: bool,
        /// The lines recorded beforehand: DIR/01.wav, DIR/02.wav, … in script order.
        #[arg(long, value_name = "DIR")]
        wav_dir: Option<String>,
        /// Where the adaptation is written.
        #[arg(long, value_name = "FILE")]
        out: Option<String>,
        /// With --mic: dispatcher (speech-dispatcher, default) or text (printed only).
        #[arg(long, value_name = "S")]
        speech: Option<String>,
        /// With --mic: voice activity threshold in dBFS (-90 … 0).
        #[arg(long, allow_hyphen_values = true, value_name = "DBFS")]
        threshold: Option<String>,
        /// With --mic: how long to wait for each line (s, default 10).
        #[arg(long, value_name = "S")]
        seconds: Option<String>,
    },
    /// Say a sentence through the speech service (speech-dispatcher).
    Announce {
        /// The language of the voice: de (default), en, pl, sr or el.
        #[arg(long, value_name = "L")]
        locale: Option<String>,
        /// Words per minute (80 to 450).
        #[arg(long, value_name = "WPM")]
        rate: Option<String>,
        /// The sentence.
        #[arg(value_name = "TEXT")]
        words: Vec<String>,
    },
}

/// The options of the standalone talking clock.
#[derive(Debug, clap::Args)]
struct ClockOptions {
    /// A preset (fide-standard, rapid, blitz) or a PGN TimeControl such as
    /// 40/5400+30:1800+30, 300+2, 5400d5 (simple delay) or 300b3 (Bronstein).
    #[arg(long, value_name = "TC")]
    control: Option<String>,
    /// The language of the announcements: de (default), en, pl, sr or el.
    #[arg(long, value_name = "L")]
    locale: Option<String>,
    /// white (default) or black: whose time "your time" is.
    #[arg(long, value_name = "white|black")]
    player: Option<String>,
    /// Announce low time below this many seconds, or off.
    #[arg(long, value_name = "SECONDS|off")]
    low_time: Option<String>,
    /// Announce time warnings.
    #[arg(long)]
    warnings: bool,
    /// Say rounded times.
    #[arg(long)]
    rounded: bool,
    /// The next period's time is added when the time runs out (DGT clocks).
    #[arg(long)]
    dgt: bool,
}

#[derive(Debug, Subcommand)]
enum ClockCommand {
    /// Replay timestamped clock events from standard input ("<ms> start|press|pause|resume|show") as JSON.
    Sim {
        /// A preset or a PGN TimeControl (see hector clock --help).
        #[arg(long, value_name = "TC")]
        control: Option<String>,
        /// The next period's time is added when the time runs out (DGT clocks).
        #[arg(long)]
        dgt: bool,
    },
}

/// Runs the command line (the program's arguments without the program
/// name) and returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if let Some(old) = moved_to_lab(&args) {
        eprintln!("hector {old} moved: run hector-lab {old}");
        return 2;
    }
    // The language of a usage error: the command line's `--locale`.
    if let Some(code) = locale_in(&args) {
        crate::front::console::set_language(&code);
    }
    let (cli, cmd, matches) = match parse::<Cli>("hector", args) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    console_language(&cli.command);
    let Some((name, sub)) = matches.subcommand() else {
        return play::run(&[]);
    };
    let sub_cmd = cmd
        .find_subcommand(name)
        .expect("clap matched a subcommand it defines");
    let bag = Args::from_matches(sub_cmd, sub);
    crate::front::console::set_language(bag.get("locale").unwrap_or("de"));
    dispatch(
        cli.command.expect("clap matched a subcommand"),
        &bag,
        sub_cmd,
        sub,
    )
}

/// The lab's commands and modes that moved to `hector-lab` with the same
/// name and options: the old spelling, as it is written after `hector`
/// (`serve --bench`), if `args` uses one.
fn moved_to_lab(args: &[OsString]) -> Option<String> {
    let words: Vec<&str> = args
        .iter()
        .map(|a| a.to_str().unwrap_or(""))
        .take_while(|a| *a != "--")
        .collect();
    let (command, rest) = words.split_first()?;
    let given = |flag: &str| {
        rest.iter()
            .any(|a| *a == flag || a.strip_prefix(flag).is_some_and(|v| v.starts_with('=')))
    };
    match *command {
        "bench" | "baum-emulator" => Some(command.to_string()),
        "serve" | "hall" | "listen" if given("--bench") => Some(format!("{command} --bench")),
        "listen" if given("--generate") => Some("listen --generate".to_string()),
        _ => None,
    }
}

/// Commands that only print text and talk to no device, daemon or socket:
/// when their reader goes away (`hector listen --vocabulary | head`) they
/// stop, as text tools do.
fn writes_text_only(command: &Command, a: &Args) -> bool {
    match command {
        Command::Hear { .. }
        | Command::San { .. }
        | Command::Status { .. }
        | Command::Scoresheet { .. }
        | Command::Reconcile { .. } => true,
        Command::Braille { .. } => true,
        Command::Say { .. } | Command::Replay { .. } => a.get("wav").is_none(),
        // The lists only.
        Command::Listen { .. } => a.has("vocabulary") || a.has("phrases"),
        _ => false,
    }
}

/// The system's default for a closed pipe: the process ends without a
/// word, instead of a failed print. Rust ignores the signal so that other
/// commands (speech-dispatcher's socket, device pipes) get an error to
/// report instead.
pub(crate) fn quit_quietly_when_output_closes() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default is async-signal
    // safe and done before any thread of hector's is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// The language of the sentences about refused input lines: the command's
/// `--locale` (also among the options `play` and `session` pass through).
fn console_language(command: &Option<Command>) {
    let passed = match command {
        Some(Command::Play { args } | Command::Session { args } | Command::Serve { args }) => args,
        _ => return,
    };
    let code = passed
        .iter()
        .enumerate()
        .find_map(|(i, a)| match a.strip_prefix("--locale") {
            Some("") => passed.get(i + 1).map(String::as_str),
            Some(v) => v.strip_prefix('='),
            None => None,
        });
    crate::front::console::set_language(code.unwrap_or("de"));
}

/// The value of `--locale` in a command line (`--locale pl`, `--locale=pl`),
/// before the words after `--`.
fn locale_in(args: &[OsString]) -> Option<String> {
    let words: Vec<&str> = args
        .iter()
        .map(|a| a.to_str().unwrap_or(""))
        .take_while(|a| *a != "--")
        .collect();
    words
        .iter()
        .enumerate()
        .find_map(|(i, a)| match a.strip_prefix("--locale") {
            Some("") => words.get(i + 1).map(|v| v.to_string()),
            Some(v) => v.strip_prefix('=').map(str::to_string),
            None => None,
        })
}

/// Reads `program ARGS` with clap: the command line `P`, its clap command
/// and the matches. `Err`: clap's help or usage error was printed, with
/// this exit code.
pub(crate) fn parse<P: Parser>(
    program: &str,
    args: impl IntoIterator<Item = OsString>,
) -> Result<(P, clap::Command, clap::ArgMatches), i32> {
    let args: Vec<OsString> = args.into_iter().collect();
    // The command a usage error is about: `hector san`, or `hector` itself.
    let command = match args.first().and_then(|a| a.to_str()) {
        Some(word) if !word.starts_with('-') && P::command().find_subcommand(word).is_some() => {
            format!("{program} {word}")
        }
        _ => program.to_string(),
    };
    let argv = std::iter::once(OsString::from(program)).chain(args);
    let cmd = P::command();
    let matches = cmd
        .clone()
        .try_get_matches_from(argv)
        .map_err(|e| told(e, &command))?;
    let cli = P::from_arg_matches(&matches).map_err(|e| told(e, &command))?;
    Ok((cli, cmd, matches))
}

/// A subcommand's own options (`hector play`, `session`, `serve`: `name`
/// and the words after it), or the exit code once clap printed the help
/// (0) or the usage error (2).
pub(crate) fn sub_options<T: clap::Parser>(name: &str, raw: &[String]) -> Result<T, i32> {
    T::try_parse_from(std::iter::once(name.to_string()).chain(raw.iter().cloned()))
        .map_err(|e| told(e, name))
}

/// Prints clap's help or usage error; help exits 0, a usage error 2.
pub(crate) fn usage_error(e: clap::Error) -> i32 {
    told(e, "hector")
}

/// Prints clap's help (exit 0), or the usage error in the game's language
/// (exit 2): the option or command it is about and where the help is.
/// An error clap words for a case hector does not know is printed as clap
/// words it.
fn told(e: clap::Error, command: &str) -> i32 {
    // The lab is for developers: clap's own words.
    let sentence = if command.starts_with("hector-lab") {
        None
    } else {
        clap_sentence(&e, command)
    };
    match sentence {
        Some(sentence) => {
            eprintln!("{sentence}");
            2
        }
        None => {
            let _ = e.print();
            e.exit_code()
        }
    }
}

/// The usage error `e` of `command` as a sentence of the game's language.
fn clap_sentence(e: &clap::Error, command: &str) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind as K};
    let context = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        _ => None,
    };
    // The option as a person wrote it (`--laws`, not `--laws <LAWS>`).
    let option = || {
        context(ContextKind::InvalidArg)
            .map(|a| a.split(' ').next().unwrap_or_default().to_string())
            .unwrap_or_default()
    };
    let loc = crate::front::console::language();
    let shown = |v: String| v.chars().take(40).collect::<String>();
    Some(match e.kind() {
        K::UnknownArgument => loc.game_text(
            "option_unknown",
            &[("command", command), ("option", &shown(option()))],
        ),
        K::InvalidSubcommand => loc.game_text(
            "command_unknown",
            &[(
                "word",
                &shown(context(ContextKind::InvalidSubcommand).unwrap_or_default()),
            )],
        ),
        K::InvalidUtf8 => loc.game_text("option_not_text", &[("command", command)]),
        K::InvalidValue | K::ValueValidation
            if context(ContextKind::InvalidValue).is_none_or(|v| v.is_empty()) =>
        {
            loc.game_text(
                "option_missing",
                &[("command", command), ("option", &option())],
            )
        }
        K::InvalidValue | K::ValueValidation => loc.game_text(
            "option_invalid",
            &[
                ("command", command),
                ("option", &option()),
                (
                    "value",
                    &shown(context(ContextKind::InvalidValue).unwrap_or_default()),
                ),
            ],
        ),
        K::NoEquals | K::TooFewValues | K::WrongNumberOfValues | K::MissingRequiredArgument => loc
            .game_text(
                "option_missing",
                &[("command", command), ("option", &option())],
            ),
        K::ArgumentConflict | K::TooManyValues => loc.game_text(
            "option_usage",
            &[("command", command), ("option", &shown(option()))],
        ),
        _ => return None,
    })
}

fn dispatch(command: Command, a: &Args, sub_cmd: &clap::Command, sub: &clap::ArgMatches) -> i32 {
    if writes_text_only(&command, a) {
        quit_quietly_when_output_closes();
    }
    match command {
        Command::Play { args } => play::run(&args),
        Command::Session { args } => session::run(&args),
        Command::Serve { args } => serve::run(&args),
        Command::Say { .. } if a.get("wav").is_some() => speak::say(a),
        Command::Say { .. } => core::say(a),
        Command::Hear { .. } => core::hear(a),
        Command::San { .. } => core::san(a),
        Command::Replay { .. } if a.get("wav").is_some() => speak::replay(a),
        Command::Replay { .. } => core::replay(a),
        Command::Status { .. } => core::status(a),
        Command::Clock {
            sim: Some(ClockCommand::Sim { .. }),
            ..
        } => {
            let (name, m) = sub.subcommand().expect("clap matched clock sim");
            let sim_cmd = sub_cmd.find_subcommand(name).expect("clock sim is defined");
            clock::sim(&Args::from_matches(sim_cmd, m))
        }
        Command::Clock { sim: None, .. } => clock::run(a),
        Command::Braille { .. } => braille::braille(a),
        Command::Scoresheet { .. } => braille::scoresheet(a),
        Command::Display { .. } => braille::display(a),
        Command::Reconcile { .. } => reconcile::run(a),
        Command::Eboard { .. } => eboard::run(a),
        Command::Hall { .. } => hall::run(a),
        Command::Listen { .. } => listen::run(&a.to_raw()),
        Command::Announce { .. } => speak::announce(a),
        Command::Enrol { .. } => enrol::run(a),
    }
}
