#!/usr/bin/env python3
"""Builds hector.dict from the per-language sources in sources/*.dict.

Each source line is `word PHONES...` (alternates `word(2) ...`), in the CMU
phone set of the PocketSphinx en-us model. Pronunciations of a word that
appears in several languages are merged, duplicates dropped, and the
alternates renumbered. Run it after editing a source; commit both.
"""
import glob, os, re

here = os.path.dirname(os.path.abspath(__file__))
prons = {}
for path in sorted(glob.glob(os.path.join(here, "sources", "*.dict"))):
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith(";;"):
            continue
        word, *phones = line.split()
        word = re.sub(r"\(\d+\)$", "", word)
        p = " ".join(phones)
        lst = prons.setdefault(word, [])
        if p not in lst:
            lst.append(p)

with open(os.path.join(here, "hector.dict"), "w", encoding="utf-8") as out:
    for word in sorted(prons):
        for i, p in enumerate(prons[word]):
            name = word if i == 0 else f"{word}({i + 1})"
            out.write(f"{name} {p}\n")
