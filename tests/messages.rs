//! The message layer (`locales/<code>/messages.ftl`, issue 32):
//!
//! - every message of every locale rendered with sample arguments (1, 2, 5,
//!   21, 22, 25 of each unit; every piece; every colour and seat) into
//!   `tests/golden/messages/<code>.txt`; set HECTOR_UPDATE_GOLDEN=1 to
//!   rewrite them after a deliberate change and review the diff;
//! - every message exists in all five locales and prints the same
//!   variables;
//! - no English word in a German, Polish, Serbian or Greek message, page
//!   label (`locales/<code>/pages.toml`, which holds the API's refusals too)
//!   or text left in a TOML file (the notation's, boards' and voice's
//!   sentences without variables and the words filled into sentences).

use std::collections::BTreeSet;
use std::path::PathBuf;

use hector::clock::ClockWords;
use hector::locale::CODES;
use hector::locale::messages::Messages;
use hector::locale::pages::PageWords;
use hector::notation::phrase::SayOptions;
use hector::session::render::Word;
use hector::session::{Renderer, Seat, Side};
use shakmaty::Role;

/// The sample numbers of the golden files.
const NUMBERS: [u64; 6] = [1, 2, 5, 21, 22, 25];
const UNITS: [&str; 4] = ["hour", "minute", "second", "move"];
const CASES: [&str; 3] = ["nom", "acc", "dat"];
const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];
const SIDES: [Side; 2] = [Side::White, Side::Black];

/// Every variable a sentence may use, with what the renderer passes for
/// it. A message using another one fails the completeness test.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Side,
    Seat,
    Time,
    Moves,
    Number,
    /// The edition's year (2023, 2009, 2005).
    Edition,
    Text(&'static str),
}

fn kind(var: &str) -> Option<Kind> {
    Some(match var {
        "color" | "winner" | "white" | "black" | "side" | "opponent" => Kind::Side,
        "seat" => Kind::Seat,
        "time" | "white_time" | "black_time" => Kind::Time,
        "moves" => Kind::Moves,
        "count" | "number" | "max" | "ply" | "n" | "plies" | "hours" => Kind::Number,
        // the edition's year, choosing the articles a sentence cites
        "laws" => Kind::Edition,
        "word" => Kind::Text("xyz"),
        "square" | "to" => Kind::Text("f3"),
        "from" => Kind::Text("g1"),
        "fixes" | "boards" | "player" | "sealer" | "when" | "white_used" | "black_used"
        | "words" => Kind::Text("…"),
        "move" => Kind::Text("e4"),
        "san" => Kind::Text("Nf3"),
        "list" => Kind::Text("a1, h8"),
        "pieces" => Kind::Text("Q, R, B, N"),
        "heard" => Kind::Text("xyz"),
        "why" | "problem" | "reason" | "lines" | "text" => Kind::Text("…"),
        "detail" => Kind::Text(": e4"),
        "command" => Kind::Text("…"),
        // a speech engine's name (Whisper, PocketSphinx)
        "engine" | "fallback" => Kind::Text("…"),
        "language" => Kind::Text("…"),
        "seats" => Kind::Text("…"),
        "board" => Kind::Text("…"),
        "piece" => Kind::Text("…"),
        "result" => Kind::Text("1-0"),
        "white_name" | "black_name" | "place" | "resumption" => Kind::Text("…"),
        "date" => Kind::Text("2026-11-26"),
        "hour" => Kind::Text("10:00"),
        "file" | "page" | "wal" => Kind::Text("…"),
        // a recording's sample rate and the rates hector reads (Hz)
        "rate" | "low" | "high" => Kind::Text("16000"),
        // the longest recording hector hears (seconds)
        "longest" => Kind::Text("30"),
        // a damaged journal's rows and sizes
        "row" | "next" | "upto" | "size" | "expected" | "commands" => Kind::Text("7"),
        // the clock's sentences get a side's turn already worded
        "turn" => Kind::Text("…"),
        // the command line's options: an option, what was given, what it
        // takes, an example
        "option" | "value" | "choices" | "example" => Kind::Text("…"),
        _ => return None,
    })
}

