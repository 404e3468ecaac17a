//! Words as people type and say them (issue 41): whole natural sentences
//! for each request in all five languages (`locales/<code>/phrases.toml`),
//! in any letter case and with the punctuation people add; "zwo" for zwei;
//! a bare "abbrechen"/"cancel" cancels a read-back; "meine" means the
//! asker's own pieces.

use hector::locale::Locale;
use hector::locale::session::{SessionWords, Verb};
use hector::session::request::{Expecting, Reader, Request, TimeQuery, Whose};
use shakmaty::Role;

fn reader(code: &str) -> Reader<'static> {
    Reader {
        loc: Locale::get(code).unwrap(),
        words: SessionWords::get(code).unwrap(),
    }
}

fn read(code: &str, line: &str) -> Request {
    reader(code)
        .read(line, Expecting::default())
        .unwrap_or_else(|e| panic!("{code}: {line:?} is not read: {e:?}"))
}

const MY_TIME: Request = Request::Time(TimeQuery::Mine);
const OPPONENT_TIME: Request = Request::Time(TimeQuery::Opponent);
const BOTH_TIMES: Request = Request::Time(TimeQuery::Both);

fn my(piece: Role) -> Request {
    Request::Where {
        piece,
        whose: Some(Whose::Mine),
    }
}

/// Every locale's sentences, each with the request it must give.
fn table() -> Vec<(&'static str, &'static str, Request)> {
    vec![
        // German: the sentences first.
        ("de", "Ich biete Remis an", Request::Draw),
        ("de", "remis annehmen", Request::Accept),
        ("de", "letzte Züge", Request::List),
        ("de", "wie viel Zeit habe ich", MY_TIME),
        ("de", "Wie viel Zeit habe ich?", MY_TIME),
        ("de", "wo sind meine Springer", my(Role::Knight)),
        ("de", "Ich biete ein Remis an.", Request::Draw),
        ("de", "Remis ablehnen", Request::Decline),
        ("de", "ich nehme das Remis an", Request::Accept),
        ("de", "wie viel Zeit hat mein Gegner", OPPONENT_TIME),
        ("de", "wie lange habe ich noch", MY_TIME),
        ("de", "wie viele Züge wurden gespielt", Request::Moves),
        ("de", "was war der letzte Zug", Request::Last),
        ("de", "wie bitte", Request::Repeat),
        ("de", "was kann ich sagen", Request::Help),
        ("de", "ich gebe die Partie auf", Request::Resign),
        ("de", "ich brauche den Schiedsrichter", Request::CallArbiter),
        ("de", "wie ist die Stellung", Request::Board),
        ("de", "wo stehen meine Türme", my(Role::Rook)),
        ("de", "beide Uhren", BOTH_TIMES),
        ("de", "MEINE ZEIT", MY_TIME),
        // English (understood in every locale too).
        ("en", "I offer you a draw", Request::Draw),
        ("en", "accept the draw", Request::Accept),
        ("en", "decline the draw", Request::Decline),
        ("en", "how much time do I have?", MY_TIME),
        ("en", "how much time does my opponent have", OPPONENT_TIME),
        ("en", "last moves", Request::List),
        ("en", "what was the last move", Request::Last),
        ("en", "how many moves have been played", Request::Moves),
        ("en", "say that again", Request::Repeat),
        ("en", "what can I say", Request::Help),
        ("en", "I give up", Request::Resign),
        ("en", "I need the arbiter", Request::CallArbiter),
        ("en", "read the board", Request::Board),
        ("en", "where are my knights", my(Role::Knight)),
        ("en", "Both clocks", BOTH_TIMES),
        ("de", "how much time do I have", MY_TIME),
        // Polish.
        ("pl", "oferuję remis", Request::Draw),
        ("pl", "przyjmuję remis", Request::Accept),
        ("pl", "odrzucam remis", Request::Decline),
        ("pl", "Ile mam czasu?", MY_TIME),
        ("pl", "ile czasu ma przeciwnik", OPPONENT_TIME),
        ("pl", "ile ruchów zagrano", Request::Moves),
        ("pl", "ostatnie ruchy", Request::List),
        ("pl", "jaki był ostatni ruch", Request::Last),
        ("pl", "proszę powtórzyć", Request::Repeat),
        ("pl", "co mogę powiedzieć", Request::Help),
        ("pl", "poddaję partię", Request::Resign),
        ("pl", "potrzebuję sędziego", Request::CallArbiter),
        ("pl", "jaka jest pozycja", Request::Board),
        ("pl", "gdzie są moje skoczki", my(Role::Knight)),
        // Serbian.
        ("sr", "nudim vam remi", Request::Draw),
        ("sr", "prihvatam remi", Request::Accept),
        ("sr", "odbijam remi", Request::Decline),
        ("sr", "Koliko imam vremena?", MY_TIME),
        ("sr", "koliko vremena ima protivnik", OPPONENT_TIME),
        ("sr", "koliko je poteza odigrano", Request::Moves),
        ("sr", "poslednji potezi", Request::List),
        ("sr", "koji je bio poslednji potez", Request::Last),
        ("sr", "molim ponovite", Request::Repeat),
        ("sr", "šta mogu da kažem", Request::Help),
        ("sr", "predajem partiju", Request::Resign),
        ("sr", "treba mi sudija", Request::CallArbiter),
        ("sr", "kakva je pozicija", Request::Board),
        ("sr", "gde su moji skakači", my(Role::Knight)),
        // Greek.
        ("el", "προσφέρω ισοπαλία", Request::Draw),
        ("el", "δέχομαι την ισοπαλία", Request::Accept),
        ("el", "αρνούμαι την ισοπαλία", Request::Decline),
        ("el", "Πόσο χρόνο έχω;", MY_TIME),
        ("el", "πόσο χρόνο έχει ο αντίπαλος", OPPONENT_TIME),
        ("el", "πόσες κινήσεις παίχτηκαν", Request::Moves),
        ("el", "τελευταίες κινήσεις", Request::List),
        ("el", "ποια ήταν η τελευταία κίνηση", Request::Last),
        ("el", "παρακαλώ επανάλαβε", Request::Repeat),
        ("el", "τι μπορώ να πω", Request::Help),
        ("el", "εγκαταλείπω την παρτίδα", Request::Resign),
        ("el", "χρειάζομαι τον διαιτητή", Request::CallArbiter),
        ("el", "ποια είναι η θέση", Request::Board),
        ("el", "πού είναι οι δικοί μου ίπποι", my(Role::Knight)),
    ]
}

