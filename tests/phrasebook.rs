//! The phrasebook (FIDE Laws 2023, D.2.1) hears tolerantly but never
//! guesses: one move, a list of candidates, or a reason.

use hector::locale::Locale;
use hector::notation::phrase::{Heard, hear};
use hector::notation::{Reason, san};
use hector::rules::Game;
use shakmaty::{Role, Square};

fn heard_san(fen: Option<&str>, moves: &str, phrase: &str, code: &str) -> Result<String, Heard> {
    let mut g = fen.map_or_else(Game::default, |f| Game::from_fen(f).unwrap());
    for m in moves.split_whitespace() {
        g.play_san(m).unwrap();
    }
    let en = Locale::get("en").unwrap();
    match hear(g.position(), phrase, Locale::get(code).unwrap()) {
        Heard::Move(m) => Ok(san::write(g.position(), m, en)),
        other => Err(other),
    }
}

#[test]
fn spellings_case_spaces_and_fillers() {
    for phrase in [
        "Springer Felix drei",
        "springer   FELIX   drei",
        "Springer nach Felix drei",
        "Springer Gustav eins Felix drei",
        "Springer von Gustav eins nach Felix drei",
        "Springer f 3",
        "Springer f3",
        "Sf3",
        "Nf3",
        "g1f3",
        "Sg1-f3",
        "Springer Felix 3",
        "  Springer, Felix drei. ",
    ] {
        assert_eq!(
            heard_san(None, "", phrase, "de"),
            Ok("Nf3".to_string()),
            "{phrase}"
        );
    }
    let after = "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nc3 Bb4 Bd2 O-O Bd3 d5 exd5";
    for phrase in [
        "Läufer Felix vier",
        "Laeufer Felix vier",
        "LÄUFER FELIX VIER",
        "Laeuffer Felix vier",
    ] {
        assert_eq!(
            heard_san(None, "e4 e5 d4 d6", phrase, "de"),
            Ok("Bf4".to_string()),
            "{phrase}"
        );
    }
    for phrase in ["Eva fünf", "Eva fuenf", "Bauer Eva fünf"] {
        assert_eq!(
            heard_san(None, "e4 d6 d4 h6", phrase, "de"),
            Ok("e5".to_string()),
            "{phrase}"
        );
    }
    assert_eq!(
        heard_san(None, after, "Springer schlägt David fünf", "de"),
        Ok("Nxd5".to_string())
    );
    assert_eq!(
        heard_san(None, "e4 e5 Ke2 Ke7", "Koenig Eva eins", "de"),
        Ok("Ke1".to_string())
    );
    assert_eq!(
        heard_san(None, "e4 e5 Ke2 Ke7", "König Eva eins", "de"),
        Ok("Ke1".to_string())
    );
}

#[test]
fn every_locale_hears_its_own_words_and_the_fide_words() {
    let cases = [
        ("de", "Springer Felix drei"),
        ("en", "Knight Felix three"),
        ("en", "knight takes nothing"),
        ("pl", "Skoczek Feliks trzy"),
        ("pl", "skoczek feliks trzy"),
        ("sr", "Skakač Felix tri"),
        ("sr", "skakac felix tri"),
        ("el", "Ίππος Φέλιξ τρία"),
        ("el", "ιππος ζήτα τρία"),
        ("el", "Ιζ3"),
    ];
    for (code, phrase) in cases {
        let r = heard_san(None, "", phrase, code);
        if phrase.contains("nothing") {
            assert!(
                matches!(r, Err(Heard::NoMatch(Reason::UnknownWord(ref w))) if w == "nothing"),
                "{r:?}"
            );
        } else {
            assert_eq!(r, Ok("Nf3".to_string()), "{code}: {phrase}");
        }
        // The FIDE words work in every locale.
        assert_eq!(
            heard_san(None, "", "Springer Felix drei", code),
            Ok("Nf3".to_string()),
            "{code}"
        );
    }
}

#[test]
fn castling_and_promotion_words() {
    let fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        heard_san(Some(fen), "", "Kurze Rochade", "de"),
        Ok("O-O".into())
    );
    assert_eq!(
        heard_san(Some(fen), "", "lange rochade", "pl"),
        Ok("O-O-O".into())
    );
    assert_eq!(
        heard_san(Some(fen), "", "długa roszada", "pl"),
        Ok("O-O-O".into())
    );
    assert_eq!(
        heard_san(Some(fen), "", "dluga roszada", "pl"),
        Ok("O-O-O".into())
    );
    assert_eq!(
        heard_san(Some(fen), "", "castles kingside", "en"),
        Ok("O-O".into())
    );
    assert_eq!(
        heard_san(Some(fen), "", "Bella acht Dame", "de"),
        Ok("b8=Q+".into())
    );
    assert_eq!(
        heard_san(Some(fen), "", "Bella schlägt Anna acht Springer", "de"),
        Ok("bxa8=N".into())
    );
    assert_eq!(
        heard_san(Some(fen), "", "Bella acht wird Turm", "de"),
        Ok("b8=R+".into())
    );
}