/// The kind of a variable in one message: the boards' sentences get the
/// players' names, times and boards already worded (`$white`, `$black`,
/// `$side` are words there, not sides to word).
fn kind_in(id: &str, var: &str) -> Option<Kind> {
    if id.starts_with("boards-") && matches!(var, "white" | "black" | "side") {
        return Some(Kind::Text("…"));
    }
    kind(var)
}

fn seat_name(s: Seat) -> &'static str {
    s.name()
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

/// The sentence ids (everything but the agreeing words).
fn is_sentence(id: &str) -> bool {
    !matches!(id, "side" | "seat" | "piece") && !id.starts_with("unit-")
}

/// All variables of a message in any locale (so that every locale is
/// rendered with the same arguments).
fn variables(id: &str) -> Vec<String> {
    let mut all = BTreeSet::new();
    for code in CODES {
        let v = Messages::get(code).unwrap().variables(id);
        all.extend(v.printed);
        all.extend(v.selectors);
    }
    all.into_iter().collect()
}

/// The sample rendering of one locale: one line per message and sample.
fn render(code: &str) -> String {
    let mut out = format!("# {code}: every message of messages.ftl with sample arguments\n");
    for (label, text) in rows(code) {
        out.push_str(&format!("{label}: {text}\n"));
    }
    out
}

/// The samples of one locale as (label, text) rows; every locale has the
/// same labels in the same order.
fn rows(code: &str) -> Vec<(String, String)> {
    let mut out = String::new();
    let m = Messages::get(code).unwrap();
    let clock = ClockWords::get(code).unwrap();
    let r = Renderer::new(code, SayOptions::default()).unwrap();
    for side in SIDES {
        out.push_str(&format!(
            "side {}: {}\n",
            side.name(),
            m.text("side", &[("side", side.name())])
        ));
    }
    for seat in Seat::EVERY {
        for case in CASES {
            out.push_str(&format!(
                "seat {} {case}: {}\n",
                seat_name(seat),
                m.text("seat", &[("seat", seat_name(seat)), ("case", case)])
            ));
        }
    }
    for side in SIDES {
        for role in ROLES {
            for n in [1, 2, 5] {
                out.push_str(&format!(
                    "piece {} {} {n}: {}\n",
                    side.name(),
                    role_name(role),
                    r.piece(side, role, n)
                ));
            }
        }
    }
    for unit in UNITS {
        for case in CASES {
            for n in NUMBERS {
                out.push_str(&format!(
                    "unit-{unit} {case} {n}: {}\n",
                    clock.unit_in(n, unit, case)
                ));
            }
        }
    }
    for id in m.ids().into_iter().filter(|id| is_sentence(id)) {
        let vars = variables(id);
        // The base arguments, then one variable changed at a time.
        let base = |changed: Option<(&str, Word<'static>)>| {
            let args: Vec<(&str, Word)> = vars
                .iter()
                .map(|v| {
                    if let Some((name, w)) = changed
                        && name == v.as_str()
                    {
                        return (v.as_str(), w);
                    }
                    let w = match kind_in(id, v) {
                        Some(Kind::Side) => {
                            Word::Side(if v == "black" || v == "winner" || v == "opponent" {
                                Side::Black
                            } else {
                                Side::White
                            })
                        }
                        Some(Kind::Seat) => Word::Seat(Seat::Assistant),
                        Some(Kind::Time) => Word::Time(60_000),
                        Some(Kind::Moves) => Word::Moves(1),
                        Some(Kind::Number) => Word::N(1),
                        Some(Kind::Edition) => Word::N(2023),
                        Some(Kind::Text(t)) => Word::T(t),
                        None => Word::T("?"),
                    };
                    (v.as_str(), w)
                })
                .collect();
            // The renderer passes a count with a number of moves.
            let args: Vec<(&str, Word)> = args
                .iter()
                .map(|(n, w)| match (changed, *n) {
                    (Some(("moves", Word::Moves(k))), "count") => (*n, Word::N(k)),
                    _ => (*n, *w),
                })
                .collect();
            r.say(id, &args)
        };
        out.push_str(&format!("{id}: {}\n", base(None)));
        for v in &vars {
            let v = v.as_str();
            let samples: Vec<(String, Word<'static>)> = match kind_in(id, v) {
                Some(Kind::Side) => SIDES
                    .iter()
                    .map(|s| (s.name().to_string(), Word::Side(*s)))
                    .collect(),
                Some(Kind::Seat) => Seat::EVERY
                    .iter()
                    .map(|s| (seat_name(*s).to_string(), Word::Seat(*s)))
                    .collect(),
                Some(Kind::Time) => NUMBERS
                    .iter()
                    .flat_map(|n| {
                        [
                            (format!("{n} h"), Word::Time(n * 3_600_000)),
                            (format!("{n} min"), Word::Time(n * 60_000)),
                            (format!("{n} s"), Word::Time(n * 1000)),
                        ]
                    })
                    .filter(|(_, w)| !matches!(w, Word::Time(ms) if *ms >= 86_400_000))
                    .collect(),
                Some(Kind::Moves) => NUMBERS
                    .iter()
                    .map(|n| (n.to_string(), Word::Moves(*n)))
                    .collect(),
                Some(Kind::Number) => NUMBERS
                    .iter()
                    .map(|n| (n.to_string(), Word::N(*n)))
                    .collect(),
                Some(Kind::Edition) => [2023, 2009, 2005]
                    .iter()
                    .map(|n| (n.to_string(), Word::N(*n)))
                    .collect(),
                _ => Vec::new(),
            };
            for (label, w) in samples {
                out.push_str(&format!("{id} {v}={label}: {}\n", base(Some((v, w)))));
            }
        }
    }
    out.lines()
        .map(|l| {
            let (a, b) = l.split_once(": ").unwrap_or((l, ""));
            (a.to_string(), b.to_string())
        })
        .collect()
}

