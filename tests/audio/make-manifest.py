#!/usr/bin/env python3
"""Chooses the spoken-move fixtures: positions, moves and phrases.

Writes tests/audio/manifest.tsv (committed). Run from the crate root after
`cargo build`; make-fixtures.sh then turns each line into a WAV file. The
choice is seeded, so running it again gives the same manifest.

Columns: file, locale, fen ("-" = start), moves (SAN, space separated; "-" = none),
expected SAN (English), phrase spoken, voice, words per minute.
"""
import random, subprocess

HECTOR = "./target/debug/hector"
START = "-"
POSITIONS = [
    (START, ""),
    (START, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"),
    (START, "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O"),
    (START, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5"),
    (START, "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+"),
    (START, "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7"),
    ("r3k2r/ppp2ppp/2n1bn2/3qp3/3P4/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1", ""),
    ("8/P4k2/8/8/8/8/5K1p/8 w - - 0 1", ""),
    ("8/5k2/8/8/8/8/P4K1p/8 b - - 0 1", ""),
    ("4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", ""),
    ("2kr3r/pppq1ppp/2n5/3p4/3P4/2N5/PPPQ1PPP/2KR3R w - - 0 1", ""),
    ("6k1/5ppp/8/3N4/8/8/5PPP/3N2K1 w - - 0 1", ""),
]
DE_VOICES = ["de", "de+m3", "de+f2", "de+m7", "de+f4"]
EN_VOICES = ["flite:slt", "flite:rms", "flite:awb", "en-us", "en+m3"]
SPEEDS = [130, 150, 170]


def phrases(fen, moves, locale):
    cmd = [HECTOR, "listen", "--phrases", "--locale", locale, "--moves", moves]
    if fen != START:
        cmd += ["--fen", fen]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return [tuple(l.split("\t", 1)) for l in out.splitlines() if l]


rng = random.Random(4)
rows = []
for locale, count, voices in [("de", 64, DE_VOICES), ("en", 32, EN_VOICES)]:
    for i in range(count):
        fen, moves = POSITIONS[i % len(POSITIONS)]
        ph = phrases(fen, moves, locale)
        # Prefer the special moves (castling, promotion, checks) when there are any.
        special = [p for p in ph if "=" in p[0] or "O-O" in p[0] or "+" in p[0]]
        pool = special if special and rng.random() < 0.4 else ph
        san, phrase = rng.choice(pool)
        voice = voices[i % len(voices)]
        speed = SPEEDS[(i // len(voices)) % len(SPEEDS)]
        rows.append((f"{locale}-{i:03}.wav", locale, fen, moves or "-", san, phrase, voice, str(speed)))

with open("tests/audio/manifest.tsv", "w") as f:
    f.write("# file\tlocale\tfen\tmoves\tsan\tphrase\tvoice\twpm\n")
    for r in rows:
        f.write("\t".join(r) + "\n")
print(f"{len(rows)} fixtures")
