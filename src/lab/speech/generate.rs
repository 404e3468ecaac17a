//! Generated spoken-move test sets: seeded, made at test or bench time, so
//! the recogniser is measured on speech it was never tuned on (tune on one
//! seed, report on another).
//!
//! A set is a list of [`Sample`]s — a position from the games in tests/data
//! or from random play (middle games with 30–50 legal moves), a legal move
//! said in either form (promotions and castling included), or a command
//! phrase, or a sentence that is not chess — each with a speaker: an
//! espeak-ng voice variant, speed, pitch, a noise level and a room (dry,
//! reverberant, or a narrow-band microphone through sox). [`render`] turns a
//! sample into 16 kHz audio.

use super::audio;
use super::moves;
use super::recognizer::SpeechError;
use crate::notation::phrase::{self, Form, SayOptions};
use shakmaty::FromSetup;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, Move, Piece, Position, Rank, Role, Square,
};
use std::io::Write;
use std::process::{Command, Stdio};

/// The generator of spoken sets: hector's seeded source
/// ([`crate::rules::random::SplitMix64`]) with its own offset, so the same
/// seed gives the same set on every machine.
pub type Rng = crate::rules::random::SplitMix64;

/// The generator for the set of `seed`.
fn seeded(seed: u64) -> Rng {
    Rng::new(seed ^ 0x5DEE_CE66_D1CE_4E5B)
}

/// The espeak-ng voice variants speakers are drawn from (male, female,
/// klatt synthesis, croaky, older voices).
pub const VARIANTS: &[&str] = &[
    "", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "f1", "f2", "f3", "f4", "f5", "klatt", "klatt2",
    "klatt3", "croak", "Alex", "Andy", "belinda", "boris", "edward", "grandpa", "iven", "linda",
    "max", "Michael", "steph", "quincy", "victor",
];

/// Speeds in words per minute: slow to fast.
pub const SPEEDS: &[u32] = &[100, 130, 160, 190, 220];

/// Noise levels in dBFS, faint to loud.
pub const NOISES: &[i32] = &[-50, -45, -40, -35, -30];

/// The sound of the room the player speaks in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Room {
    /// A close microphone.
    Dry,
    /// A tournament hall (sox reverb).
    Reverb,
    /// A narrow-band microphone (300–3400 Hz, as a telephone headset).
    Narrow,
}

/// The noise added to a sample's speech.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Noise {
    /// White noise (hiss).
    #[default]
    White,
    /// Pink noise (power falling 3 dB an octave: fans, traffic, a hall).
    Pink,
    /// Babble: other people talking (other utterances mixed together).
    Babble,
}

/// What a sample says.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Said {
    /// A legal move in the position, in UCI and English SAN.
    Move { uci: String, san: String },
    /// A command phrase (issue 10 point 4 names).
    Command { name: String },
    /// Speech that is neither a move nor a command.
    Other,
}

/// One generated utterance.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Sample {
    pub id: usize,
    pub locale: String,
    /// The position the player is in (FEN).
    pub fen: String,
    pub said: Said,
    /// What the speaker says, as written for espeak-ng.
    pub text: String,
    /// "short", "long", "pawn" (with the pawn word), "command", "other".
    pub form: &'static str,
    /// The voice: an espeak-ng voice (e.g. "de+m3"), a flite voice
    /// ("flite:slt"), a festival voice ("festival:kal_diphone") or a
    /// Piper voice ("piper:en_US-joe-medium"); see [`voices`].
    pub voice: String,
    pub speed: u32,
    pub pitch: u32,
    /// The noise level in dBFS (when `snr_db` is not set).
    pub noise_dbfs: i32,
    pub room: Room,
    /// The kind of noise.
    pub noise: Noise,
    /// Signal-to-noise ratio in dB against the speech's own level; `None`:
    /// the noise is at `noise_dbfs`. A clean sample has `noise_dbfs` -120.
    pub snr_db: Option<i32>,
}

impl Sample {
    pub fn position(&self) -> Chess {
        moves::position(Some(&self.fen), None).unwrap_or_default()
    }

    /// Whether `other` is said by the same speaker (voice, speed, pitch,
    /// noise and room): one player in one room.
    pub fn same_speaker(&self, other: &Sample) -> bool {
        (
            &self.voice,
            self.speed,
            self.pitch,
            self.noise_dbfs,
            self.room,
        ) == (
            &other.voice,
            other.speed,
            other.pitch,
            other.noise_dbfs,
            other.room,
        )
    }
}