/// The tables of docs/grammar.md between its markers: each message in the
/// five languages, for a native speaker's review. Rows whose case form is
/// the nominative in every language, hours and seconds inside sentences
/// (the unit rows show them) and five pieces are left out.
fn grammar_tables() -> String {
    let all: Vec<Vec<(String, String)>> = CODES.iter().map(|c| rows(c)).collect();
    let nominative = |label: &str| -> Option<String> {
        let mut parts: Vec<&str> = label.split(' ').collect();
        for p in parts.iter_mut() {
            if *p == "acc" || *p == "dat" {
                *p = "nom";
                return Some(parts.join(" "));
            }
        }
        None
    };
    let cell = |t: &str| t.replace('|', "\\|");
    let mut out = format!("| sample | {} |\n|---|", CODES.join(" | "));
    out.push_str(&"---|".repeat(CODES.len()));
    out.push('\n');
    for (i, (label, _)) in all[0].iter().enumerate() {
        let texts: Vec<&str> = all.iter().map(|r| r[i].1.as_str()).collect();
        if label.starts_with("piece ") && label.ends_with(" 5") {
            continue;
        }
        if label.contains("time=") && (label.ends_with(" h") || label.ends_with(" s")) {
            continue;
        }
        if let Some(nom) = nominative(label) {
            let j = all[0].iter().position(|(l, _)| *l == nom);
            if j.is_some_and(|j| all.iter().all(|r| r[j].1 == r[i].1)) {
                continue;
            }
        }
        out.push_str(&format!(
            "| `{}` | {} |\n",
            label,
            texts
                .iter()
                .map(|t| cell(t))
                .collect::<Vec<_>>()
                .join(" | ")
        ));
    }
    out
}

const BEGIN: &str = "<!-- generated by tests/messages.rs: begin -->";
const END: &str = "<!-- generated by tests/messages.rs: end -->";

#[test]
fn the_grammar_table_in_the_docs_shows_every_message() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/grammar.md");
    let doc = std::fs::read_to_string(&path).expect("docs/grammar.md");
    let (head, rest) = doc.split_once(BEGIN).expect("the begin marker");
    let (_, tail) = rest.split_once(END).expect("the end marker");
    let want = format!("{head}{BEGIN}\n\n{}\n{END}{tail}", grammar_tables());
    if std::env::var_os("HECTOR_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    assert!(
        doc == want,
        "docs/grammar.md's tables are out of date: HECTOR_UPDATE_GOLDEN=1 cargo test --test messages rewrites them"
    );
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/messages")
}

