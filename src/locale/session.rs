//! The words of a game (`locales/<code>/session.toml`): command phrases
//! every seat may say or type; the sentences the session's events are
//! rendered in come from `messages.ftl` ([`super::messages`]). English phrases are understood in
//! every locale, so a player is never stuck because of the language.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::messages::Messages;
use super::{CODES, LocaleError, Part, fold, source};

/// A command word: what a line asks for before its arguments. The locale
/// files list the phrases of each under its kebab-case name (`my-time`,
/// `set-time` …); the session's requests are built from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verb {
    Time,
    MyTime,
    OpponentTime,
    TimeUsed,
    Moves,
    Last,
    Repeat,
    Where,
    Rank,
    File,
    Board,
    Draw,
    Accept,
    Decline,
    Claim,
    Resign,
    Adjourn,
    Arbiter,
    Help,
    Yes,
    No,
    List,
    Sheet,
    StartClock,
    StopClock,
    Press,
    Check,
    Shows,
    Fixed,
    Correct,
    Retrace,
    Illegal,
    Touched,
    Present,
    Resume,
    Envelope,
    Fen,
    Pgn,
    Result,
    SetTime,
    AddTime,
    SetMoves,
    Status,
    /// Guidelines I.2.7: the date, time and place of resumption.
    Resumption,
    /// 6.7: the arbiter records a player absent or arrived.
    Absent,
    Arrived,
    /// D.2.1: the sighted player has repeated the blind player's move on
    /// his board.
    Repeated,
}

impl Verb {
    /// The name of the command as the locale files and `hector listen
    /// --json` write it.
    pub fn name(self) -> &'static str {
        match self {
            Verb::Time => "time",
            Verb::MyTime => "my-time",
            Verb::OpponentTime => "opponent-time",
            Verb::TimeUsed => "time-used",
            Verb::Moves => "moves",
            Verb::Last => "last",
            Verb::Repeat => "repeat",
            Verb::Where => "where",
            Verb::Rank => "rank",
            Verb::File => "file",
            Verb::Board => "board",
            Verb::Draw => "draw",
            Verb::Accept => "accept",
            Verb::Decline => "decline",
            Verb::Claim => "claim",
            Verb::Resign => "resign",
            Verb::Adjourn => "adjourn",
            Verb::Arbiter => "arbiter",
            Verb::Help => "help",
            Verb::Yes => "yes",
            Verb::No => "no",
            Verb::List => "list",
            Verb::Sheet => "sheet",
            Verb::StartClock => "start-clock",
            Verb::StopClock => "stop-clock",
            Verb::Press => "press",
            Verb::Check => "check",
            Verb::Shows => "shows",
            Verb::Fixed => "fixed",
            Verb::Correct => "correct",
            Verb::Retrace => "retrace",
            Verb::Illegal => "illegal",
            Verb::Touched => "touched",
            Verb::Present => "present",
            Verb::Resume => "resume",
            Verb::Envelope => "envelope",
            Verb::Fen => "fen",
            Verb::Pgn => "pgn",
            Verb::Result => "result",
            Verb::SetTime => "set-time",
            Verb::AddTime => "add-time",
            Verb::SetMoves => "set-moves",
            Verb::Status => "status",
            Verb::Resumption => "resumption",
            Verb::Absent => "absent",
            Verb::Arrived => "arrived",
            Verb::Repeated => "repeated",
        }
    }
}

/// What a refusal names when a seat may not move (`not_your_right`).
pub const MOVE_LABEL: &str = "move";

impl Verb {
    /// How a refusal names the command (`command` of `not_your_right`,
    /// `incomplete`): the name, with the clock's two words apart.
    pub fn label(self) -> &'static str {
        match self {
            Verb::StartClock => "start clock",
            Verb::StopClock => "stop clock",
            other => other.name(),
        }
    }

    /// The command a refusal's label names.
    pub fn from_label(label: &str) -> Option<Verb> {
        use serde::de::IntoDeserializer;
        let name = label.replace(' ', "-");
        let de: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
            name.as_str().into_deserializer();
        Verb::deserialize(de).ok().filter(|v| v.label() == label)
    }

    /// Only the arbiter gives it (6.10–6.12, 7.1, 12; D.2.9; Guidelines I).
    pub fn arbiter_only(self) -> bool {
        matches!(
            self,
            Verb::StartClock
                | Verb::StopClock
                | Verb::SetTime
                | Verb::AddTime
                | Verb::SetMoves
                | Verb::Retrace
                | Verb::Correct
                | Verb::Result
                | Verb::Resume
                | Verb::Present
                | Verb::Envelope
                | Verb::Fixed
                | Verb::Resumption
                | Verb::Absent
                | Verb::Arrived
        )
    }

    /// The key part of its `incomplete_…` sentence: the three clock
    /// corrections share one.
    pub fn topic(self) -> &'static str {
        match self {
            Verb::SetTime | Verb::AddTime | Verb::SetMoves => "set",
            other => other.label(),
        }
    }
}