/// How a set is drawn.
#[derive(Debug, Clone)]
pub struct SetSpec {
    pub seed: u64,
    pub locale: String,
    /// Vary voice, speed, pitch, noise and room; otherwise the locale's
    /// default voice at 160 wpm, pitch 50, −50 dBFS, dry.
    pub varied: bool,
    /// Loudest noise level used (dBFS), e.g. -30 or -25.
    pub loudest: i32,
    /// One speaker (voice, speed, pitch, noise, room) for this many moves
    /// in a row, as one player in one room; 0: a new speaker every move.
    pub player: usize,
    /// Every sample in this voice (see [`voices`]); speed, pitch and room
    /// still vary from move to move. `None`: espeak-ng variants.
    pub voice: Option<String>,
    /// With `voice`: noise (pink, babble or white, drawn) this many dB
    /// below the speech; `None`: clean (no noise).
    pub snr_db: Option<i32>,
}

impl SetSpec {
    pub fn new(seed: u64, locale: &str) -> SetSpec {
        SetSpec {
            seed,
            locale: locale.to_string(),
            varied: true,
            loudest: -30,
            player: 0,
            voice: None,
            snr_db: None,
        }
    }
}

/// espeak-ng's voice for a locale.
pub fn espeak_voice(locale: &str) -> &'static str {
    match locale {
        "en" => "en-us",
        "pl" => "pl",
        "sr" => "sr",
        "el" => "el",
        _ => "de",
    }
}

/// Who speaks one sample: voice, speed, pitch, noise level, room, noise.
type Speaker = (String, u32, u32, i32, Room, Noise);

/// The noise level of a clean sample (dBFS): below the 16-bit floor.
pub const CLEAN_DBFS: i32 = -120;

fn speaker(rng: &mut Rng, spec: &SetSpec) -> Speaker {
    let base = espeak_voice(&spec.locale);
    if let Some(voice) = &spec.voice {
        if !spec.varied {
            return (voice.clone(), 160, 50, CLEAN_DBFS, Room::Dry, Noise::White);
        }
        let speed = *rng.pick(SPEEDS);
        let pitch = 25 + rng.below(51) as u32;
        let room = match rng.below(4) {
            0 => Room::Reverb,
            1 => Room::Narrow,
            _ => Room::Dry,
        };
        let noise = match rng.below(3) {
            0 => Noise::Pink,
            1 => Noise::Babble,
            _ => Noise::White,
        };
        let level = if spec.snr_db.is_some() {
            -40
        } else {
            CLEAN_DBFS
        };
        return (voice.clone(), speed, pitch, level, room, noise);
    }
    if !spec.varied {
        return (base.to_string(), 160, 50, -50, Room::Dry, Noise::White);
    }
    let v = rng.pick(VARIANTS);
    let voice = if v.is_empty() {
        base.to_string()
    } else {
        format!("{base}+{v}")
    };
    let speed = *rng.pick(SPEEDS);
    let pitch = 25 + rng.below(51) as u32;
    let noises: Vec<i32> = NOISES
        .iter()
        .copied()
        .chain([-25])
        .filter(|n| *n <= spec.loudest)
        .collect();
    let noise = *rng.pick(&noises);
    let room = match rng.below(4) {
        0 => Room::Reverb,
        1 => Room::Narrow,
        _ => Room::Dry,
    };
    (voice, speed, pitch, noise, room, Noise::White)
}

/// Positions of the games in tests/data (every position of every game).
pub fn game_positions() -> Vec<Chess> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return out;
    };
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    for f in files {
        if f.extension().and_then(|e| e.to_str()) != Some("pgn") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let games = crate::rules::pgn::read_pgn(&text).unwrap_or_default();
        for g in games {
            let n = g.game.moves().len();
            for ply in 0..=n {
                if let Some(p) = g.game.position_at(ply)
                    && !p.is_game_over()
                {
                    out.push(p.clone());
                }
            }
        }
    }
    out
}

/// A middle-game position from random play with 30–50 legal moves.
pub fn random_middle_game(rng: &mut Rng) -> Chess {
    loop {
        let mut pos = Chess::default();
        let plies = 12 + rng.below(50);
        let mut ok = true;
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                ok = false;
                break;
            }
            // Prefer captures a little so material comes off the board as in
            // real games.
            let caps: Vec<&Move> = legal.iter().filter(|m| m.is_capture()).collect();
            let m = if !caps.is_empty() && rng.chance(0.3) {
                **rng.pick(&caps)
            } else {
                *rng.pick(&legal)
            };
            pos.play_unchecked(m);
        }
        let n = pos.legal_moves().len();
        if ok && (30..=50).contains(&n) {
            return pos;
        }
    }
}