#[test]
fn every_message_of_every_locale_matches_its_golden_file() {
    let update = std::env::var_os("HECTOR_UPDATE_GOLDEN").is_some();
    let mut failed = Vec::new();
    for code in CODES {
        let text = render(code);
        assert!(
            !text.contains("{$") && !text.contains("[unit-"),
            "{code}: a variable or message is missing:\n{text}"
        );
        let path = golden_dir().join(format!("{code}.txt"));
        if update {
            std::fs::create_dir_all(golden_dir()).unwrap();
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if want != text {
            let first = want
                .lines()
                .zip(text.lines())
                .find(|(a, b)| a != b)
                .map(|(a, b)| format!("want: {a}\n got: {b}"))
                .unwrap_or_else(|| "a line is missing or added".into());
            failed.push(format!("{code}: {}\n{first}", path.display()));
        }
    }
    assert!(
        failed.is_empty(),
        "golden messages differ (HECTOR_UPDATE_GOLDEN=1 rewrites them):\n{}",
        failed.join("\n")
    );
}

#[test]
fn every_message_is_in_every_locale_with_the_same_printed_variables() {
    let en = Messages::get("en").unwrap();
    for code in CODES {
        let m = Messages::get(code).unwrap();
        assert_eq!(m.ids(), en.ids(), "{code}: message ids differ from English");
        for id in m.ids() {
            let v = m.variables(id);
            let want = en.variables(id);
            if is_sentence(id) {
                assert_eq!(
                    v.printed, want.printed,
                    "{code} {id}: prints other variables than English"
                );
                for var in v.printed.iter().chain(&v.selectors) {
                    assert!(
                        kind_in(id, var).is_some(),
                        "{code} {id}: ${var} is no variable hector passes"
                    );
                }
            }
        }
        for unit in UNITS {
            let g = m.case_of(&format!("unit-{unit}"), "gender");
            assert!(
                ["m", "f", "n"].contains(&g.as_str()),
                "{code} unit-{unit}: .gender = {g}"
            );
        }
    }
}

/// Words that are the same in English and another locale's text and are
/// no English UI words: names (hector, FIDE, Braille, DGT), formats and
/// options, the spoken file names Anna … Hector of the FIDE alphabet.
const SHARED: &[&str] = &[
    "hector",
    // the key's label (Ctrl-C) on Polish, Serbian and Greek keyboards
    "ctrl",
    "fide",
    "braille",
    "dgt",
    "fen",
    "pgn",
    "json",
    "utf",
    "kib",
    // the unit of a line's length, a loan word in German and Greek
    "byte",
    "bytes",
    // a recording's file format and the unit of its sample rate
    "wav",
    "hz",
    "websocket",
    "token",
    // the journal's database and its table of settings, by their names
    "sqlite",
    "config",
    "hall",
    "key",
    "serve",
    "anna",
    "bella",
    "cesar",
    "david",
    "eva",
    "felix",
    "gustav",
    "hector",
    "text",
    // the FIDE words the English help quotes ("Springer Felix drei")
    "springer",
    "drei",
    "kurze",
    "rochade",
];

/// Words that are the same in a language and in English and mean
/// something else there (or the same, as a loan word): not English UI
/// words left behind.
fn homographs(code: &str) -> &'static [&'static str] {
    match code {
        // "eine Minute", "an", "was", "Art." (Artikel), and loan words
        // German uses as they are
        "de" => &[
            "minute", "an", "was", "art", "in", "blind", "form", "start", "server", "journal",
            "terminal", "min", "option",
        ],
        // "do" (to), "to" (this), "art." (artykuł), "by" (so that), "min"
        // (minuta)
        "pl" => &["do", "to", "art", "by", "min"],
        // "do" (up to), "to" (that), "server", "min" (minut)
        "sr" => &["do", "to", "server", "min"],
        _ => &[],
    }
}