#[test]
fn every_natural_sentence_gives_its_request_in_each_locale() {
    let mut failed = Vec::new();
    for (code, line, want) in table() {
        match reader(code).read(line, Expecting::default()) {
            Ok(got) if got == want => {}
            got => failed.push(format!("{code}: {line:?} gave {got:?}, not {want:?}")),
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    // At least ten sentences per language beyond the issue's own.
    for code in hector::locale::CODES {
        let n = table().iter().filter(|(c, _, _)| *c == code).count();
        assert!(n >= 12, "{code}: only {n} sentences in the table");
    }
}

#[test]
fn every_sentence_of_every_phrase_list_is_read_as_its_command() {
    for code in hector::locale::CODES {
        let words = SessionWords::get(code).unwrap();
        let loc = Locale::get(code).unwrap();
        let verbs = words.natural_verbs();
        assert!(verbs.len() >= 10, "{code}: {verbs:?}");
        for verb in verbs {
            for phrase in words.natural_of(verb) {
                // A command that takes words gets them.
                let line = match verb {
                    Verb::Where => format!("{phrase} {}", loc.piece_word(Role::Knight)),
                    Verb::Claim => format!("{phrase} fifty"),
                    _ => phrase.clone(),
                };
                let got = reader(code).read(&line, Expecting::default());
                assert_eq!(
                    got.as_ref().ok().and_then(Request::verb),
                    Some(verb),
                    "{code}: {line:?} gave {got:?}"
                );
                // Any letter case.
                let upper = reader(code).read(&line.to_uppercase(), Expecting::default());
                assert_eq!(got, upper, "{code}: {line:?} in capitals");
            }
        }
    }
}

#[test]
fn zwo_is_zwei() {
    let de = Locale::get("de").unwrap();
    assert_eq!(
        de.lexicon().get(&["zwo".to_string()]),
        de.lexicon().get(&["zwei".to_string()])
    );
    let choice = Expecting {
        choice: true,
        ..Expecting::default()
    };
    assert_eq!(reader("de").read("zwo", choice), Ok(Request::Choose(2)));
    assert_eq!(
        read("de", "Springer Felix zwo"),
        Request::Move("Springer Felix zwo".into())
    );
}

#[test]
fn a_bare_cancel_word_cancels_a_read_back_and_adjourning_keeps_its_move() {
    let readback = Expecting {
        readback: true,
        ..Expecting::default()
    };
    for (code, word) in [
        ("de", "abbrechen"),
        ("de", "Abbrechen"),
        ("en", "cancel"),
        ("en", "adjourn"),
        ("pl", "przerwij"),
        ("sr", "prekini"),
        ("el", "διακοπή"),
    ] {
        assert_eq!(
            reader(code).read(word, readback),
            Ok(Request::No),
            "{code}: {word}"
        );
    }
    // Adjourning with the sealed move stays adjourning.
    assert!(matches!(
        reader("de").read("abbrechen Sf3", readback),
        Ok(Request::Adjourn { .. })
    ));
    assert!(matches!(
        read("de", "abbrechen Sf3"),
        Request::Adjourn { .. }
    ));
}

#[test]
fn my_pieces_are_the_askers_own_theirs_the_opponents() {
    for (code, line) in [
        ("de", "wo sind meine Springer"),
        ("de", "Wo stehen meine Springer?"),
        ("en", "where are my knights"),
        ("pl", "gdzie są moje skoczki"),
        ("sr", "gde su moji skakači"),
    ] {
        assert_eq!(read(code, line), my(Role::Knight), "{code}: {line}");
    }
    assert_eq!(
        read("de", "wo sind die gegnerischen Springer"),
        Request::Where {
            piece: Role::Knight,
            whose: Some(Whose::Theirs)
        }
    );
}