/// A position of `base` changed so that the side to move has a pawn one
/// step from promoting (pushing, or taking, into the last rank).
pub fn promotion_position(rng: &mut Rng, base: &Chess) -> Option<Chess> {
    let turn = base.turn();
    let (seventh, eighth) = match turn {
        Color::White => (Rank::Seventh, Rank::Eighth),
        Color::Black => (Rank::Second, Rank::First),
    };
    for _ in 0..20 {
        let file = shakmaty::File::new(rng.below(8) as u32);
        let from = Square::from_coords(file, seventh);
        let to = Square::from_coords(file, eighth);
        let mut setup = base.to_setup(EnPassantMode::Legal);
        if setup.board.piece_at(from).is_some() {
            continue;
        }
        // Take away one of the mover's pawns and put it on the seventh rank.
        let pawns: Vec<Square> = (setup.board.by_piece(Piece {
            color: turn,
            role: Role::Pawn,
        }))
        .into_iter()
        .collect();
        if let Some(sq) = pawns.first() {
            setup.board.discard_piece_at(*sq);
        }
        setup.board.set_piece_at(
            from,
            Piece {
                color: turn,
                role: Role::Pawn,
            },
        );
        if setup.board.piece_at(to).is_some() && rng.chance(0.5) {
            setup.board.discard_piece_at(to);
        }
        setup.ep_square = None;
        let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) else {
            continue;
        };
        if pos.legal_moves().iter().any(|m| m.promotion().is_some()) {
            return Some(pos);
        }
    }
    None
}

fn choose_move(rng: &mut Rng, pos: &Chess) -> Option<Move> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let promos: Vec<&Move> = legal.iter().filter(|m| m.promotion().is_some()).collect();
    if !promos.is_empty() {
        return Some(**rng.pick(&promos));
    }
    let castles: Vec<&Move> = legal.iter().filter(|m| m.is_castle()).collect();
    if !castles.is_empty() && rng.chance(0.35) {
        return Some(**rng.pick(&castles));
    }
    Some(*rng.pick(&legal))
}

/// `count` spoken moves in `spec.locale`, drawn from `spec.seed`.
pub fn move_set(spec: &SetSpec, count: usize) -> Vec<Sample> {
    let mut rng = seeded(spec.seed);
    // Players are drawn apart from the moves: the same seed gives the same
    // players whatever the moves consume.
    let mut players = seeded(spec.seed ^ 0x706c_6179_6572);
    let mut player = None;
    let games = game_positions();
    let loc = moves::locale(&spec.locale);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let r = rng.below(100);
        let pos = if r < 15 && !games.is_empty() {
            rng.pick(&games).clone()
        } else if r < 22 {
            let base = random_middle_game(&mut rng);
            match promotion_position(&mut rng, &base) {
                Some(p) => p,
                None => base,
            }
        } else {
            random_middle_game(&mut rng)
        };
        let Some(m) = choose_move(&mut rng, &pos) else {
            continue;
        };
        let form = if rng.chance(0.5) {
            Form::Short
        } else {
            Form::Long
        };
        let pawn_word = m.role() == Role::Pawn && !m.is_castle() && rng.chance(0.3);
        let opts = SayOptions::spoken(form, pawn_word);
        let text = phrase::say_with(&pos, m, loc, &opts);
        let (voice, speed, pitch, noise_dbfs, room, noise) = if spec.player == 0 {
            speaker(&mut rng, spec)
        } else {
            if out.len() % spec.player == 0 {
                player = Some(speaker(&mut players, spec));
            }
            player
                .clone()
                .unwrap_or_else(|| speaker(&mut players, spec))
        };
        out.push(Sample {
            id: out.len(),
            locale: spec.locale.clone(),
            fen: fen_of(&pos),
            said: said_move(&pos, m),
            text,
            form: if pawn_word {
                "pawn"
            } else if form == Form::Long {
                "long"
            } else {
                "short"
            },
            voice,
            speed,
            pitch,
            noise_dbfs,
            room,
            noise,
            snr_db: spec.snr_db,
        });
    }
    out
}

/// A sample's position as FEN.
fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// What a sample of move `m` says: the move in UCI and SAN.
fn said_move(pos: &Chess, m: Move) -> Said {
    Said::Move {
        uci: UciMove::from_move(m, CastlingMode::Standard).to_string(),
        san: SanPlus::from_move(pos.clone(), m).to_string(),
    }
}

/// The moves of a game from the start position (SAN, in order), each said
/// in the short form by a speaker drawn as in [`move_set`] (with
/// `spec.voice`: that voice at varied speed and pitch). `None` if a move is
/// not legal.
pub fn game_set(spec: &SetSpec, sans: &[&str]) -> Option<Vec<Sample>> {
    let mut rng = seeded(spec.seed);
    let loc = moves::locale(&spec.locale);
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for san in sans {
        let m = san.parse::<SanPlus>().ok()?.san.to_move(&pos).ok()?;
        let text = phrase::say(&pos, m, loc, Form::Short);
        let (voice, speed, pitch, noise_dbfs, room, noise) = speaker(&mut rng, spec);
        out.push(Sample {
            id: out.len(),
            locale: spec.locale.clone(),
            fen: fen_of(&pos),
            said: said_move(&pos, m),
            text,
            form: "short",
            voice,
            speed,
            pitch,
            noise_dbfs,
            room,
            noise,
            snr_db: spec.snr_db,
        });
        pos.play_unchecked(m);
    }
    Some(out)
}

