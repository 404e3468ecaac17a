//! The `hector-lab` command line: what hector's makers run to measure and
//! test it. Each command keeps the name and options it had under `hector`
//! (`hector bench …` is now `hector-lab bench …`, `hector serve --bench …`
//! is `hector-lab serve --bench …`, and so on); `hector` answers the old
//! spellings with the new command.

pub mod baum;
pub mod bench;
pub mod listen;

use std::ffi::OsString;

use clap::{Parser, Subcommand};

use crate::cli::args::Args;

/// hector's lab: benchmarks, generated speech sets, the kill -9 campaign,
/// the simulated tournament hall and the device emulators. Players,
/// arbiters and organisers use `hector`.
#[derive(Debug, Parser)]
#[command(name = "hector-lab", args_override_self = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run; the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
enum Command {
    /// Measure phrase matching and notation speed on seeded random games.
    Bench {
        /// How many random games (default 100).
        #[arg(long, value_name = "N")]
        games: Option<String>,
        /// The random seed (default 2023).
        #[arg(long, value_name = "S")]
        seed: Option<String>,
        /// The longest game, in half-moves (default 120).
        #[arg(long, value_name = "N")]
        plies: Option<String>,
    },
    /// Measure the recogniser: --bench on generated speech (or on the
    /// fixture recordings), --generate DIR writes a generated set.
    Listen {
        #[command(flatten)]
        recogniser: crate::cli::Recogniser,
        /// Measure the recogniser on generated speech (or, with --fixtures
        /// or --dir, on the fixture recordings).
        #[arg(long)]
        bench: bool,
        /// With --bench: the committed fixture recordings instead.
        #[arg(long)]
        fixtures: bool,
        /// With --bench: the directory of fixture recordings.
        #[arg(long, value_name = "DIR")]
        dir: Option<String>,
        /// Write a generated set of spoken moves (WAV files) to this folder.
        #[arg(long, value_name = "DIR")]
        generate: Option<String>,
        /// With --generate: say every command phrase N more times per
        /// locale, each round by other drawn speakers (default 0).
        #[arg(long, value_name = "N")]
        command_rounds: Option<String>,
        /// With --bench/--generate: the set's seed (2 reports, 1 and 3 tune).
        #[arg(long, value_name = "N")]
        seed: Option<String>,
        /// With --bench/--generate: spoken moves per locale.
        #[arg(long, value_name = "N")]
        count: Option<String>,
        /// With --bench/--generate: locales, comma separated.
        #[arg(long, value_name = "L,L")]
        locales: Option<String>,
        /// With --bench/--generate: the loudest noise, dBFS (default -30).
        #[arg(long, value_name = "DBFS", allow_hyphen_values = true)]
        loudest: Option<String>,
        /// With --bench/--generate: one speaker (voice, speed, pitch, noise,
        /// room) for N moves in a row, as one player in one room (default 0:
        /// a new speaker every move).
        #[arg(long, value_name = "N")]
        player: Option<String>,
        /// With --bench: measure the end-of-utterance detector instead, for
        /// these silence windows (ms, comma separated, e.g. 300,400,500).
        #[arg(long, value_name = "MS,MS")]
        silence: Option<String>,
        /// With --bench: measure end of speech -> first sound of the answer
        /// (detector, streamed decoding, speech-dispatcher).
        #[arg(long)]
        first_sound: bool,
        /// With --first-sound: silence (ms) that ends a whole phrase.
        #[arg(long, value_name = "MS")]
        whole_ms: Option<String>,
        /// With --first-sound: silence (ms) that ends any other utterance.
        #[arg(long, value_name = "MS")]
        silence_ms: Option<String>,
        /// With --first-sound: work out the decision this long (ms) before
        /// the silence window closes, once speech has paused (default 100;
        /// 0: only after the window closes).
        #[arg(long, value_name = "MS")]
        lead_ms: Option<String>,
        /// With --first-sound: the longest silence (ms) that ends a whole
        /// phrase decided clearly once speech paused (default 350).
        #[arg(long, value_name = "MS")]
        sure_ms: Option<String>,
        /// With --first-sound: the least silence (ms) after which speech
        /// counts as paused (default 100).
        #[arg(long, value_name = "MS")]
        paused_ms: Option<String>,
        /// With --first-sound: dispatcher (default) or none.
        #[arg(long, value_name = "S")]
        speech: Option<String>,
        /// With --first-sound: a player's first N utterances not understood
        /// streamed are decoded again whole (default 1, as play does).
        #[arg(long, value_name = "N")]
        settling: Option<String>,
        /// With --first-sound: feed the audio in real time.
        #[arg(long)]
        realtime: bool,
        /// With --bench: measure what `hector play --voice` costs to start
        /// and keep (first prompt, listening, resident memory).
        #[arg(long)]
        start: bool,
        /// With --start: how many starts (default 5).
        #[arg(long, value_name = "N")]
        runs: Option<String>,
        /// With --start: how long each start is watched (default 12).
        #[arg(long, value_name = "S")]
        seconds: Option<String>,
        /// With --bench: each generated speaker first reads the enrolment
        /// script and the recogniser is adapted to him, as `hector enrol`
        /// adapts it to a player.
        #[arg(long)]
        enrol: bool,
        /// With --bench: decode whole utterances instead of streaming.
        #[arg(long)]
        whole: bool,
        /// With --bench: one JSON line per sample.
        #[arg(long)]
        verbose: bool,
        /// With --bench: also measure command phrases and non-chess speech.
        #[arg(long)]
        commands: bool,
        /// With --bench: leave-one-voice-out over many voices (flite,
        /// festival, espeak-ng): thresholds tuned on all voices but one
        /// (--tune-seed), reported on the one left out (--seed).
        #[arg(long)]
        lovo: bool,
        /// With --lovo: the tuning seed (default 3).
        #[arg(long, value_name = "N")]
        tune_seed: Option<String>,
        /// With --lovo: spoken moves per voice and condition on the tuning
        /// seed (default 10; --count is the report seed's, default 20).
        #[arg(long, value_name = "N")]
        tune_count: Option<String>,
        /// With --lovo: these voices only (comma separated, e.g.
        /// flite:slt,festival:kal_diphone,de+m3).
        #[arg(long, value_name = "V,V")]
        voices: Option<String>,
        /// With --lovo: the noisy condition's signal-to-noise ratio, dB
        /// (default 20).
        #[arg(long, value_name = "DB")]
        snr: Option<String>,
        /// With --lovo: non-chess sentences per voice, seed and condition
        /// (default 3).
        #[arg(long, value_name = "N")]
        talk: Option<String>,
        /// With --lovo: keep what was heard in FILE (JSON lines) and reuse
        /// it on the next run.
        #[arg(long, value_name = "FILE")]
        cache: Option<String>,
        /// With --lovo: also enrol the recogniser on this voice and report
        /// every voice with its adaptation against without.
        #[arg(long, value_name = "VOICE")]
        enrolled: Option<String>,
        /// With --bench --commands: the non-chess sentences from FILE
        /// (locale<TAB>sentence) instead of tests/audio/non-chess.tsv.
        #[arg(long, value_name = "FILE")]
        non_chess: Option<String>,
        /// With --lovo: `off` tunes without the margin rule, as hector
        /// ships its thresholds.
        #[arg(long, value_name = "off")]
        margin: Option<String>,
        /// With --lovo: every sample through the denoising front (RNNoise)
        /// before the recognisers hear it.
        #[arg(long)]
        denoise: bool,
        /// With --lovo: each voice says its own moves on the report seed
        /// (drawn from the seed and the voice's name), not the same ones.
        #[arg(long)]
        own_moves: bool,
    },
    /// Measure the service (--bench): journal commits, command round trips,
    /// event delivery to watch sockets, and the kill -9 campaign.
    Serve {
        /// Measure: journal commits, command round trips, event delivery to --watchers sockets.
        #[arg(long)]
        bench: bool,
        /// With --bench: also kill -9 a served game this many times, checking each restart.
        #[arg(long, default_value_t = 0)]
        kills: usize,
        /// With --bench: the number of watch sockets.
        #[arg(long, default_value_t = 200)]
        watchers: usize,
        /// With --bench: the seed of the kill points (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Measure a tournament hall (--bench): nats-server, simulated boards
    /// and a hall, with the broker and the hall restarted during the run.
    Hall {
        /// Measure: nats-server, simulated boards and a hall, with the broker
        /// and the hall restarted during the run.
        #[arg(long)]
        bench: bool,
        /// With --bench: the number of boards (default 100).
        #[arg(long, value_name = "N")]
        boards: Option<String>,
        /// With --bench: half-moves per game (default 60).
        #[arg(long, value_name = "N")]
        moves: Option<String>,
        /// With --bench: ms between two moves of a board (default 250).
        #[arg(long, value_name = "MS")]
        interval: Option<String>,
    },
    /// A Baum display emulated on a serial port or pty (for tests and demonstrations).
    BaumEmulator {
        /// Number of cells (1 to 160, default 20).
        #[arg(long, value_name = "N")]
        cells: Option<String>,
        /// The identity the display reports.
        #[arg(long, value_name = "TEXT")]
        identity: Option<String>,
        /// The serial port or pty.
        #[arg(value_name = "PORT")]
        ports: Vec<String>,
    },
}

/// Runs the lab's command line (the program's arguments without the
/// program name) and returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let (cli, cmd, matches) =
        match crate::cli::parse::<Cli>("hector-lab", args.into_iter().map(Into::into)) {
            Ok(parsed) => parsed,
            Err(code) => return code,
        };
    let Some((name, sub)) = matches.subcommand() else {
        return crate::cli::usage_error(cmd.clone().error(
            clap::error::ErrorKind::MissingSubcommand,
            "Say which lab command to run (hector-lab --help lists them).",
        ));
    };
    let sub_cmd = cmd
        .find_subcommand(name)
        .expect("clap matched a subcommand it defines");
    let a = Args::from_matches(sub_cmd, sub);
    match cli.command {
        Command::Bench { .. } => {
            // Prints text only: it stops quietly when its reader goes away.
            crate::cli::quit_quietly_when_output_closes();
            bench::run(&a)
        }
        Command::Listen { .. } => listen::run(&a),
        Command::Serve {
            bench,
            kills,
            watchers,
            seed,
        } => {
            if !bench {
                return refuse(
                    "hector-lab serve measures the service: give --bench (a game is served by hector serve).",
                );
            }
            // 0: from the clock.
            crate::lab::service::bench::run(kills, watchers, seed.unwrap_or(0))
        }
        Command::Hall { bench, .. } => {
            if !bench {
                return refuse(
                    "hector-lab hall measures a hall: give --bench (the tournament's hall is hector hall).",
                );
            }
            match crate::lab::hall::bench::run(a.get("boards"), a.get("moves"), a.get("interval")) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("{e}");
                    1
                }
            }
        }
        Command::BaumEmulator { .. } => baum::run(&a),
    }
}

/// A usage error said in one sentence (exit 2).
fn refuse(sentence: &str) -> i32 {
    eprintln!("{sentence}");
    2
}
