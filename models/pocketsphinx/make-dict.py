#!/usr/bin/env python3
"""Builds hector.dict: every word hector listens for, in every locale, in the
CMU phones of the PocketSphinx en-us acoustic model.

Pronunciations are derived systematically, not written by hand:
  * espeak-ng's phonemes of each word (`espeak-ng -v LANG -q --ipa --sep=_`,
    and `-x` for the few phonemes without an IPA symbol), spoken with the
    voice of every language in which hector hears the word, mapped to CMU
    phones by the table IPA below; a second variant uses the alternative
    mapping ALT (e.g. German "ch" heard as K instead of HH);
  * the CMU dictionary of pocketsphinx-en-us, for English words.
A word heard in several languages gets every pronunciation that applies.

The words come from the locale files themselves (locales/*/notation.toml,
voice.toml, session.toml), so the original spelling (fünf, pięć, četiri) is
what espeak-ng speaks; the dictionary holds them folded as hector folds
heard words (`hector listen --vocabulary`).

Run from the crate root after `cargo build`:
    python3 models/pocketsphinx/make-dict.py
Commit hector.dict; the test `every_word_of_every_locale_is_in_the_dictionary`
fails when a word is missing.
"""
import glob, os, re, subprocess, sys, tomllib, unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CMUDICT = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"
HECTOR = os.environ.get("HECTOR", os.path.join(ROOT, "target/debug/hector"))
LOCALES = ["de", "en", "pl", "sr", "el"]
VOICE = {"de": "de", "en": "en-us", "pl": "pl", "sr": "sr", "el": "el"}
# The FIDE words (German) are heard in every locale; these voices say them.
FIDE_VOICES = ["de", "en"]
MAX_VARIANTS = int(os.environ.get('MAX_VARIANTS', '4'))

# IPA (as espeak-ng writes it, stress marks removed) -> CMU phones.
IPA = {
    # diphthongs first (longest match wins)
    "aɪ": "AY", "aʊ": "AW", "ɔø": "OY", "ɔɪ": "OY", "ɔʏ": "OY", "eɪ": "EY", "oʊ": "OW",
    "əʊ": "OW", "ɪə": "IH R", "eə": "EH R", "ʊə": "UH R", "aɪə": "AY ER", "ɑː": "AA",
    # vowels
    "a": "AA", "aː": "AA", "ɑ": "AA", "ɐ": "AH", "ɒ": "AA", "æ": "AE", "ʌ": "AH", "ə": "AH",
    "ɜ": "ER", "ɜː": "ER", "ɚ": "ER", "ɛ": "EH", "ɛː": "EH", "e": "EH", "eː": "EY",
    "ɪ": "IH", "i": "IY", "iː": "IY", "ɨ": "IH", "ɔ": "AO", "ɔː": "AO", "o": "AO", "oː": "OW",
    "ʊ": "UH", "u": "UW", "uː": "UW", "y": "UW", "yː": "UW", "ʏ": "UH", "ø": "ER", "øː": "ER",
    "œ": "ER", "ɵ": "AH", "ɯ": "UW",
    # consonants
    "p": "P", "b": "B", "t": "T", "d": "D", "k": "K", "g": "G", "ɡ": "G", "f": "F", "v": "V",
    "s": "S", "z": "Z", "ʃ": "SH", "ʒ": "ZH", "h": "HH", "m": "M", "n": "N", "ŋ": "NG",
    "l": "L", "j": "Y", "w": "W", "θ": "TH", "ð": "DH", "ɾ": "R", "r": "R", "ɹ": "R",
    "ʁ": "R", "ʀ": "R", "x": "HH", "ç": "HH", "χ": "HH", "ts": "T S", "tʃ": "CH",
    "dʒ": "JH", "tɕ": "CH", "dʑ": "JH", "ɕ": "SH", "ʑ": "ZH", "ʂ": "SH", "ʐ": "ZH",
    "tʂ": "CH", "dʐ": "JH", "ɲ": "N Y", "ʎ": "L Y", "c": "K", "ɟ": "G", "ʝ": "Y", "ɣ": "G",
    "ɫ": "L", "ɱ": "M", "ʋ": "V", "ɬ": "L", "β": "V", "dz": "D Z", "ɳ": "N", "ɭ": "L",
    "ʔ": "", "ɦ": "HH", "ʍ": "W", "ᵻ": "IH", "ɘ": "AH", "ɤ": "AH",
}
# A second reading of phones the en-us model has no good match for.
ALT = {
    "x": "K", "ç": "SH", "χ": "K", "y": "IY", "yː": "IY", "ʏ": "IH", "ø": "EH", "øː": "EY",
    "œ": "EH", "ɜ": "AH", "ɐ": "AA", "ɨ": "IY", "ɾ": "", "ʁ": "", "ɛː": "EY", "ə": "EH",
    "ɔø": "OY", "a": "AH",
}
# espeak-ng phonemes with no IPA symbol (written "??"), by their -x name.
MNEMONIC = {
    "U@": "UH R", "UR": "UH R", "OR": "AO R", "IR": "IH R", "ER": "EH R", "AR": "AA R", "YR": "UW R", "aR": "AA R", "oR": "AO R", "eR": "EH R", "iR": "IY R", "uR": "UW R", "yR": "UW R", "o@": "AO R", "a@": "AA R", "i@": "IY R", "E@": "EH R", "y@": "UW R",
    "O@": "AO R", "u@": "UW R", "e@": "EH R", "Y@": "ER R", "I@": "IH R", "A@": "AA R",
}
STRESS = "ˈˌ\u200d"