/// Samples of the given phrases (command phrases, or sentences that are
/// not chess), each said once per entry of `phrases` by a drawn speaker, in
/// a random middle-game position.
pub fn phrase_set(spec: &SetSpec, phrases: &[(Said, String)]) -> Vec<Sample> {
    let mut rng = seeded(spec.seed);
    let mut out = Vec::with_capacity(phrases.len());
    for (said, text) in phrases {
        let pos = random_middle_game(&mut rng);
        let (voice, speed, pitch, noise_dbfs, room, noise) = speaker(&mut rng, spec);
        out.push(Sample {
            id: out.len(),
            locale: spec.locale.clone(),
            fen: fen_of(&pos),
            said: said.clone(),
            form: match said {
                Said::Command { .. } => "command",
                _ => "other",
            },
            text: text.clone(),
            voice,
            speed,
            pitch,
            noise_dbfs,
            room,
            noise,
            snr_db: spec.snr_db,
        });
    }
    out
}

/// The sentences of tests/audio/non-chess.tsv for `locale`: neither moves
/// nor commands.
pub fn non_chess(locale: &str) -> Vec<(Said, String)> {
    non_chess_from(include_str!("../../../tests/audio/non-chess.tsv"), locale)
}

/// The sentences of a `locale<TAB>sentence` list for `locale` (lines
/// starting with `#` are comments).
pub fn non_chess_from(list: &str, locale: &str) -> Vec<(Said, String)> {
    list.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .filter(|(l, _)| *l == locale)
        .map(|(_, t)| (Said::Other, t.to_string()))
        .collect()
}

/// Up to `per_command` phrases of every spoken command of `locale`, as
/// written in locales/<code>/session.toml.
pub fn command_texts(locale: &str, per_command: usize) -> Vec<(Said, String)> {
    let mut out: Vec<(Said, String)> = Vec::new();
    let all = crate::locale::session::command_phrases(locale).unwrap_or_default();
    for (name, p) in &all {
        let n = out
            .iter()
            .filter(|(s, _)| matches!(s, Said::Command { name: x } if x == name))
            .count();
        if n < per_command {
            out.push((
                Said::Command {
                    name: name.to_string(),
                },
                p.clone(),
            ));
        }
    }
    out
}

/// Whether espeak-ng and sox are installed (needed by [`render`]).
pub fn tools_missing() -> Vec<&'static str> {
    ["espeak-ng", "sox"]
        .into_iter()
        .filter(|p| !super::speaker::have(p))
        .collect()
}

/// Leading and trailing silence around each utterance (ms), as a
/// push-to-talk press or an end-of-utterance detector leaves it.
pub const LEAD_MS: usize = 250;
pub const TRAIL_MS: usize = 350;

/// The sample as 16 kHz mono audio: its voice speaks it (espeak-ng, flite
/// or festival), sox converts it (and adds the room), then noise at the
/// sample's level is added.
pub fn render(s: &Sample) -> Result<Vec<i16>, SpeechError> {
    let mut audio = render_clean(s)?;
    add_sample_noise(&mut audio, s)?;
    Ok(audio)
}

/// The sample's speech with its room and the silence around it, before the
/// noise: [`render`] is this plus [`add_sample_noise`].
pub fn render_clean(s: &Sample) -> Result<Vec<i16>, SpeechError> {
    let (spoken, cents) = if let Some(v) = s.voice.strip_prefix("flite:") {
        (flite(&s.text, v, s.speed)?, Some(pitch_cents(s.pitch)))
    } else if let Some(v) = s.voice.strip_prefix("festival:") {
        (festival(&s.text, v, s.speed)?, Some(pitch_cents(s.pitch)))
    } else if let Some(v) = s.voice.strip_prefix("piper:") {
        (piper(&s.text, v, s.speed)?, Some(pitch_cents(s.pitch)))
    } else {
        (espeak(&s.text, &s.voice, s.speed, s.pitch)?, None)
    };
    let mut samples = sox(&spoken, s.room, cents)?;
    let rate = audio::RATE as usize;
    let mut padded = vec![0i16; LEAD_MS * rate / 1000];
    padded.append(&mut samples);
    padded.extend(std::iter::repeat_n(0i16, TRAIL_MS * rate / 1000));
    Ok(padded)
}

/// espeak-ng's pitch (0–100, 50 the voice's own) for flite and festival
/// voices, as a shift in cents (±2 semitones).
fn pitch_cents(pitch: u32) -> i32 {
    (pitch as i32 - 50) * 8
}

