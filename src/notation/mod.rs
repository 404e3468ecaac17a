//! Notation (FIDE Laws 2023, Appendix C) and the spoken phrasebook (D.2.1).
