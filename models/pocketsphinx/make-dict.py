#!/usr/bin/env python3
"""Builds hector.dict: every word hector listens for, in every locale, in the
CMU phones of the PocketSphinx en-us acoustic model.

Sources, in order of preference:
  sources/*.dict   hand-written pronunciations (German in CMU phones, …);
  the CMU dictionary of pocketsphinx-en-us, for English words;
  spelling rules below for German, Polish, Serbian (Latin) and Greek words.
A word heard in several languages gets every pronunciation that applies.

Run from the crate root after `cargo build`:
    python3 models/pocketsphinx/make-dict.py
It asks hector for each locale's words (`hector listen --vocabulary`),
writes sources/rules.dict (generated) and hector.dict. Commit both; the test
`every_word_of_every_locale_is_in_the_dictionary` fails when a word is
missing.
"""
import glob, os, re, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CMUDICT = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"
HECTOR = os.environ.get("HECTOR", "./target/debug/hector")
LOCALES = ["de", "en", "pl", "sr", "el"]


def rules(word, table):
    """Greedy longest-match spelling-to-phone rules."""
    out, i = [], 0
    keys = sorted(table, key=len, reverse=True)
    while i < len(word):
        for k in keys:
            if word.startswith(k, i):
                out += table[k].split()
                i += len(k)
                break
        else:
            i += 1  # a letter without a sound of its own
    return " ".join(out)


DE = {
    "sch": "SH", "tsch": "CH", "ch": "K", "ck": "K", "ei": "AY", "ie": "IY", "eu": "OY",
    "aeu": "OY", "au": "AW", "ae": "EH", "oe": "ER", "ue": "UW", "ss": "S", "tz": "T S",
    "z": "T S", "w": "V", "v": "F", "j": "Y", "qu": "K V", "ng": "NG", "ph": "F", "th": "T",
    "x": "K S", "ah": "AA", "eh": "EY", "oh": "OW", "uh": "UW", "ih": "IY", "er": "ER",
    "a": "AA", "e": "EH", "i": "IH", "o": "AO", "u": "UH", "y": "IY", "b": "B", "c": "K",
    "d": "D", "f": "F", "g": "G", "h": "HH", "k": "K", "l": "L", "m": "M", "n": "N", "p": "P",
    "r": "R", "s": "S", "t": "T",
    "ll": "L", "mm": "M", "nn": "N", "tt": "T", "ff": "F", "rr": "R", "pp": "P",
}


def german(word):
    w = word
    pre = ""
    if w.startswith("st"):
        pre, w = "SH T ", w[2:]
    elif w.startswith("sp"):
        pre, w = "SH P ", w[2:]
    elif w.startswith("s") and len(w) > 1 and w[1] in "aeiou":
        pre, w = "Z ", w[1:]
    p = rules(w, DE)
    if w.endswith("e") and not w.endswith("ee"):
        p = p[: -len("EH")] + "AH"
    for voiced, unvoiced in (("D", "T"), ("B", "P"), ("G", "K")):
        if p.endswith(" " + voiced):
            p = p[: -len(voiced)] + unvoiced
    return (pre + p).strip()


PL = {
    "szcz": "SH CH", "sz": "SH", "cz": "CH", "rz": "ZH", "ch": "HH", "dz": "D Z", "dzi": "JH",
    "ci": "CH IY", "si": "SH IY", "zi": "ZH IY", "ni": "N Y IY", "cie": "CH EH", "sie": "SH EH",
    "zie": "ZH EH", "nie": "N Y EH", "ie": "Y EH", "w": "V", "j": "Y", "y": "IH", "a": "AA",
    "e": "EH", "i": "IY", "o": "AO", "u": "UW", "c": "T S", "z": "Z", "k": "K", "g": "G",
    "p": "P", "b": "B", "t": "T", "d": "D", "m": "M", "n": "N", "r": "R", "f": "F", "s": "S",
    "h": "HH", "l": "L", "x": "K S",
}