/// A page label without its `{slot}`s (filled in by the page).
fn without_slots(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// A message without the names a person types as they are in every
/// language: seat names ("assistant-white", "assistant:") and options
/// with their values ("--blind both").
fn without_identifiers(text: &str) -> String {
    let seat = |t: &str| {
        let t = t.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
        Seat::EVERY.iter().any(|s| s.name() == t) && t.contains('-')
    };
    let mut out = Vec::new();
    let mut after_option = false;
    for t in text.split_whitespace() {
        let option = t.trim_start_matches('(').starts_with("--");
        let prefix = t
            .strip_suffix(':')
            .is_some_and(|n| Seat::EVERY.iter().any(|s| s.name() == n));
        if !(option || after_option || prefix || seat(t)) {
            out.push(t);
        }
        after_option = option;
    }
    out.join(" ")
}

/// The words of a text; addresses (`/watch`, `/api/boards`) are names,
/// not words.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split_whitespace()
        .filter(|t| !t.starts_with('/'))
        .flat_map(|t| t.split(|c: char| !c.is_alphabetic()))
        .filter(|w| w.chars().count() >= 2)
        .map(|w| w.to_lowercase())
}

/// Every text a person meets that is still in a TOML file of a locale
/// (the sentences without variables, the words that are filled into
/// sentences), as (file table.key, text): the rule sentences' and the
/// game's (notation.toml), the boards' (boards.toml), the voice's
/// (voice.toml). The sentences with variables are Fluent messages and
/// walked with them.
fn toml_texts(code: &str) -> Vec<(String, String)> {
    fn walk(label: &str, v: &toml::Value, out: &mut Vec<(String, String)>) {
        match v {
            toml::Value::String(s) => out.push((label.to_string(), s.clone())),
            toml::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(&format!("{label}[{i}]"), x, out);
                }
            }
            toml::Value::Table(t) => {
                for (k, x) in t {
                    walk(&format!("{label}.{k}"), x, out);
                }
            }
            _ => {}
        }
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(code);
    let mut out = Vec::new();
    for (file, tables) in [
        ("notation.toml", &["messages", "game", "colors"][..]),
        ("boards.toml", &["pieces", "fixes", "report", "adjourn"][..]),
        ("voice.toml", &["say", "pieces"][..]),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let v: toml::Value = toml::from_str(&text).unwrap();
        for t in tables {
            let x = v
                .get(t)
                .unwrap_or_else(|| panic!("{code}/{file} has no [{t}]"));
            walk(&format!("{file} {t}"), x, &mut out);
        }
    }
    out
}

#[test]
fn the_toml_texts_are_walked_in_every_locale() {
    // The walk sees every table it names, in every locale, with the same
    // keys as English.
    let en: Vec<String> = toml_texts("en").into_iter().map(|(k, _)| k).collect();
    assert!(en.iter().any(|k| k.starts_with("voice.toml say.")));
    assert!(en.iter().any(|k| k.starts_with("boards.toml report.")));
    assert!(en.iter().any(|k| k.starts_with("notation.toml game.")));
    for code in CODES {
        let keys: Vec<String> = toml_texts(code).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, en, "{code}: other keys than English");
    }
}

/// The English words of every English message and page label.
fn english_words() -> BTreeSet<String> {
    let mut set: BTreeSet<String> = rows("en")
        .iter()
        .flat_map(|(_, t)| words(t).collect::<Vec<_>>())
        .collect();
    for v in PageWords::get("en").unwrap().all().values() {
        set.extend(words(&without_slots(v)));
    }
    for (_, v) in toml_texts("en") {
        set.extend(words(&without_slots(&v)));
    }
    for s in SHARED {
        set.remove(*s);
    }
    // The sample arguments (a move, "xyz" heard) are no UI words.
    for v in ["move", "san", "list", "pieces", "heard", "detail", "result"] {
        if let Some(Kind::Text(t)) = kind(v) {
            for w in words(t) {
                set.remove(&w);
            }
        }
    }
    set
}

