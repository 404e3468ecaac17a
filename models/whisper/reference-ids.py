#!/usr/bin/env python3
"""Reference token ids for the tokenizer test (tests/whisper.rs).

Usage: reference-ids.py TOKENIZER_JSON < phrases > tests/fixtures/whisper/token-ids.tsv

Reads one folded phrase per line and writes `phrase<TAB>ids` with the ids
Hugging Face's `tokenizers` (pip install tokenizers) gives for the forced
transcript hector scores: a leading space and the first letter capitalised
(src/speech/whisper/mod.rs, Whisper::transcript).
"""
import sys

from tokenizers import Tokenizer

tok = Tokenizer.from_file(sys.argv[1])
seen = set()
for line in sys.stdin:
    p = " ".join(line.split())
    if not p or p in seen:
        continue
    seen.add(p)
    text = " " + p[0].upper() + p[1:]
    ids = tok.encode(text, add_special_tokens=False).ids
    print(f"{p}\t{' '.join(map(str, ids))}")
