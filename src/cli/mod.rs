//! The `hector` command line. Each subcommand lives in its own module and
//! returns the process exit code; nothing here panics on user input.

pub mod args;
pub mod braille;
pub mod clock;
pub mod core;
pub mod eboard;
pub mod listen;
pub mod play;
pub mod reconcile;
pub mod session;
pub mod speak;

const USAGE: &str = "\
hector — over-the-board chess for blind and visually impaired players (FIDE Laws, Appendix D)

Usage: hector <command> [options]

Commands:
  play      play a game in the terminal (the default); --voice: the blind side by microphone
  session   the game as JSON lines (one command in, events out; see hector session --help)
  say       speak a move as an Appendix D phrase
  hear      find the legal move a phrase names
  san       write a move in a language's algebraic notation
  replay    read a PGN game back as phrases, checking each one
  status    the game state as JSON
  bench     measure phrase matching and notation speed
  clock     the talking chess clock (clock sim: replay timed events as JSON)
  braille   a move in the chess Braille code, as Unicode Braille
  scoresheet  the game of a PGN file as a Braille scoresheet (--format brf|unicode)
  display   use a Braille display (--device terminal|baum:PATH|brlapi[:HOST:PORT])
            --show TEXT writes TEXT; --keys N prints the next N key events
  reconcile check two scoresheets and two boards (D.2.9) from a JSON file
  eboard    read a DGT e-board: --device dgt:PATH --dump | --watch
  listen    recognise a spoken move: --wav FILE or --mic [--push-to-talk];
            --bench times the fixtures, --phrases lists what is listened for
  announce  say a sentence through the speech service (speech-dispatcher)

Common options: --locale de|en|pl|sr|el  --fen FEN  --moves \"e4 e5 ...\"
";

/// Runs the command line and returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let (cmd, rest) = match args.split_first() {
        Some((c, r)) => (c.as_str(), r),
        None => ("play", &[][..]),
    };
    match cmd {
        "play" => play::run(rest),
        "session" => session::run(rest),
        "say" if speak::wants_wav(rest) => speak::say(rest),
        "say" => core::say(rest),
        "hear" => core::hear(rest),
        "san" => core::san(rest),
        "replay" if speak::wants_wav(rest) => speak::replay(rest),
        "replay" => core::replay(rest),
        "status" => core::status(rest),
        "bench" => core::bench(rest),
        "clock" => clock::run(rest),
        "braille" => braille::braille(rest),
        "scoresheet" => braille::scoresheet(rest),
        "display" => braille::display(rest),
        "baum-emulator" => braille::baum_emulator(rest),
        "reconcile" => reconcile::run(rest),
        "eboard" => eboard::run(rest),
        "listen" => listen::run(rest),
        "announce" => speak::announce(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            0
        }
        other => {
            eprintln!("Unknown command '{other}'. Try 'hector help'.");
            2
        }
    }
}
