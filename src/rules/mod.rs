//! Rules of play (FIDE Laws 2023, Articles 1–9).