/// Adds the sample's noise (its kind, its level, its seed) to its rendered
/// speech. Babble is made by speaking other sentences of the sample's
/// language in other voices.
pub fn add_sample_noise(audio: &mut [i16], s: &Sample) -> Result<(), SpeechError> {
    let seed = s.id as u64 * 7919 + 1;
    let level = match s.snr_db {
        Some(snr) => speech_dbfs(audio) - snr as f32,
        None => s.noise_dbfs as f32,
    };
    if level <= CLEAN_DBFS as f32 {
        return Ok(());
    }
    match s.noise {
        Noise::White => audio::add_noise(audio, level, seed),
        Noise::Pink => mix(audio, &pink(audio.len(), seed), level),
        Noise::Babble => mix(audio, &babble(s, audio.len(), seed)?, level),
    }
    Ok(())
}

/// The level of the speech in `audio` (dBFS): the RMS over its 10 ms frames
/// that lie within 40 dB of the loudest (pauses left out).
pub fn speech_dbfs(audio: &[i16]) -> f32 {
    let frames: Vec<f32> = audio
        .chunks(audio::RATE as usize / 100)
        .map(audio::rms_dbfs)
        .filter(|d| d.is_finite())
        .collect();
    let loudest = frames.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let power: Vec<f64> = frames
        .iter()
        .filter(|d| **d > loudest - 40.0)
        .map(|d| 10f64.powf(*d as f64 / 10.0))
        .collect();
    if power.is_empty() {
        return f32::NEG_INFINITY;
    }
    (10.0 * (power.iter().sum::<f64>() / power.len() as f64).log10()) as f32
}

/// Adds `noise` to `audio`, scaled to `dbfs` (RMS).
pub(crate) fn mix(audio: &mut [i16], noise: &[f32], dbfs: f32) {
    let rms =
        (noise.iter().map(|x| (*x as f64).powi(2)).sum::<f64>() / noise.len().max(1) as f64).sqrt();
    if rms <= 0.0 {
        return;
    }
    let gain = 32767.0 * 10f64.powf(dbfs as f64 / 20.0) / rms;
    for (a, n) in audio.iter_mut().zip(noise) {
        *a = (*a as f64 + *n as f64 * gain).clamp(-32768.0, 32767.0) as i16;
    }
}

/// `len` samples of pink noise (Paul Kellet's filter over white noise).
pub(crate) fn pink(len: usize, seed: u64) -> Vec<f32> {
    let mut rng = seeded(seed);
    let mut b = [0f64; 7];
    (0..len)
        .map(|_| {
            let w = rng.below(1 << 24) as f64 / (1u64 << 23) as f64 - 1.0;
            b[0] = 0.99886 * b[0] + w * 0.0555179;
            b[1] = 0.99332 * b[1] + w * 0.0750759;
            b[2] = 0.96900 * b[2] + w * 0.1538520;
            b[3] = 0.86650 * b[3] + w * 0.3104856;
            b[4] = 0.55000 * b[4] + w * 0.5329522;
            b[5] = -0.7616 * b[5] - w * 0.0168980;
            let p = b.iter().sum::<f64>() + w * 0.5362;
            b[6] = w * 0.115926;
            p as f32
        })
        .collect()
}

/// `len` samples of babble: four sentences of the sample's language said by
/// other espeak-ng voices, each starting at its own moment and repeated to
/// fill the sample.
fn babble(s: &Sample, len: usize, seed: u64) -> Result<Vec<f32>, SpeechError> {
    let mut rng = seeded(seed ^ 0x6261_6262_6c65);
    let mut sentences: Vec<String> = non_chess(&s.locale).into_iter().map(|x| x.1).collect();
    sentences.extend(command_texts(&s.locale, 1).into_iter().map(|x| x.1));
    if sentences.is_empty() {
        sentences.push(s.text.clone());
    }
    let base = espeak_voice(&s.locale);
    let mut out = vec![0f32; len];
    for _ in 0..4 {
        let text = rng.pick(&sentences).clone();
        let voice = format!("{base}+{}", rng.pick(&["m1", "m3", "f1", "f3", "m6", "f4"]));
        let talk = sox(&espeak(&text, &voice, 170, 50)?, Room::Reverb, None)?;
        if talk.is_empty() {
            continue;
        }
        let start = rng.below(talk.len());
        for (i, o) in out.iter_mut().enumerate() {
            *o += talk[(start + i) % talk.len()] as f32;
        }
    }
    Ok(out)
}

/// A temporary WAV file's path, unique to this process and call.
fn scratch_wav(tool: &str) -> std::path::PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::env::temp_dir().join(format!("hector-{tool}-{}-{n}.wav", std::process::id()))
}

/// flite speaks `text` in `voice` at `speed` (160 wpm: the voice's own).
fn flite(text: &str, voice: &str, speed: u32) -> Result<Vec<u8>, SpeechError> {
    let out = scratch_wav("flite");
    let stretch = format!("duration_stretch={:.2}", 160.0 / speed.max(60) as f64);
    let o = Command::new("flite")
        .args(["-voice", voice, "--setf", &stretch, "-o"])
        .arg(&out)
        .args(["-t", text])
        .output()
        .map_err(|e| SpeechError::Audio(format!("flite cannot be run ({e})")))?;
    written_wav("flite", &out, &o, text, voice)
}

