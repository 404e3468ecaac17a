#!/usr/bin/env python3
"""Adapts the PocketSphinx en-us acoustic model to speakers of hector's
vocabulary by MAP adaptation of its means, variances and mixture weights
(Debian `sphinxtrain`, `sphinxbase-utils` and `pocketsphinx` give bw,
map_adapt, sphinx_fe and the mdef converter). The result is three files
in models/pocketsphinx/adapted/ that hector loads over the Debian model:
means, variances and sendump (the mixture weights quantised as the Debian
model ships them).

Adaptation speech is a generated set with the TUNING seed (1); sets with
other seeds are used to tune thresholds (3) and to report (2). The shipped
model: 1 000 spoken moves per locale and every command phrase four times
(6 996 utterances, about 7 minutes on 2 cores):

    ./target/release/hector-lab listen --generate /tmp/adapt --seed 1 \
        --count 1000 --command-rounds 4
    python3 models/pocketsphinx/adapt.py /tmp/adapt [OUT]

After a new adaptation, fit the chess share again (fit-chess.py).

writes OUT (default models/pocketsphinx/adapted). The same recipe adapts
to one player from a short enrolment (the player reading the vocabulary
once): give it a folder of that player's WAVs and samples.jsonl.
"""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
HMM = "/usr/share/pocketsphinx/model/en-us/en-us"
ST = "/usr/lib/sphinxtrain"


def run(*cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"adapt: {' '.join(cmd[:2])} failed:\n{r.stderr[-3000:]}")
    return r


def mixture_weights(hmm, out):
    """Writes the model's mixture weights as bw reads them (s3 format),
    expanded from the quantised `sendump` the Debian model ships:
    p = 1.0001 ** -(byte << 10)."""
    import math, struct
    d = open(os.path.join(hmm, "sendump"), "rb").read()
    off = 0
    while True:
        (n,) = struct.unpack_from("<i", d, off)
        off += 4
        if n == 0:
            break
        off += n
    n_density, n_sen = struct.unpack_from("<ii", d, off)
    off += 8
    n_feat = (len(d) - off) // (n_density * n_sen)
    k = 1024 * math.log(1.0001)
    probs = [math.exp(-v * k) for v in range(256)]
    body = bytearray()
    for s_ in range(n_sen):
        for f in range(n_feat):
            row = [probs[d[off + (f * n_density + i) * n_sen + s_]] for i in range(n_density)]
            total = sum(row)
            body += struct.pack(f"<{n_density}f", *[x / total for x in row])
    with open(out, "wb") as f:
        f.write(b"s3\nversion 1.0\nendhdr\n")
        f.write(struct.pack("<I", 0x11223344))
        f.write(struct.pack("<iiii", n_sen, n_feat, n_density, n_sen * n_feat * n_density))
        f.write(body)


def sendump(hmm, mixw, out):
    """Quantises s3 mixture weights into the model's sendump layout (the
    header of the Debian model's own sendump, then one byte per weight)."""
    import math, struct
    orig = open(os.path.join(hmm, "sendump"), "rb").read()
    off = 0
    while True:
        (n,) = struct.unpack_from("<i", orig, off)
        off += 4
        if n == 0:
            break
        off += n
    header = orig[:off + 8]
    n_density, n_sen = struct.unpack_from("<ii", orig, off)
    d = open(mixw, "rb").read()
    pos = d.index(b"endhdr\n") + len(b"endhdr\n") + 4
    n_s, n_feat, n_d, total = struct.unpack_from("<iiii", d, pos)
    assert (n_s, n_d) == (n_sen, n_density), (n_s, n_d, n_sen, n_density)
    pos += 16
    w = struct.unpack_from(f"<{total}f", d, pos)
    k = 1024 * math.log(1.0001)
    body = bytearray(n_feat * n_density * n_sen)
    for s_ in range(n_sen):
        for f in range(n_feat):
            base = (s_ * n_feat + f) * n_density
            for i in range(n_density):
                p = w[base + i]
                v = 255 if p <= 0 else min(255, int(round(-math.log(p) / k)))
                body[(f * n_density + i) * n_sen + s_] = v
    with open(out, "wb") as fo:
        fo.write(header)
        fo.write(body)


def main():
    data = os.path.abspath(sys.argv[1])
    out = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "adapted"))
    os.makedirs(out, exist_ok=True)
    work = os.path.join(data, "adapt")
    os.makedirs(os.path.join(work, "acc"), exist_ok=True)
    samples = [json.loads(l) for l in open(os.path.join(data, "samples.jsonl"), encoding="utf-8")]
    ids = [os.path.splitext(s["file"])[0] for s in samples]
    with open(os.path.join(work, "fileids"), "w") as f:
        f.writelines(i + "\n" for i in ids)
    with open(os.path.join(work, "transcription"), "w", encoding="utf-8") as f:
        for i, s in zip(ids, samples):
            f.write(f"<s> {s['words']} </s> ({i})\n")
    run("sphinx_fe", "-argfile", os.path.join(HMM, "feat.params"), "-samprate", "16000",
        "-c", os.path.join(work, "fileids"), "-di", data, "-do", work, "-ei", "wav", "-eo", "mfc",
        "-mswav", "yes")
    model = os.path.join(work, "model")
    os.makedirs(model, exist_ok=True)
    for f in os.listdir(HMM):
        dst = os.path.join(model, f)
        if not os.path.exists(dst):
            os.symlink(os.path.join(HMM, f), dst)
    if not os.path.exists(os.path.join(model, "mixture_weights")):
        mixture_weights(HMM, os.path.join(model, "mixture_weights"))
    run("pocketsphinx_mdef_convert", "-text", os.path.join(HMM, "mdef"),
        os.path.join(work, "mdef.txt"))
    run(os.path.join(ST, "bw"), "-hmmdir", model, "-moddeffn", os.path.join(work, "mdef.txt"),
        "-ts2cbfn", ".ptm.", "-feat", "1s_c_d_dd", "-svspec", "0-12/13-25/26-38", "-cmn", "batch",
        "-agc", "none", "-dictfn", os.path.join(HERE, "hector.dict"),
        "-fdictfn", os.path.join(HMM, "noisedict"), "-ctlfn", os.path.join(work, "fileids"),
        "-lsnfn", os.path.join(work, "transcription"), "-accumdir", os.path.join(work, "acc"),
        "-cepdir", work)
    m = os.path.join(work, "model")
    run(os.path.join(ST, "map_adapt"), "-moddeffn", os.path.join(work, "mdef.txt"),
        "-ts2cbfn", ".ptm.", "-meanfn", os.path.join(m, "means"),
        "-varfn", os.path.join(m, "variances"), "-mixwfn", os.path.join(m, "mixture_weights"),
        "-tmatfn", os.path.join(m, "transition_matrices"), "-accumdir", os.path.join(work, "acc"),
        "-mapmeanfn", os.path.join(out, "means"), "-mapvarfn", os.path.join(out, "variances"),
        "-mapmixwfn", os.path.join(work, "mixture_weights.map"),
        "-maptmatfn", os.path.join(work, "transition_matrices.map"))
    sendump(HMM, os.path.join(work, "mixture_weights.map"), os.path.join(out, "sendump"))
    print(f"adapt: wrote {out} from {len(ids)} utterances")


if __name__ == "__main__":
    main()