#[test]
fn no_english_word_in_a_german_polish_serbian_or_greek_message_or_page() {
    let english = english_words();
    assert!(
        english.contains("time") && english.contains("arbiter") && english.contains("move"),
        "the English word list is too small to catch anything"
    );
    let mut found = Vec::new();
    for code in ["de", "pl", "sr", "el"] {
        let english: BTreeSet<&String> = english
            .iter()
            .filter(|w| !homographs(code).contains(&w.as_str()))
            .collect();
        for (label, text) in rows(code) {
            for w in words(&without_identifiers(&text)) {
                if english.contains(&w) {
                    found.push(format!("{code} message: '{w}' in {label}: {text}"));
                }
            }
        }
        for (key, v) in PageWords::get(code).unwrap().all() {
            for w in words(&without_slots(v)) {
                if english.contains(&w) {
                    found.push(format!("{code} page {key}: '{w}' in {v}"));
                }
            }
        }
        for (key, v) in toml_texts(code) {
            for w in words(&without_slots(&v)) {
                if english.contains(&w) {
                    found.push(format!("{code} {key}: '{w}' in {v}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "English words:\n{}", found.join("\n"));
}

/// The English words of `text` as a German, Polish, Serbian or Greek
/// sentence would show them (the language's homographs and the names a
/// person types as they are set aside).
fn english_in(code: &str, text: &str, english: &BTreeSet<String>) -> Vec<String> {
    words(&without_identifiers(text))
        .filter(|w| english.contains(w) && !homographs(code).contains(&w.as_str()))
        .collect()
}

/// Every refusal the session can give, with every typed reason it carries
/// (the rules', the clock's, a line's problem, an incomplete command's).
/// The match has no catch-all: a new kind of refusal must be added here.
fn every_refusal() -> Vec<hector::session::Refusal> {
    use hector::locale::session::{SPOKEN, Verb};
    use hector::session::{ClockReason, LineProblem, Named, Refusal, Rule};
    let covered = |r: &Refusal| match r {
        Refusal::NotUnderstood { .. }
        | Refusal::Illegal { .. }
        | Refusal::NotYourTurn
        | Refusal::NotYourRight { .. }
        | Refusal::NothingPending
        | Refusal::AwaitingPlayer
        | Refusal::OutOfRange { .. }
        | Refusal::GameOver
        | Refusal::Adjourned
        | Refusal::NoClock
        | Refusal::Incomplete { .. }
        | Refusal::Rules { .. }
        | Refusal::BadLine { .. }
        | Refusal::Clock { .. }
        | Refusal::DrawTooEarly { .. } => true,
    };
    let mut all = vec![
        Refusal::NotUnderstood {
            heard: String::new(),
        },
        Refusal::NotYourTurn,
        Refusal::NotYourRight {
            command: Named::Move,
        },
        Refusal::NothingPending,
        Refusal::AwaitingPlayer,
        Refusal::OutOfRange { max: 3 },
        Refusal::GameOver,
        Refusal::Adjourned,
        Refusal::NoClock,
        Refusal::DrawTooEarly { before: 21 },
    ];
    let arbiter = [
        Verb::StartClock,
        Verb::StopClock,
        Verb::SetTime,
        Verb::AddTime,
        Verb::SetMoves,
        Verb::Retrace,
        Verb::Correct,
        Verb::Illegal,
        Verb::Resume,
        Verb::Present,
    ];
    for v in SPOKEN.into_iter().chain(arbiter) {
        all.push(Refusal::NotYourRight {
            command: Named::Command(v),
        });
    }
    // The commands the request parser finds incomplete (their topics).
    for v in [
        Verb::Absent,
        Verb::Arrived,
        Verb::Resumption,
        Verb::Where,
        Verb::Rank,
        Verb::File,
        Verb::Claim,
        Verb::Adjourn,
        Verb::Present,
        Verb::SetTime,
        Verb::Result,
        Verb::Shows,
        Verb::Correct,
    ] {
        all.push(Refusal::Incomplete {
            command: v.topic().into(),
        });
    }
    for r in Rule::ALL {
        all.push(Refusal::Rules { reason: r.into() });
    }
    for reason in ClockReason::ALL {
        all.push(Refusal::Clock { reason });
    }
    for p in LineProblem::ALL {
        all.push(p.into());
    }
    for problem in ["not_utf8", "too_long", "unreadable"] {
        all.push(Refusal::BadLine {
            problem: problem.into(),
        });
    }
    assert!(all.iter().all(covered));
    all
}

/// Issue 32: every refusal, with every reason, is said in German, Polish,
/// Serbian and Greek without an English word.
#[test]
fn every_refusal_is_said_without_an_english_word() {
    use hector::session::Kind as Event;
    let english = english_words();
    // The check finds what this issue was about: English in the frame.
    assert_eq!(
        english_in("de", "Die Uhr: already running.", &english),
        ["already", "running"]
    );
    let refusals = every_refusal();
    assert!(refusals.len() > 60, "{}", refusals.len());
    let mut found = Vec::new();
    for code in ["de", "pl", "sr", "el"] {
        let r = Renderer::new(code, SayOptions::default()).unwrap();
        for why in &refusals {
            let text = r.text(&Event::Refused { why: why.clone() });
            assert!(
                !text.trim().is_empty(),
                "{code}: {why:?} is said as nothing"
            );
            let hits = english_in(code, &text, &english);
            if !hits.is_empty() {
                found.push(format!("{code} {why:?}: {hits:?} in {text}"));
            }
        }
    }
    assert!(found.is_empty(), "English words:\n{}", found.join("\n"));
}

/// Issue 32: the clock's refusals of a German game, through `hector
/// session` (start twice, stop twice, a move before the clocks run and
/// while they are stopped, an absurd correction, a time gone back): each
/// is typed in the JSON and said with no English word.
#[test]
fn a_german_game_refuses_the_clock_in_german() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let lines = [
        r#"{"t": 0, "from": "white", "text": "e4"}"#,
        r#"{"t": 10, "from": "arbiter", "text": "uhr anhalten"}"#,
        r#"{"t": 20, "from": "arbiter", "text": "uhr starten"}"#,
        r#"{"t": 30, "from": "arbiter", "text": "uhr starten"}"#,
        r#"{"t": 40, "from": "arbiter", "text": "uhr anhalten"}"#,
        r#"{"t": 50, "from": "arbiter", "text": "uhr anhalten"}"#,
        r#"{"t": 60, "from": "white", "text": "e4"}"#,
        r#"{"t": 70, "from": "arbiter", "text": "zeit setzen weiß 99999:00"}"#,
        r#"{"t": 5, "from": "arbiter", "text": "uhr starten"}"#,
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_hector"))
        .args([
            "session",
            "--locale",
            "de",
            "--control",
            "300+2",
            "--arbiter-starts",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all((lines.join("\n") + "\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = String::from_utf8(out.stdout).unwrap();
    let refused: Vec<serde_json::Value> = out
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| e["kind"] == "refused")
        .collect();
    let reasons: Vec<String> = refused
        .iter()
        .map(|e| {
            let r = if e["why"] == "bad_line" {
                &e["problem"]
            } else {
                &e["reason"]
            };
            format!("{} {}", e["why"].as_str().unwrap(), r.as_str().unwrap())
        })
        .collect();
    assert_eq!(
        reasons,
        [
            "clock not_started",
            "clock already_stopped",
            "clock already_running",
            "clock already_stopped",
            "clock stopped_by_arbiter",
            "clock too_much_time",
            "bad_line time_before_last",
        ],
        "{out}"
    );
    let english = english_words();
    for e in &refused {
        let text = e["text"].as_str().unwrap();
        assert!(
            english_in("de", text, &english).is_empty(),
            "English in a German refusal: {text}"
        );
    }
    assert!(
        refused[5]["text"].as_str().unwrap().contains("24 Stunden"),
        "{out}"
    );
}

/// The test above can fail: an English sentence in a German text is found.
#[test]
fn the_english_word_list_finds_an_english_sentence() {
    let english = english_words();
    let hits: Vec<String> = words("Weiß: the arbiter added one minute.")
        .filter(|w| english.contains(w))
        .collect();
    assert_eq!(hits, ["the", "arbiter", "added", "one", "minute"]);
}

/// A seat with its own language (`--seat-locale black=pl`): its events
/// carry the sentence in Polish too, its words are read in Polish, and the
/// game's other seats keep the game's language.
#[test]
fn a_seat_with_its_own_language_hears_and_is_understood_in_it() {
    use hector::session::{Command, Config, Session};
    let mut cfg = Config {
        locale: "de".into(),
        control: Some("300+2".into()),
        ..Config::default()
    };
    cfg.seat_locales.insert("black".into(), "pl".into());
    let mut session = Session::new(&cfg).unwrap();
    let render = Renderer::for_session(&session);
    let mut lines = Vec::new();
    for line in [
        r#"{"t":0,"from":"white","text":"Springer Felix drei"}"#,
        r#"{"t":1500,"from":"white","text":"ja"}"#,
        r#"{"t":4000,"from":"black","text":"mój czas"}"#,
        r#"{"t":5000,"from":"white","text":"meine Zeit"}"#,
    ] {
        let cmd = Command::from_json_line(line).unwrap();
        for e in session.apply(&cmd) {
            lines.push(render.line(&e));
        }
    }
    let moved = lines.iter().find(|l| l["kind"] == "moved").unwrap();
    assert_eq!(moved["text"], "Weiß: Springer Felix drei (Sf3).");
    assert_eq!(moved["texts"]["black"], "Białe: Skoczek Feliks trzy (Sf3).");
    let answers: Vec<&serde_json::Value> = lines.iter().filter(|l| l["kind"] == "answer").collect();
    assert_eq!(answers.len(), 2, "{lines:?}");
    // Black asked in Polish and is answered in Polish; White's answer is
    // for White alone, so it carries no Polish text.
    assert_eq!(answers[0]["to"][0], "black");
    assert!(
        answers[0]["texts"]["black"]
            .as_str()
            .unwrap()
            .starts_with("Twój czas: cztery minuty"),
        "{:?}",
        answers[0]
    );
    assert_eq!(answers[1]["to"][0], "white");
    assert!(answers[1].get("texts").is_none(), "{:?}", answers[1]);
    // Without --seat-locale no event has texts: the contract is unchanged.
    let mut plain = Session::new(&Config {
        locale: "de".into(),
        ..Config::default()
    })
    .unwrap();
    let r = Renderer::for_session(&plain);
    let cmd = Command::from_json_line(r#"{"t":0,"from":"white","text":"e4"}"#).unwrap();
    for e in plain.apply(&cmd) {
        assert!(r.line(&e).get("texts").is_none());
    }
}

/// A position the command line cannot set up — a FEN that is no FEN, a
/// board with no king, a move of `--moves` that is no move or not legal —
/// is refused by `say`, `hear` and `listen` in the `--locale`'s language,
/// naming what was given, without an English word; never a panic.
#[test]
fn a_position_the_command_line_cannot_set_up_is_refused_in_the_users_language() {
    let english = english_words();
    let cases: [(&str, &str, &str); 5] = [
        ("--fen", "garbage", "garbage"),
        ("--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8"),
        ("--moves", "e4 e9", "e9"),
        ("--moves", "e4 e5 Ke3", "Ke3"),
        // Move numbers are not counted: Ke3 is the third move.
        ("--moves", "1. e4 e5 2. Ke3", " 3 "),
    ];
    let mut found = Vec::new();
    for code in ["de", "pl", "sr", "el"] {
        for (option, value, named) in cases {
            let commands: [Vec<&str>; 3] = [
                vec!["say", "--locale", code, option, value, "a3"],
                vec!["hear", "--locale", code, option, value, "anna drei"],
                vec![
                    "listen", "--locale", code, option, value, "--wav", "none.wav",
                ],
            ];
            for args in commands {
                let out = std::process::Command::new(env!("CARGO_BIN_EXE_hector"))
                    .args(&args)
                    .output()
                    .unwrap();
                let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
                let code_ = out.status.code();
                assert!(
                    code_.is_some_and(|c| c != 0 && c != 101),
                    "{args:?}: exit {code_:?}"
                );
                assert!(err.contains(named), "{args:?}: {err}");
                let hits = english_in(code, &err, &english);
                if !hits.is_empty() {
                    found.push(format!("{args:?}: {hits:?} in {err}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "English words:\n{}", found.join("\n"));
}