/// The commands a blind player can say (FIDE Laws 2023, D.2.1–D.2.10); their
/// names are the contract of `hector listen --json` and the voice grammar.
pub const SPOKEN: [Verb; 21] = [
    Verb::Time,
    Verb::MyTime,
    Verb::OpponentTime,
    Verb::TimeUsed,
    Verb::Moves,
    Verb::Last,
    Verb::Repeat,
    Verb::Where,
    Verb::Rank,
    Verb::File,
    Verb::Board,
    Verb::Draw,
    Verb::Accept,
    Verb::Decline,
    Verb::Claim,
    Verb::Resign,
    Verb::Adjourn,
    Verb::Arbiter,
    Verb::Help,
    Verb::Yes,
    Verb::No,
];

#[derive(Debug, Deserialize)]
struct Words {
    my: Vec<String>,
    their: Vec<String>,
    threefold: Vec<String>,
    fifty: Vec<String>,
    flag: Vec<String>,
    blind: Vec<String>,
    sighted: Vec<String>,
    early: Vec<String>,
    /// I.12.1: `resume lost` (the envelope is lost or unreadable).
    #[serde(default)]
    lost: Vec<String>,
    /// 2009/2005 10.2: `claim quickplay`.
    #[serde(default)]
    quickplay: Vec<String>,
    /// Units of a clock correction (`4 Minuten`, `90 Sekunden`).
    #[serde(default)]
    hours: Vec<String>,
    #[serde(default)]
    minutes: Vec<String>,
    #[serde(default)]
    seconds: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct File {
    code: String,
    commands: HashMap<Verb, Vec<String>>,
    words: Words,
}

/// `phrases.toml`: whole sentences for a request, by command.
#[derive(Debug, Deserialize)]
struct Phrases {
    code: String,
    phrases: HashMap<Verb, Vec<String>>,
}

/// A word class of the session vocabulary (after a command word).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    My,
    Their,
    Threefold,
    Fifty,
    Flag,
    Blind,
    Sighted,
    Early,
    /// I.12.1: the envelope is lost (`resume lost`).
    Lost,
    /// 2009/2005 10.2: a draw claim in the quickplay finish.
    Quickplay,
}

/// One locale's session wording.
#[derive(Debug)]
pub struct SessionWords {
    code: &'static str,
    file: File,
    /// (folded phrase words, command), longest first.
    phrases: Vec<(Vec<String>, Verb)>,
    /// The natural sentences of `phrases.toml`, as written.
    natural: HashMap<Verb, Vec<String>>,
    messages: &'static Messages,
}

/// The folded words of a line, one per whitespace-separated token
/// (punctuation around a word dropped).
fn folded_words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| fold(w.trim_matches(|c: char| ",.;:!?¿¡;«»„“”\"".contains(c))))
        .collect()
}

static LOADED: OnceLock<Vec<Result<SessionWords, LocaleError>>> = OnceLock::new();

