//! The seats' pages, built into the binary (plain HTML, CSS and JavaScript
//! under `src/service/pages/`). They use only the HTTP API.
//!
//! The HTML files are templates: `{{key}}` is a word of
//! `locales/<code>/pages.toml` in the game's language, `{{lang}}` the
//! language's code, `{{seat}}` the seat the page acts for, `{{title}}` its
//! title and `{{words_json}}` every page word for the scripts.

use shakmaty::{Role, Square};

use super::tokens::Who;
use crate::locale::Locale;
use crate::locale::pages::PageWords;
use crate::locale::session::{SessionWords, Verb};
use crate::rules::Laws;

const OPPONENT: &str = include_str!("pages/opponent.html");
const BLIND: &str = include_str!("pages/blind.html");
const ASSISTANT: &str = include_str!("pages/assistant.html");
const ARBITER: &str = include_str!("pages/arbiter.html");
const WATCH: &str = include_str!("pages/watch.html");
const INDEX: &str = include_str!("pages/index.html");

/// The page words of a locale, English if the code is unknown (the server
/// checked it at start).
pub fn words(code: &str) -> &'static PageWords {
    PageWords::get(code)
        .or_else(|_| PageWords::get("en"))
        .expect("the English page words are embedded")
}

/// Text for an HTML element or attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The articles a page's label cites, as the game's edition numbers them
/// (the labels are written with the 2023 articles): the blind players'
/// appendix is E (2009) or F (2005) — the boards differ in E.2.7/E.2.8 and
/// F.2.7/F.2.8, the assistant is E.2.9 and F.2.9 (a touched piece (e)),
/// and there is no compulsory assistant (D.2.11); an illegal move is 7.4.
pub fn cite(laws: Laws, text: &str) -> String {
    let x = match laws {
        Laws::Fide2023 => return text.to_string(),
        Laws::Fide2009 => 'E',
        Laws::Fide2005 => 'F',
    };
    text.replace(" (D.2.11)", "")
        .replace("D.2.10.5", &format!("{x}.2.9(e)"))
        .replace("D.2.10", &format!("{x}.2.9"))
        .replace("D.2.9", &format!("{x}.2.7, {x}.2.8"))
        .replace(". 7.5)", ". 7.4)")
        .replace("Άρθρο 7.5", "Άρθρο 7.4")
}

/// The first phrase of a command in a locale.
fn phrase(code: &str, verb: Verb) -> String {
    SessionWords::get(code)
        .ok()
        .and_then(|w| w.phrases_of(verb).first().cloned())
        .unwrap_or_default()
}

/// The words a page's script needs besides the labels: the locale's file
/// letters (for square names such as Greek `ε4`).
fn script_words(w: &PageWords, code: &str, laws: Laws) -> String {
    let mut map = serde_json::Map::new();
    for (k, v) in w.all() {
        map.insert(k.clone(), serde_json::Value::from(cite(laws, v)));
    }
    if let Ok(loc) = Locale::get(code) {
        let files: String = shakmaty::File::ALL
            .iter()
            .map(|f| loc.file_letter(*f))
            .collect();
        map.insert("files".into(), serde_json::Value::from(files));
    }
    // Inside a <script> element only "</" could end it early.
    serde_json::Value::Object(map)
        .to_string()
        .replace('<', "\\u003c")
}

/// Fills a template's `{{key}}` parts.
fn render(
    template: &str,
    w: &PageWords,
    code: &str,
    seat: &str,
    title: &str,
    laws: Laws,
) -> String {
    let example = Locale::get(code)
        .map(|l| {
            format!(
                "{} {}",
                l.piece_word(Role::Knight),
                l.square_words(Square::F3)
            )
        })
        .unwrap_or_default();
    let mut out = String::with_capacity(template.len() + 4096);
    let mut rest = template;
    while let Some(i) = rest.find("{{") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let Some(j) = after.find("}}") else {
            out.push_str(&rest[i..]);
            rest = "";
            break;
        };
        let key = &after[..j];
        let text = match key {
            "lang" => escape(w.code()),
            "seat" => escape(seat),
            "title" => escape(title),
            "words_json" => script_words(w, code, laws),
            "command_label" => escape(&w.text(
                key,
                &[
                    ("move", &example),
                    ("my_time", &w.text("my_time", &[])),
                    ("yes", &phrase(code, Verb::Yes)),
                ],
            )),
            "adjourn_how" => escape(&cite(
                laws,
                &w.text(
                    key,
                    &[
                        ("adjourn", &phrase(code, Verb::Adjourn)),
                        ("move", &example),
                    ],
                ),
            )),
            other => escape(&cite(laws, &w.text(other, &[]))),
        };
        out.push_str(&text);
        rest = &after[j + 2..];
    }
    out.push_str(rest);
    out
}

/// The clock button of the sighted player's page: only where he presses
/// his clock himself (`--separate-press`); otherwise his move is the press.
const PRESS_BUTTON: &str = "<button type=\"button\" id=\"press\" class=\"main\" data-command=\"press\">{{press_my_clock}}</button>";