/// The WAV a synthesizer wrote to `out` (the file removed), or why not:
/// it failed, or wrote no sound.
fn written_wav(
    tool: &str,
    out: &std::path::Path,
    o: &std::process::Output,
    text: &str,
    voice: &str,
) -> Result<Vec<u8>, SpeechError> {
    let wav = std::fs::read(out).unwrap_or_default();
    let _ = std::fs::remove_file(out);
    if !o.status.success() || wav.len() < 44 {
        return Err(SpeechError::Audio(format!(
            "{tool} failed for '{text}' in voice {voice}: {}",
            String::from_utf8_lossy(&o.stderr).trim()
        )));
    }
    Ok(wav)
}

/// festival's text2wave speaks `text` in `voice` at `speed`.
fn festival(text: &str, voice: &str, speed: u32) -> Result<Vec<u8>, SpeechError> {
    let out = scratch_wav("festival");
    let stretch = format!(
        "(Parameter.set 'Duration_Stretch {:.2})",
        160.0 / speed.max(60) as f64
    );
    let mut cmd = Command::new("text2wave");
    cmd.args([
        "-eval",
        &format!("(voice_{voice})"),
        "-eval",
        &stretch,
        "-o",
    ])
    .arg(&out);
    told_on_stdin(cmd, "festival's text2wave", &out, text, voice)
}

/// Runs a synthesizer that reads `text` on its standard input and writes
/// the WAV `out`: the WAV, or why not ([`written_wav`]); `tool` names it.
fn told_on_stdin(
    mut cmd: Command,
    tool: &str,
    out: &std::path::Path,
    text: &str,
    voice: &str,
) -> Result<Vec<u8>, SpeechError> {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| SpeechError::Audio(format!("{tool} cannot be run ({e})")))?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(text.as_bytes());
    }
    let o = child
        .wait_with_output()
        .map_err(|e| SpeechError::Audio(format!("{tool} failed: {e}")))?;
    written_wav(tool, out, &o, text, voice)
}