#[test]
fn several_moves_fit_gives_the_candidates() {
    // Knights on b1 and f1 can both go to d2.
    let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    match heard_san(Some(fen), "", "Springer David zwei", "de") {
        Err(Heard::Ambiguous(ms)) => assert_eq!(ms.len(), 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        heard_san(Some(fen), "", "Springer Bella David zwei", "de"),
        Ok("Nbd2".into())
    );
    assert_eq!(
        heard_san(Some(fen), "", "Springer Felix eins David zwei", "de"),
        Ok("Nfd2".into())
    );
}

#[test]
fn no_move_fits_and_hector_says_why() {
    let de = Locale::fide();
    let en = Locale::get("en").unwrap();
    let g = Game::default();
    let why = |phrase: &str, loc: &Locale| match hear(g.position(), phrase, loc) {
        Heard::NoMatch(r) => r,
        other => panic!("{phrase}: {other:?}"),
    };
    assert_eq!(
        why("Springer Felix vier", de),
        Reason::NoMove {
            role: Role::Knight,
            to: Square::F4
        }
    );
    assert_eq!(
        why("Knight Felix four", en).sentence(en),
        "No Knight can reach f4."
    );
    assert_eq!(
        why("Springer Hector drei Felix vier", de),
        Reason::NothingOn {
            role: Role::Knight,
            square: Square::H3
        }
    );
    assert_eq!(
        why("Springer Gustav eins Felix vier", de),
        Reason::NoMoveFrom {
            role: Role::Knight,
            from: Square::G1,
            to: Square::F4
        }
    );
    assert_eq!(why("Springer Felix", de), Reason::NoTarget);
    assert_eq!(why("", de), Reason::NothingHeard);
    assert_eq!(
        why("Springer Banane drei", de),
        Reason::UnknownWord("Banane".into())
    );
    assert_eq!(
        why("Springer schlägt Felix drei", de),
        Reason::NoCapture { to: Square::F3 }
    );
    assert_eq!(
        why("Kurze Rochade", de),
        Reason::CastlingImpossible(shakmaty::CastlingSide::KingSide)
    );
    assert_eq!(
        why("Anna eins Anna zwei Anna drei", de),
        Reason::TooManySquares
    );
    let fen = Game::from_fen("8/1P6/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
    match hear(fen.position(), "Bella acht", de) {
        Heard::NoMatch(r) => assert_eq!(r, Reason::PromotionMissing),
        other => panic!("{other:?}"),
    }
    match hear(fen.position(), "Bella acht wird", de) {
        Heard::NoMatch(r) => assert_eq!(r, Reason::PromotionMissing),
        other => panic!("{other:?}"),
    }
}

/// Issue 41: a written move in any letter case, in every locale: as
/// written first; otherwise each token in small letters or with a capital
/// first letter; one legal reading is the move, several a choice, none a
/// reason about the board (never one about hearing).
#[test]
fn written_moves_in_any_letter_case() {
    for code in hector::locale::CODES {
        for (moves, typed, want) in [
            ("", "E4", "e4"),
            ("", "D4", "d4"),
            ("", "sf3", "Nf3"),
            ("", "SF3", "Nf3"),
            ("", "NF3", "Nf3"),
            ("", "G1F3", "Nf3"),
            ("e4 d5", "Exd5", "exd5"),
            ("e4 d5", "EXD5", "exd5"),
            ("e4 e5 Nf3 Nc6", "BC4", "Bc4"),
        ] {
            assert_eq!(
                heard_san(None, moves, typed, code),
                Ok(want.to_string()),
                "{code}: {typed} after {moves:?}"
            );
        }
        // As written wins: `bc4` is the pawn, `Bc4` the bishop.
        let fen = Some("4k3/8/8/8/2n5/1P6/8/4KB2 w - - 0 1");
        assert_eq!(heard_san(fen, "", "Bc4", code), Ok("Bxc4".into()));
        assert_eq!(heard_san(fen, "", "bc4", code), Ok("bxc4".into()));
        // In capitals both readings are legal: a choice.
        match heard_san(fen, "", "BC4", code) {
            Err(Heard::Ambiguous(ms)) => assert_eq!(ms.len(), 2, "{code}"),
            other => panic!("{code}: BC4 gave {other:?}"),
        }
        // D4 with the d-pawn blocked: why the pawn cannot go, not "no
        // target square heard".
        match heard_san(None, "d4 d5", "D4", code) {
            Err(Heard::NoMatch(Reason::NoMove { role, to })) => {
                assert_eq!((role, to), (Role::Pawn, Square::D4), "{code}")
            }
            other => panic!("{code}: D4 gave {other:?}"),
        }
    }
}

/// No sentence about a refused typed move speaks of hearing.
#[test]
fn a_refused_written_move_is_not_said_to_be_heard() {
    for code in hector::locale::CODES {
        let loc = Locale::get(code).unwrap();
        for r in [
            Reason::NoTarget,
            Reason::NothingHeard,
            Reason::TooManySquares,
        ] {
            let s = r.sentence(loc).to_lowercase();
            for heard in ["gehört", "heard", "usłysz", "čuv", "čut", "ακούστ"] {
                assert!(!s.contains(heard), "{code}: {s}");
            }
        }
    }
}
