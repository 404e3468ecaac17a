//! Property tests over thousands of random legal positions: for every legal
//! move, say → hear gives the same move in every locale and form, and SAN
//! write → read gives the same move in every locale.

use hector::locale::{CODES, Locale};
use hector::notation::phrase::{Form, Heard, SayOptions, hear, say_with};
use hector::notation::san::{self, SanStyle};
use hector::rules::random::{SplitMix64, random_game};
use shakmaty::{Chess, Position};

fn positions(seed: u64, games: usize, plies: usize) -> Vec<Chess> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let g = random_game(&mut rng, plies);
        // Every third position keeps the set varied but the test quick.
        out.extend(g.into_iter().step_by(3));
    }
    out
}

#[test]
fn say_then_hear_gives_the_same_move_in_every_locale_and_form() {
    let ps = positions(7, 60, 200);
    assert!(ps.len() > 2000, "only {} positions", ps.len());
    let mut checked = 0usize;
    let mut promotions = 0usize;
    let mut castles = 0usize;
    let mut en_passant = 0usize;
    for code in CODES {
        let loc = Locale::get(code).unwrap();
        for form in [Form::Short, Form::Long] {
            for (capture_word, check_word, pawn_word) in [(true, true, false), (false, false, true)]
            {
                let opts = SayOptions {
                    form,
                    pawn_word,
                    capture_word,
                    check_word,
                };
                for pos in &ps {
                    for m in pos.legal_moves() {
                        let phrase = say_with(pos, m, loc, &opts);
                        let back = hear(pos, &phrase, loc);
                        assert_eq!(
                            back,
                            Heard::Move(m),
                            "{code} {form:?} '{phrase}' in {}",
                            shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
                        );
                        checked += 1;
                        promotions += usize::from(m.is_promotion());
                        castles += usize::from(m.is_castle());
                        en_passant += usize::from(m.is_en_passant());
                    }
                }
            }
        }
    }
    println!(
        "say → hear: {checked} phrases checked ({promotions} promotions, {castles} castlings, {en_passant} en passant)"
    );
    assert!(
        promotions > 0 && castles > 0 && en_passant > 0,
        "the random set must reach the rare moves"
    );
}

#[test]
fn san_write_then_read_gives_the_same_move_in_every_locale() {
    let ps = positions(11, 60, 200);
    let mut checked = 0usize;
    for code in CODES {
        let loc = Locale::get(code).unwrap();
        let styles = [
            SanStyle::default(),
            SanStyle {
                long: true,
                ..SanStyle::default()
            },
            SanStyle {
                figurine: true,
                ..SanStyle::default()
            },
            SanStyle {
                latin_files: true,
                ..SanStyle::default()
            },
        ];
        for pos in &ps {
            for m in pos.legal_moves() {
                for style in styles {
                    let text = san::write_styled(pos, m, loc, style);
                    assert_eq!(
                        san::read(pos, &text, loc),
                        Ok(m),
                        "{code} {style:?} '{text}'"
                    );
                    checked += 1;
                }
            }
        }
    }
    println!("SAN write → read: {checked} moves checked");
}

#[test]
fn the_fide_words_are_heard_in_every_locale() {
    let ps = positions(13, 10, 120);
    let fide = Locale::fide();
    for code in CODES {
        let loc = Locale::get(code).unwrap();
        for pos in &ps {
            for m in pos.legal_moves() {
                let phrase = say_with(pos, m, fide, &SayOptions::with_form(Form::Long));
                assert_eq!(
                    hear(pos, &phrase, loc),
                    Heard::Move(m),
                    "{code} hears '{phrase}'"
                );
            }
        }
    }
}