impl SessionWords {
    /// The session wording of a locale.
    pub fn get(code: &str) -> Result<&'static SessionWords, LocaleError> {
        let all = LOADED.get_or_init(|| CODES.iter().map(|c| SessionWords::load(c)).collect());
        let code = super::code(code)?;
        let i = CODES.iter().position(|c| *c == code).unwrap_or(0);
        all[i].as_ref().map_err(Clone::clone)
    }

    fn load(code: &'static str) -> Result<SessionWords, LocaleError> {
        let data = |reason: String| LocaleError::Data {
            code: code.to_string(),
            reason,
        };
        let own: File = toml::from_str(source(code, Part::Session)?)
            .map_err(|e| data(format!("session.toml: {e}")))?;
        if own.code != code {
            return Err(data(format!("session.toml says code = '{}'", own.code)));
        }
        let natural = |code: &str| -> Result<Phrases, LocaleError> {
            let p: Phrases = toml::from_str(source(code, Part::Phrases)?)
                .map_err(|e| data(format!("{code}/phrases.toml: {e}")))?;
            if p.code != code {
                return Err(data(format!("phrases.toml says code = '{}'", p.code)));
            }
            Ok(p)
        };
        let own_natural = natural(code)?;
        let mut phrases: Vec<(Vec<String>, Verb)> = Vec::new();
        // Within a locale one phrase stands for one command, in
        // session.toml and phrases.toml together.
        let all_own: Vec<(&Verb, &String)> = own
            .commands
            .iter()
            .chain(own_natural.phrases.iter())
            .flat_map(|(n, l)| l.iter().map(move |p| (n, p)))
            .collect();
        for (name, p) in &all_own {
            let w = folded_words(p);
            if let Some((other, _)) = all_own
                .iter()
                .find(|(n, q)| n != name && folded_words(q) == w)
            {
                return Err(data(format!(
                    "session.toml, phrases.toml: '{p}' stands for both {} and {}",
                    name.name(),
                    other.name()
                )));
            }
        }
        let mut add = |commands: &HashMap<Verb, Vec<String>>| {
            for (name, list) in commands {
                for p in list {
                    let w = folded_words(p);
                    if !w.is_empty() && !phrases.iter().any(|(x, _)| *x == w) {
                        phrases.push((w, *name));
                    }
                }
            }
        };
        add(&own.commands);
        add(&own_natural.phrases);
        if code != "en" {
            let en: File = toml::from_str(source("en", Part::Session)?)
                .map_err(|e| data(format!("English session.toml: {e}")))?;
            add(&en.commands);
            add(&natural("en")?.phrases);
        }
        phrases.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
        Ok(SessionWords {
            code,
            file: own,
            phrases,
            natural: own_natural.phrases,
            messages: Messages::get(code)?,
        })
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    /// A sentence of `messages.ftl` with its variables filled in; a
    /// missing key gives the key in brackets (the golden tests catch it).
    pub fn text(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.messages.text(key, args)
    }

    /// Whether a sentence key exists.
    pub fn has(&self, key: &str) -> bool {
        self.messages.has(key)
    }

    /// The locale's messages (sentences with plural, case and gender).
    pub fn messages(&self) -> &'static Messages {
        self.messages
    }

    /// The command a line starts with and how many of the line's words
    /// (whitespace-separated) the command phrase takes. The longest phrase
    /// wins; English phrases work in every locale.
    pub fn command(&self, line: &str) -> Option<(Verb, usize)> {
        let words = folded_words(line);
        self.phrases.iter().find_map(|(p, verb)| {
            (words.len() >= p.len() && words[..p.len()] == p[..]).then_some((*verb, p.len()))
        })
    }

    /// The milliseconds in one of a unit word (`min`, `Minuten`, `s`,
    /// `sekund` …): this locale's words and the English ones.
    pub fn unit_ms(&self, folded: &str) -> Option<u64> {
        let w = &self.file.words;
        let english: [(&[&str], u64); 3] = [
            (&["h", "hr", "hour", "hours"], 3_600_000),
            (&["m", "min", "mins", "minute", "minutes"], 60_000),
            (&["s", "sec", "secs", "second", "seconds"], 1000),
        ];
        for (list, ms) in english {
            if list.contains(&folded) {
                return Some(ms);
            }
        }
        for (list, ms) in [
            (&w.hours, 3_600_000),
            (&w.minutes, 60_000),
            (&w.seconds, 1000),
        ] {
            if list.iter().any(|x| fold(x) == folded) {
                return Some(ms);
            }
        }
        None
    }

    /// Which word class a folded word is, if any.
    pub fn word(&self, folded: &str) -> Option<Word> {
        let w = &self.file.words;
        let classes: [(&Vec<String>, Word); 10] = [
            (&w.my, Word::My),
            (&w.their, Word::Their),
            (&w.threefold, Word::Threefold),
            (&w.fifty, Word::Fifty),
            (&w.flag, Word::Flag),
            (&w.blind, Word::Blind),
            (&w.sighted, Word::Sighted),
            (&w.early, Word::Early),
            (&w.lost, Word::Lost),
            (&w.quickplay, Word::Quickplay),
        ];
        let english = [
            "my",
            "their",
            "threefold",
            "fifty",
            "flag",
            "blind",
            "sighted",
            "early",
            "lost",
            "quickplay",
        ];
        for ((list, class), en) in classes.iter().zip(english) {
            if folded == en || list.iter().any(|x| fold(x) == folded) {
                return Some(*class);
            }
        }
        None
    }

    /// The phrases of a command in this locale, as written (unfolded).
    pub fn phrases_of(&self, verb: Verb) -> &[String] {
        self.file
            .commands
            .get(&verb)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// The natural sentences of a command in this locale (`phrases.toml`),
    /// as written: understood when typed or said, not in a recogniser's
    /// grammar.
    pub fn natural_of(&self, verb: Verb) -> &[String] {
        self.natural.get(&verb).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Every command with natural sentences in this locale.
    pub fn natural_verbs(&self) -> Vec<Verb> {
        let mut v: Vec<Verb> = self.natural.keys().copied().collect();
        v.sort_by_key(|v| v.name());
        v
    }

    /// The words of a class in this locale, as written.
    pub fn words_of(&self, class: Word) -> &[String] {
        let w = &self.file.words;
        match class {
            Word::My => &w.my,
            Word::Their => &w.their,
            Word::Threefold => &w.threefold,
            Word::Fifty => &w.fifty,
            Word::Flag => &w.flag,
            Word::Blind => &w.blind,
            Word::Sighted => &w.sighted,
            Word::Early => &w.early,
            Word::Lost => &w.lost,
            Word::Quickplay => &w.quickplay,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_loads_with_the_same_sentence_keys_and_every_spoken_command() {
        let en = SessionWords::get("en").unwrap();
        for code in CODES {
            let w = SessionWords::get(code).unwrap();
            assert_eq!(w.messages().ids(), en.messages().ids(), "{code}");
            for verb in SPOKEN {
                assert!(!w.phrases_of(verb).is_empty(), "{code} lacks {verb:?}");
            }
        }
    }

    #[test]
    fn a_refusal_label_names_its_command_again() {
        for v in SPOKEN.into_iter().chain([
            Verb::StartClock,
            Verb::StopClock,
            Verb::SetTime,
            Verb::Fixed,
            Verb::Status,
        ]) {
            assert_eq!(Verb::from_label(v.label()), Some(v), "{v:?}");
        }
        assert_eq!(Verb::StartClock.label(), "start clock");
        assert_eq!(Verb::from_label("start-clock"), None);
        assert_eq!(Verb::from_label(MOVE_LABEL), None);
        assert!(Verb::Retrace.arbiter_only() && !Verb::Claim.arbiter_only());
        assert_eq!(Verb::AddTime.topic(), "set");
    }

    #[test]
    fn longest_phrase_wins_and_english_works_everywhere() {
        let de = SessionWords::get("de").unwrap();
        assert_eq!(de.command("Meine Zeit").unwrap().0, Verb::MyTime);
        assert_eq!(de.command("zeit").unwrap().0, Verb::Time);
        assert_eq!(de.command("my time").unwrap().0, Verb::MyTime);
        assert_eq!(
            de.command("Wo sind meine Springer").unwrap(),
            (Verb::Where, 3)
        );
        assert_eq!(de.command("Reihe vier").unwrap(), (Verb::Rank, 1));
        assert!(de.command("Springer Felix drei").is_none());
        let el = SessionWords::get("el").unwrap();
        assert_eq!(el.command("Ο χρόνος μου").unwrap().0, Verb::MyTime);
    }
}

/// The spoken command phrases of a locale, for a recogniser's grammar:
/// `(command name, phrase)`, every phrase of every [`SPOKEN`] command, with
/// the piece after `where`, the rank or file after `rank`/`file` and the
/// kind of claim after `claim` spelled out.
pub fn command_phrases(code: &str) -> Result<Vec<(&'static str, String)>, LocaleError> {
    let w = SessionWords::get(code)?;
    let loc = super::Locale::get(code)?;
    let pieces: Vec<&str> = [
        shakmaty::Role::King,
        shakmaty::Role::Queen,
        shakmaty::Role::Rook,
        shakmaty::Role::Bishop,
        shakmaty::Role::Knight,
        shakmaty::Role::Pawn,
    ]
    .into_iter()
    .map(|r| loc.piece_word(r))
    .collect();
    let mut out = Vec::new();
    for verb in SPOKEN {
        let name = verb.name();
        for p in w.phrases_of(verb) {
            let tails: Vec<String> = match verb {
                Verb::Where => pieces.iter().map(|x| x.to_string()).collect(),
                Verb::Rank => shakmaty::Rank::ALL
                    .iter()
                    .map(|r| loc.rank_word(*r).to_string())
                    .collect(),
                Verb::File => shakmaty::File::ALL
                    .iter()
                    .map(|f| loc.file_word(*f).to_string())
                    .collect(),
                Verb::Claim => [Word::Threefold, Word::Fifty, Word::Flag]
                    .iter()
                    .filter_map(|c| w.words_of(*c).first().cloned())
                    .collect(),
                _ => vec![String::new()],
            };
            for tail in tails {
                let phrase = if tail.is_empty() {
                    p.clone()
                } else {
                    format!("{p} {tail}")
                };
                out.push((name, phrase));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod phrase_tests {
    use super::*;

    #[test]
    fn every_spoken_phrase_is_read_back_as_its_command() {
        for code in CODES {
            let w = SessionWords::get(code).unwrap();
            let list = command_phrases(code).unwrap();
            for verb in SPOKEN {
                assert!(
                    list.iter().any(|(n, _)| *n == verb.name()),
                    "{code}: {verb:?}"
                );
            }
            for (name, phrase) in list {
                let got = w.command(&phrase).map(|(v, _)| v.name());
                assert_eq!(got, Some(name), "{code}: '{phrase}'");
            }
        }
    }
}