def strip(tok):
    tok = "".join(c for c in tok if c not in STRESS)
    tok = "".join(c for c in unicodedata.normalize("NFD", tok)
                  if not unicodedata.combining(c) and c not in "ʰʲˠ̚ʷ")
    return tok


def phone_of(tok, table):
    """CMU phones of one IPA phoneme token (None when unknown)."""
    for t in (tok, tok.replace("ː", ""), tok.replace("ːː", "ː")):
        if t in table:
            return table[t]
        if t in IPA:
            return IPA[t]
    # a token of several IPA symbols that espeak-ng did not split: longest match
    out, i = [], 0
    keys = sorted(set(IPA) | set(table), key=len, reverse=True)
    t = tok.replace("ː", "")
    while i < len(t):
        for k in keys:
            if t.startswith(k, i):
                out.append(table.get(k, IPA.get(k)))
                i += len(k)
                break
        else:
            return None
    return " ".join(p for p in out if p)


def espeak_lines(voice, words, *args):
    """espeak-ng's output for each word, one clause per word."""
    text = "".join(f"{w}.\n" for w in words)
    out = subprocess.run(["espeak-ng", "-v", voice, "-q", *args, "--", text],
                         check=True, capture_output=True, text=True).stdout
    lines = [l.strip() for l in out.splitlines() if l.strip()]
    if len(lines) != len(words):
        sys.exit(f"make-dict: espeak-ng -v {voice} gave {len(lines)} lines for {len(words)} words")
    return lines


CACHE = {}


def prepare(voice, words):
    """Phonemises `words` with `voice` in one espeak-ng run each for IPA and -x."""
    todo = sorted({w for w in words if (voice, w) not in CACHE})
    if not todo:
        return
    ipa = espeak_lines(voice, todo, "--ipa", "--sep=_")
    mnem = espeak_lines(voice, todo, "-x", "--sep=_")
    for w, i, m in zip(todo, ipa, mnem):
        CACHE[(voice, w)] = (i, m)


def pronounce(voice, word):
    """The CMU readings (primary, alternative) of `word` spoken by `voice`."""
    prepare(voice, [word])
    ipa_line, mnem_line = CACHE[(voice, word)]
    # a language switch inside espeak-ng is written "(en)"
    ipa = [re.sub(r"\(\w+\)_?|_?\(\w+\)", "", w) for w in ipa_line.split()]
    mnem = [re.sub(r"\(\w+\)_?|_?\(\w+\)", "", w) for w in mnem_line.split()]
    readings = []
    for table in ({}, ALT):
        phones = []
        for wi, w in enumerate(ipa):
            toks = w.split("_")
            mtoks = mnem[wi].split("_") if wi < len(mnem) else []
            for ti, tok in enumerate(toks):
                t = strip(tok)
                if not t:
                    continue
                if "?" in t:
                    m = mtoks[ti].lstrip("'ˈ,") if ti < len(mtoks) else ""
                    p = MNEMONIC.get(m)
                else:
                    p = phone_of(t, table)
                if p is None:
                    print(f"make-dict: {voice} '{word}': no CMU phone for '{t}'", file=sys.stderr)
                    continue
                phones += p.split()
        # a doubled phone (espeak's geminates, e.g. Greek σσ) is one phone
        dedup = [p for i, p in enumerate(phones) if i == 0 or p != phones[i - 1]]
        if dedup:
            readings.append(" ".join(dedup))
    return readings


