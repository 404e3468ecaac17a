#!/usr/bin/env python3
"""Fits the share of chess in an utterance (`pocketsphinx::Weights`): a
logistic model over six scores of the best phrase beside the phone loop —
the log-likelihood ratio per second of the whole path, the phone error, the
worst word, the speech the phrase calls silence, the phrase's number of
words and its words' mean fit — that tells a spoken
move or command from other speech (issue 12: no move from non-chess talk).

Data: `hector-lab listen --bench` with HECTOR_PS_DUMP=1 prints the scores of
every decoded utterance (PSRAW, PSFIT lines) and marks each sample's end
(PSSAMPLE id form outcome). Use the tuning seeds only, never the report
seed (2) or the tests' seed (5), and the tuning list of non-chess sentences:

    export HECTOR_PS_DUMP=1
    hector-lab listen --bench --seed 3 --locales de,en --count 150 --player 20 \\
        --commands --non-chess tests/audio/non-chess-tune.tsv 2> a.err
    for s in 4 6 7 8 9 10 11 12 13 14; do
      hector-lab listen --bench --seed $s --locales de,en,pl,sr,el --count 1 \\
        --player 20 --commands --non-chess tests/audio/non-chess-tune.tsv \\
        2> s$s.err
    done
    python3 models/pocketsphinx/fit-chess.py a.err s*.err

It prints the weights for HECTOR_PS_WEIGHTS (bias,ratio,phone_error,
worst_word,unexplained,words,mean_word) and what they cost. hector multiplies this share by
the whole-path check (HECTOR_PS_RATIO): dump with that check alone,
HECTOR_PS_WEIGHTS=30,0,0,0,0, and the cut puts every non-chess sentence it
took as a move at least MARGIN below the middle (0: at most at it),
and the weights are steepened by STEEP so a move scoring a little above
the cut is read back at once. Plain Python, no packages: the model is
fitted by Newton's method with both classes weighted equally.
"""
import json, math, re, sys

MARGIN = 0.0
STEEP = 3.0
PHONE_ERROR_CUT = 1.1  # the hard phone check (Tuning::phone_error) decides above


def samples(paths):
    for path in paths:
        last = {}
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("PSRAW "):
                    p = line.split(" ", 3)
                    last["ratio"], last["pe"] = float(p[1]), float(p[2])
                elif line.startswith("PSPATH "):
                    # the phrase's words, for dumps whose PSFIT lacks them
                    last["words"] = float(len(line[7:].split(" | ")[0].split()))
                elif line.startswith("PSFIT "):
                    m = re.search(r"worst_word: ([^,\s]+), unexplained: ([^,\s]+)", line)
                    if m:
                        last["fit"] = (float(m[1]), float(m[2]))
                    n = re.search(r"words: ([^,\s}]+)", line)
                    if n:
                        last["words"] = float(n[1])
                    n = re.search(r"mean_word: ([^,\s}]+)", line)
                    if n:
                        last["mean_word"] = float(n[1])
                elif line.startswith("PSWORDS "):
                    # word, frames, score less the phone loop's per frame
                    words = json.loads(line[8:])
                    if words:
                        last.setdefault("mean_word", sum(w[2] for w in words) / len(words))
                elif line.startswith("PSSAMPLE "):
                    _, _, form, *outcome = line.split()
                    if "fit" in last and not math.isnan(last.get("pe", math.nan)):
                        yield form, " ".join(outcome), [
                            last["ratio"], last["pe"], *last["fit"], last.get("words", 0.0),
                            last.get("mean_word", 0.0),
                        ]
                    last = {}


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(xs, ys, l2=0.1):
    """Weighted logistic regression (bias first) by Newton's method."""
    pos = sum(ys)
    w_pos, w_neg = len(ys) / (2 * pos), len(ys) / (2 * (len(ys) - pos))
    d = len(xs[0]) + 1
    w = [0.0] * d
    for _ in range(50):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys):
            v = [1.0] + x
            z = sum(a * b for a, b in zip(w, v))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            c = w_pos if y else w_neg
            for i in range(d):
                g[i] += c * (p - y) * v[i]
                for j in range(d):
                    h[i][j] += c * p * (1 - p) * v[i] * v[j]
        for i in range(1, d):
            g[i] += l2 * w[i]
            h[i][i] += l2
        step = solve(h, g)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-8:
            break
    return w


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    try:
        rows = [r for r in samples(sys.argv[1:]) if r[2][1] <= PHONE_ERROR_CUT]
    except OSError as e:
        sys.exit(f"fit-chess: cannot read {e.filename}: {e.strerror}")
    if not rows or all(f == "other" for f, _, _ in rows):
        sys.exit("fit-chess: no samples with PSFIT lines (HECTOR_PS_DUMP=1?)")
    xs = [x for _, _, x in rows]
    ys = [0 if form == "other" else 1 for form, _, _ in rows]
    w = fit(xs, ys)
    z = lambda x: w[0] + sum(a * b for a, b in zip(w[1:], x))
    taken = [z(x) for f, o, x in rows if f == "other" and o == "wrong move"]
    cut = (max(taken) if taken else 0.0) + MARGIN
    right = [z(x) for f, o, x in rows if f not in ("other", "command") and o == "right"]
    lost = sum(1 for v in right if v <= cut)
    print(f"{len(rows)} utterances, {len(rows) - sum(ys)} non-chess, "
          f"{len(taken)} of them taken as moves by the dump's rule")
    print(f"cut at z = {cut:.2f}: {lost} of {len(right)} right moves "
          f"({100 * lost / max(1, len(right)):.1f} %) below it")
    weights = [STEEP * (w[0] - cut)] + [STEEP * v for v in w[1:]]
    print("HECTOR_PS_WEIGHTS=" + ",".join(f"{v:.4g}" for v in weights))


if __name__ == "__main__":
    main()