/// The page of a seat in the game's language; `blind` says whether that
/// player is blind (he gets the page for a screen reader instead of the
/// board). `who` is the seat the page's token belongs to, so the title and
/// headings name the seat it acts for. `separate_press`: the sighted
/// player presses his clock himself (his page has the button). The labels
/// cite the articles of the game's edition (`laws`).
pub fn page(who: Who, blind: bool, separate_press: bool, code: &str, laws: Laws) -> String {
    let w = words(code);
    let side = match who {
        Who::Black | Who::AssistantBlack => w.text("black", &[]),
        _ => w.text("white", &[]),
    };
    let (template, title) = match who {
        Who::White | Who::Black if blind => (BLIND, w.text("title_blind", &[("side", &side)])),
        Who::White | Who::Black => (OPPONENT, w.text("title_opponent", &[("side", &side)])),
        Who::Assistant => (ASSISTANT, w.text("title_assistant", &[])),
        // D.2.10: with two blind players each has his own assistant.
        Who::AssistantWhite | Who::AssistantBlack => {
            (ASSISTANT, w.text("title_assistant_of", &[("side", &side)]))
        }
        Who::Arbiter => (ARBITER, w.text("title_arbiter", &[])),
        Who::Watch => (WATCH, w.text("title_watch", &[])),
    };
    if template == OPPONENT && !separate_press {
        return render(
            &template.replace(PRESS_BUTTON, ""),
            w,
            code,
            who.name(),
            &title,
            laws,
        );
    }
    render(template, w, code, who.name(), &title, laws)
}

/// The page at `/` (no token: it only says where the seats' pages are).
pub fn index(code: &str) -> String {
    let w = words(code);
    render(
        INDEX,
        w,
        code,
        "",
        &w.text("title_index", &[]),
        Laws::default(),
    )
}

/// A shared asset by file name: (content type, text).
pub fn asset(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "app.js" => Some((
            "text/javascript; charset=utf-8",
            include_str!("pages/app.js"),
        )),
        "seats.js" => Some((
            "text/javascript; charset=utf-8",
            include_str!("pages/seats.js"),
        )),
        "style.css" => Some(("text/css; charset=utf-8", include_str!("pages/style.css"))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_cite_the_games_edition() {
        for code in crate::locale::CODES {
            for who in Who::ALL {
                let html = page(who, false, true, code, Laws::Fide2023);
                for laws in [Laws::Fide2009, Laws::Fide2005] {
                    let older = page(who, false, true, code, laws);
                    for art in ["D.2.", " 7.5)", "Άρθρο 7.5"] {
                        assert!(!older.contains(art), "{code} {who:?} {laws:?}: {art}");
                    }
                    if html.contains("D.2.9") {
                        assert!(older.contains(".2.7, "), "{code} {who:?} {laws:?}");
                    }
                }
            }
        }
        let en = words("en");
        assert_eq!(
            cite(Laws::Fide2005, &en.text("hall_need_touched_piece", &[])),
            "Touched piece reported (F.2.9(e))"
        );
        assert_eq!(
            cite(Laws::Fide2009, &en.text("illegal_by", &[])),
            "Illegal move (Art. 7.4) by"
        );
        assert_eq!(
            cite(Laws::Fide2009, &en.text("hall_need_missing_assistant", &[])),
            "Compulsory assistant missing"
        );
    }

    #[test]
    fn every_page_is_filled_in_every_locale() {
        for code in crate::locale::CODES {
            for who in Who::ALL {
                for blind in [false, true] {
                    let html = page(who, blind, true, code, Laws::default());
                    assert!(!html.contains("{{"), "{code} {who:?}: a part is left");
                    assert!(!html.contains("[\""), "{code} {who:?}");
                    assert!(
                        html.contains(&format!("<html lang=\"{code}\">")),
                        "{code} {who:?}"
                    );
                    assert!(
                        html.contains(&format!("data-seat=\"{}\"", who.name())),
                        "{code} {who:?}"
                    );
                }
            }
            assert!(index(code).contains(&format!("lang=\"{code}\"")));
        }
    }

    #[test]
    fn each_blind_players_assistant_has_a_page_titled_for_him() {
        let en = page(Who::AssistantBlack, false, false, "en", Laws::default());
        assert!(
            en.contains("<title>hector — assistant, Black</title>"),
            "{en}"
        );
        assert!(en.contains("data-seat=\"assistant-black\""));
        assert!(en.contains("data-page=\"assistant\""));
        let de = page(Who::AssistantWhite, false, false, "de", Laws::default());
        assert!(
            de.contains("<title>hector — Assistent von Weiß</title>"),
            "{de}"
        );
    }

    #[test]
    fn the_press_button_is_only_there_with_separate_press() {
        let with = page(Who::Black, false, true, "en", Laws::default());
        assert!(with.contains(">Press my clock</button>"));
        let without = page(Who::Black, false, false, "en", Laws::default());
        assert!(!without.contains(">Press my clock</button>"));
        assert!(!without.contains("id=\"press\""));
    }

    #[test]
    fn the_blind_pages_examples_are_understood_by_the_session() {
        for code in crate::locale::CODES {
            let s = SessionWords::get(code).unwrap();
            let w = words(code);
            let mine = w.text("my_time", &[]);
            assert_eq!(
                s.command(&mine).map(|c| c.0),
                Some(Verb::MyTime),
                "{code}: {mine}"
            );
            let yes = phrase(code, Verb::Yes);
            assert_eq!(
                s.command(&yes).map(|c| c.0),
                Some(Verb::Yes),
                "{code}: {yes}"
            );
        }
    }

    #[test]
    fn the_blind_page_gives_examples_in_the_games_words() {
        let pl = page(Who::White, true, false, "pl", Laws::default());
        assert!(pl.contains("Skoczek Feliks trzy"), "{pl}");
        assert!(!pl.contains("Springer Felix drei"));
        let de = page(Who::Black, true, false, "de", Laws::default());
        assert!(de.contains("<title>hector — Schwarz, Ihre Partie</title>"));
        assert!(
            de.contains("„Springer Felix drei“, „Meine Zeit“, „ja“"),
            "{de}"
        );
    }
}