SR = {
    "dj": "JH", "lj": "L Y", "nj": "N Y", "dz": "JH", "j": "Y", "a": "AA", "e": "EH", "i": "IY",
    "o": "AO", "u": "UW", "c": "T S", "z": "Z", "k": "K", "g": "G", "p": "P", "b": "B",
    "t": "T", "d": "D", "m": "M", "n": "N", "r": "ER", "f": "F", "s": "S", "h": "HH",
    "l": "L", "v": "V",
}
# Folding lost the háček (č ć š ž → c s z): these Serbian words are spelled out.
SR_WORDS = {
    "cetiri": "CH EH T IY R IY", "sah": "SH AA HH", "sest": "SH EH S T",
    "pesak": "P EH SH AA K", "pesaci": "P EH SH AA T S IY", "skakac": "S K AA K AA CH",
    "skakaci": "S K AA K AA CH IY", "tacno": "T AA CH N AO", "potvrdjujem": "P AO T V ER JH UW Y EH M",
    "pogresno": "P AO G R EH SH N AO", "jede": "Y EH D EH", "ide": "IY D EH",
}

EL = {
    "ου": "UW", "αι": "EH", "ει": "IY", "οι": "IY", "υι": "IY", "αυ": "AA V", "ευ": "EH V",
    "μπ": "B", "ντ": "D", "γκ": "G", "γγ": "NG G", "τσ": "T S", "τζ": "D Z",
    "α": "AA", "β": "V", "γ": "G", "δ": "DH", "ε": "EH", "ζ": "Z", "η": "IY", "θ": "TH",
    "ι": "IY", "κ": "K", "λ": "L", "μ": "M", "ν": "N", "ξ": "K S", "ο": "AO", "π": "P",
    "ρ": "R", "σ": "S", "τ": "T", "υ": "IY", "φ": "F", "χ": "HH", "ψ": "P S", "ω": "AO",
    "γε": "Y EH", "γι": "Y IY", "γη": "Y IY", "γαι": "Y EH",
}


def load_dict(path):
    d = {}
    if not os.path.exists(path):
        return d
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith(";;"):
            continue
        word, *phones = line.split()
        word = re.sub(r"\(\d+\)$", "", word)
        d.setdefault(word, [])
        p = " ".join(phones)
        if p not in d[word]:
            d[word].append(p)
    return d


def main():
    hand = {}
    for path in sorted(glob.glob(os.path.join(HERE, "sources", "*.dict"))):
        if path.endswith("rules.dict"):
            continue
        for w, ps in load_dict(path).items():
            hand.setdefault(w, [])
            hand[w] += [p for p in ps if p not in hand[w]]
    cmu = load_dict(CMUDICT)
    vocab = {}
    for loc in LOCALES:
        out = subprocess.run([HECTOR, "listen", "--vocabulary", "--locale", loc],
                             check=True, capture_output=True, text=True).stdout
        vocab[loc] = set(out.split())
    base = vocab["de"] | vocab["en"]  # the FIDE (German) and English words
    generated = {}
    for loc in LOCALES:
        for w in sorted(vocab[loc]):
            if w in hand:
                continue
            ps = []
            if loc in ("de", "en"):
                ps += cmu.get(w, [])[:2]
                if re.fullmatch(r"[a-z]+", w) and (not ps or w not in cmu):
                    ps.append(german(w))
            elif w in base:
                continue
            elif loc == "pl":
                ps.append(rules(w, PL))
            elif loc == "sr":
                ps.append(SR_WORDS.get(w) or rules(w, SR))
            elif loc == "el":
                ps.append(rules(w, EL))
            ps = [p for p in ps if p]
            if ps:
                generated.setdefault(w, [])
                generated[w] += [p for p in ps if p not in generated[w]]
    with open(os.path.join(HERE, "sources", "rules.dict"), "w", encoding="utf-8") as f:
        f.write(";; Generated by make-dict.py from spelling rules and the CMU dictionary.\n")
        for w in sorted(generated):
            for i, p in enumerate(generated[w]):
                f.write(f"{w if i == 0 else f'{w}({i + 1})'} {p}\n")
    allp = {}
    for src in (hand, generated):
        for w, ps in src.items():
            allp.setdefault(w, [])
            allp[w] += [p for p in ps if p not in allp[w]]
    with open(os.path.join(HERE, "hector.dict"), "w", encoding="utf-8") as f:
        for w in sorted(allp):
            for i, p in enumerate(allp[w]):
                f.write(f"{w if i == 0 else f'{w}({i + 1})'} {p}\n")
    print(f"hector.dict: {len(allp)} words")


main()