def fold(word):
    """As src/locale/fold.rs folds heard words."""
    table = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "đ": "dj", "ς": "σ", "’": "", "'": ""}
    out = []
    for c in word.lower():
        if c in table:
            out.append(table[c])
            continue
        d = unicodedata.normalize("NFD", c)
        base = "".join(x for x in d if not unicodedata.combining(x))
        out.append({"ł": "l"}.get(base, base))
    return "".join(out)


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)


def spellings(loc):
    """Folded word -> original spellings, from the locale's word lists."""
    out = {}
    sections = [("notation.toml", ["words", "accept", "fillers", "commands"]),
                ("voice.toml", ["yes", "no", "numbers", "pieces"]),
                ("session.toml", ["commands", "words"])]
    for name, keys in sections:
        path = os.path.join(ROOT, "locales", loc, name)
        if not os.path.exists(path):
            continue
        with open(path, "rb") as f:
            data = tomllib.load(f)
        for k in keys:
            for s in strings(data.get(k, {})):
                for w in re.findall(r"[^\W\d_]+", s):
                    out.setdefault(fold(w), set()).add(w)
    return out


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
    cmu = load_dict(CMUDICT)
    vocab, spelled = {}, {}
    for loc in LOCALES:
        out = subprocess.run([HECTOR, "listen", "--vocabulary", "--locale", loc],
                             check=True, capture_output=True, text=True).stdout
        vocab[loc] = set(out.split())
        spelled[loc] = spellings(loc)
    fide = vocab["de"]
    allp = {}

    def add(word, prons):
        allp.setdefault(word, [])
        for p in prons:
            if p and p not in allp[word] and len(allp[word]) < MAX_VARIANTS:
                allp[word].append(p)

    # Batch the espeak-ng runs: every word of every locale in its voices.
    plan = []
    for loc in LOCALES:
        for w in sorted(vocab[loc]):
            own = w in spelled[loc]
            voices = [VOICE[loc]] if own else []
            if w in fide:
                voices += [VOICE[v] for v in FIDE_VOICES]
            if not voices:
                voices = [VOICE[loc]]
            originals = sorted(spelled[loc].get(w) or spelled["de"].get(w) or [w])
            plan.append((loc, w, voices, originals))
    by_voice = {}
    for loc, w, voices, originals in plan:
        for v in voices:
            by_voice.setdefault(v, set()).update(originals[:2])
    for v, words in by_voice.items():
        prepare(v, sorted(words))
    for loc, w, voices, originals in plan:
            if loc == "en" or w in vocab["en"]:
                add(w, cmu.get(w, [])[:2])
            for v in dict.fromkeys(voices):
                for o in originals[:2]:
                    rs = pronounce(v, o)
                    # the primary readings of every voice before any alternative
                    add(w, rs[:1])
            for v in dict.fromkeys(voices):
                for o in originals[:1]:
                    add(w, pronounce(v, o)[1:])
    missing = [w for loc in LOCALES for w in vocab[loc] if not allp.get(w)]
    if missing:
        sys.exit(f"make-dict: no pronunciation for {missing}")
    with open(os.path.join(HERE, "hector.dict"), "w", encoding="utf-8") as f:
        for w in sorted(allp):
            for i, p in enumerate(allp[w]):
                f.write(f"{w if i == 0 else f'{w}({i + 1})'} {p}\n")
    print(f"hector.dict: {len(allp)} words, {sum(len(v) for v in allp.values())} pronunciations")


if __name__ == "__main__":
    main()