/// Where `./setup.sh --voices` puts Piper (a neural synthesizer, from
/// PyPI's `piper-tts`) and its voices (`voices/<name>.onnx` with its
/// `.onnx.json`): `HECTOR_PIPER_HOME`, else `~/.cache/hector/piper`.
pub fn piper_home() -> std::path::PathBuf {
    if let Some(d) = std::env::var_os("HECTOR_PIPER_HOME") {
        return d.into();
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache.join("hector").join("piper")
}

/// The Piper voices installed for `locale` (their model files are named
/// `<language>_<region>-<name>-<quality>.onnx`, e.g. en_US-joe-medium):
/// the names after "piper:", sorted.
pub fn piper_voices(locale: &str) -> Vec<String> {
    piper_voices_in(&piper_home(), locale)
}

fn piper_voices_in(home: &std::path::Path, locale: &str) -> Vec<String> {
    if !home.join("bin").join("piper").is_file() {
        return Vec::new();
    }
    let mut out: Vec<String> = std::fs::read_dir(home.join("voices"))
        .map(|d| {
            d.flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter_map(|f| f.strip_suffix(".onnx").map(str::to_string))
                .filter(|f| f.split('_').next() == Some(locale))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Piper speaks `text` in `voice` (a model of [`piper_home`]'s voices) at
/// `speed` (160 wpm: the voice's own). Its voices vary a little from one
/// run to the next (the model draws its own noise): the lab's cache keeps
/// what was heard.
fn piper(text: &str, voice: &str, speed: u32) -> Result<Vec<u8>, SpeechError> {
    let home = piper_home();
    let out = scratch_wav("piper");
    let scale = format!("{:.2}", 160.0 / speed.max(60) as f64);
    let mut cmd = Command::new(home.join("bin").join("piper"));
    cmd.arg("--model")
        .arg(home.join("voices").join(format!("{voice}.onnx")))
        .args(["--length-scale", &scale, "--output-file"])
        .arg(&out);
    told_on_stdin(cmd, "piper (./setup.sh --voices)", &out, text, voice)
}

/// flite's English voices used for development speech.
pub const FLITE_VOICES: &[&str] = &["kal", "kal16", "slt", "rms", "awb"];

/// festival's English voices (Debian packages festvox-kallpc16k,
/// festvox-kdlpc16k and festvox-us-slt-hts).
pub const FESTIVAL_VOICES: &[&str] = &["kal_diphone", "ked_diphone", "cmu_us_slt_arctic_hts"];

/// The espeak-ng variants speaking development sets, per locale: more for
/// German, which has no other synthesizer on Debian.
fn espeak_variants(locale: &str) -> &'static [&'static str] {
    match locale {
        "de" => &["", "m3", "f2", "klatt2", "croak", "Andy"],
        "en" => &["m3", "f2", "klatt2"],
        _ => &["", "f2", "klatt2"],
    }
}

/// The installed voices of `locale` for development sets (one voice is
/// one player, left out in turn): flite and festival voices for English,
/// the Piper voices installed for the locale ([`piper_voices`]), espeak-ng
/// variants for every locale.
pub fn voices(locale: &str) -> Vec<String> {
    let mut out = Vec::new();
    if locale == "en" {
        let listed = Command::new("flite")
            .arg("-lv")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        let have: Vec<&str> = listed.split_whitespace().collect();
        for v in FLITE_VOICES {
            if have.contains(v) {
                out.push(format!("flite:{v}"));
            }
        }
        for v in FESTIVAL_VOICES {
            if festival_has(v) {
                out.push(format!("festival:{v}"));
            }
        }
    }
    for v in piper_voices(locale) {
        out.push(format!("piper:{v}"));
    }
    let base = espeak_voice(locale);
    for v in espeak_variants(locale) {
        out.push(if v.is_empty() {
            base.to_string()
        } else {
            format!("{base}+{v}")
        });
    }
    out
}

/// Whether festival's voice `v` is installed (its folder under
/// /usr/share/festival/voices).
fn festival_has(v: &str) -> bool {
    let root = std::path::Path::new("/usr/share/festival/voices");
    std::fs::read_dir(root)
        .map(|langs| langs.flatten().any(|l| l.path().join(v).is_dir()))
        .unwrap_or(false)
}

fn espeak(text: &str, voice: &str, speed: u32, pitch: u32) -> Result<Vec<u8>, SpeechError> {
    let o = Command::new("espeak-ng")
        .args([
            "-v",
            voice,
            "-s",
            &speed.to_string(),
            "-p",
            &pitch.to_string(),
        ])
        .arg("--stdout")
        .arg("--")
        .arg(text)
        .output()
        .map_err(|e| SpeechError::Audio(format!("espeak-ng cannot be run ({e})")))?;
    if !o.status.success() || o.stdout.len() < 44 {
        return Err(SpeechError::Audio(format!(
            "espeak-ng failed for '{text}': {}",
            String::from_utf8_lossy(&o.stderr).trim()
        )));
    }
    Ok(o.stdout)
}

fn sox(wav: &[u8], room: Room, cents: Option<i32>) -> Result<Vec<i16>, SpeechError> {
    // -R: the dither sox adds is the same on every run (a seed gives one set).
    let mut args: Vec<&str> = vec![
        "-q", "-R", "-t", "wav", "-", "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r",
        "16000", "-",
    ];
    let shift = cents.map(|c| c.to_string());
    if let Some(c) = &shift {
        args.extend(["pitch", c.as_str()]);
    }
    match room {
        Room::Dry => {}
        Room::Reverb => args.extend(["reverb", "40", "50", "60", "gain", "-3"]),
        Room::Narrow => args.extend(["sinc", "300-3400", "gain", "-1"]),
    }
    let mut child = Command::new("sox")
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| SpeechError::Audio(format!("sox cannot be run ({e})")))?;
    let mut stdin = child.stdin.take().expect("piped");
    let data = wav.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let o = child
        .wait_with_output()
        .map_err(|e| SpeechError::Audio(format!("sox failed: {e}")))?;
    let _ = writer.join();
    if !o.status.success() {
        return Err(SpeechError::Audio(format!(
            "sox failed: {}",
            String::from_utf8_lossy(&o.stderr).trim()
        )));
    }
    Ok(o.stdout
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_keeps_one_voice_and_room_for_his_moves() {
        let mut spec = SetSpec::new(11, "de");
        spec.player = 5;
        let set = move_set(&spec, 40);
        let who = |s: &Sample| (s.voice.clone(), s.speed, s.pitch, s.noise_dbfs, s.room);
        for group in set.chunks(5) {
            assert!(group.iter().all(|s| who(s) == who(&group[0])), "{group:?}");
        }
        let players: std::collections::HashSet<_> = set.iter().map(who).collect();
        assert!(players.len() > 1 && players.len() <= 8, "{}", players.len());
        // Without players, speakers change from move to move.
        let each = move_set(&SetSpec::new(11, "de"), 40);
        assert!(
            each.iter()
                .map(who)
                .collect::<std::collections::HashSet<_>>()
                .len()
                > 8
        );
    }

    #[test]
    fn a_voice_set_keeps_its_voice_and_its_noise_lies_below_the_speech() {
        let mut spec = SetSpec::new(7, "en");
        spec.voice = Some("flite:slt".into());
        spec.snr_db = Some(20);
        let set = move_set(&spec, 30);
        assert!(
            set.iter()
                .all(|s| s.voice == "flite:slt" && s.snr_db == Some(20))
        );
        let kinds: std::collections::HashSet<_> = set.iter().map(|s| s.noise).collect();
        assert_eq!(kinds.len(), 3, "pink, babble and white noise are drawn");
        // Clean: no noise at all.
        spec.snr_db = None;
        assert!(
            move_set(&spec, 10)
                .iter()
                .all(|s| s.noise_dbfs == CLEAN_DBFS)
        );
        // Pink noise mixed 20 dB below a tone's level.
        let tone: Vec<i16> = (0..16000)
            .map(|i| ((i as f32 * 0.05).sin() * 8000.0) as i16)
            .collect();
        let level = speech_dbfs(&tone);
        assert!((level - audio::rms_dbfs(&tone)).abs() < 0.5, "{level}");
        let mut noisy = vec![0i16; 16000];
        mix(&mut noisy, &pink(16000, 3), level - 20.0);
        let got = audio::rms_dbfs(&noisy);
        assert!((got - (level - 20.0)).abs() < 0.5, "{got} vs {level}");
        // Pink noise has more power low than high: the mean of successive
        // differences is far below the signal's own power.
        let p = pink(16000, 3);
        let power: f32 = p.iter().map(|x| x * x).sum();
        let diff: f32 = p.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum();
        assert!(diff < power, "{diff} vs {power}");
    }

    #[test]
    fn a_game_set_says_the_moves_in_order_and_refuses_an_illegal_one() {
        let mut spec = SetSpec::new(5, "en");
        spec.voice = Some("flite:awb".into());
        let set = game_set(&spec, &["e4", "e5", "Nf3"]).expect("legal");
        let ucis: Vec<_> = set
            .iter()
            .map(|s| match &s.said {
                Said::Move { uci, .. } => uci.clone(),
                _ => String::new(),
            })
            .collect();
        assert_eq!(ucis, ["e2e4", "e7e5", "g1f3"]);
        assert!(set.iter().all(|s| s.voice == "flite:awb"));
        assert!(game_set(&spec, &["e4", "Ke3"]).is_none());
    }

    #[test]
    fn every_language_has_voices_and_english_more_than_one_synthesizer() {
        for loc in ["de", "en", "pl", "sr", "el"] {
            assert!(voices(loc).len() >= 3, "{loc}");
        }
        // Only installed voices are listed; espeak-ng's are always there.
        assert!(voices("de").iter().all(|v| v.starts_with("de")));
        let en = voices("en");
        assert!(en.iter().any(|v| v.starts_with("en-us")), "{en:?}");
    }

    #[test]
    fn piper_voices_are_the_models_of_the_locale_beside_piper() {
        let home = std::env::temp_dir().join(format!("hector-piper-{}", std::process::id()));
        let voices = home.join("voices");
        std::fs::create_dir_all(&voices).unwrap();
        for f in [
            "en_US-joe-medium.onnx",
            "en_US-joe-medium.onnx.json",
            "en_GB-alan-low.onnx",
            "de_DE-eva-medium.onnx",
            "notes.txt",
        ] {
            std::fs::write(voices.join(f), b"").unwrap();
        }
        // Without Piper itself, none.
        assert!(piper_voices_in(&home, "en").is_empty());
        std::fs::create_dir_all(home.join("bin")).unwrap();
        std::fs::write(home.join("bin").join("piper"), b"").unwrap();
        assert_eq!(
            piper_voices_in(&home, "en"),
            ["en_GB-alan-low", "en_US-joe-medium"]
        );
        assert_eq!(piper_voices_in(&home, "de"), ["de_DE-eva-medium"]);
        assert!(piper_voices_in(&home, "pl").is_empty());
        std::fs::remove_dir_all(&home).ok();
    }

    #[test]
    fn sets_are_seeded_and_legal() {
        let spec = SetSpec::new(11, "de");
        let a = move_set(&spec, 40);
        let b = move_set(&spec, 40);
        assert_eq!(a.len(), 40);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!((&x.fen, &x.text, &x.voice), (&y.fen, &y.text, &y.voice));
        }
        let other = move_set(&SetSpec::new(12, "de"), 40);
        assert_ne!(
            a.iter().map(|s| &s.text).collect::<Vec<_>>(),
            other.iter().map(|s| &s.text).collect::<Vec<_>>()
        );
        for s in &a {
            let pos = s.position();
            let Said::Move { uci, .. } = &s.said else {
                panic!("{s:?}")
            };
            let m = uci
                .parse::<UciMove>()
                .unwrap()
                .to_move(&pos)
                .expect("legal");
            assert!(pos.legal_moves().contains(&m));
        }
        // Castling and promotions turn up in a set of a few hundred.
        let big = move_set(&SetSpec::new(3, "en"), 300);
        assert!(big.iter().any(|s| s.text.contains("castling")));
        assert!(
            big.iter()
                .any(|s| matches!(&s.said, Said::Move { san, .. } if san.contains('=')))
        );
    }
}
