#!/usr/bin/env python3
"""Sounds that are not speech, for `hector listen --wav DIR` (docs/voice.md,
"Command phrases, non-chess speech and noise"): 48 WAV files (16 kHz mono)
of white, pink and brown noise, trains of clicks, mains hum and bursts,
0.3 to 4 s long, between faint room noise. None of them should be taken
as a move or a command.

    python3 tests/audio/make-noise.py DIR [SEED]    (SEED: 2024)
"""
import math
import os
import random
import struct
import sys
import wave


def save(path, xs):
    with wave.open(path, "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(16000)
        f.writeframes(b"".join(struct.pack("<h", max(-32767, min(32767, int(x)))) for x in xs))


def pad(xs, lead=0.3, tail=0.5):
    room = lambda s: [random.gauss(0, 30) for _ in range(int(16000 * s))]
    return room(lead) + xs + room(tail)


def sound(kind, dur, amp):
    n = int(16000 * dur)
    if kind == "white":
        return [random.gauss(0, amp / 3) for _ in range(n)]
    if kind == "pink":
        b = [0.0] * 6
        xs = []
        for _ in range(n):
            w = random.gauss(0, 1)
            b[0] = 0.99886 * b[0] + w * 0.0555179
            b[1] = 0.99332 * b[1] + w * 0.0750759
            b[2] = 0.96900 * b[2] + w * 0.1538520
            b[3] = 0.86650 * b[3] + w * 0.3104856
            b[4] = 0.55000 * b[4] + w * 0.5329522
            b[5] = -0.7616 * b[5] - w * 0.0168980
            xs.append((sum(b) + w * 0.5362) * amp / 8)
        return xs
    if kind == "brown":
        x, xs = 0.0, []
        for _ in range(n):
            x = 0.98 * x + random.gauss(0, 1)
            xs.append(x * amp / 20)
        return xs
    if kind == "clicks":
        xs = [0.0] * n
        for _ in range(int(dur * random.choice([3, 8, 15]))):
            p = random.randrange(n)
            for k in range(min(200, n - p)):
                xs[p + k] += amp * math.exp(-k / 30) * random.choice([-1, 1]) * random.random()
        return xs
    if kind == "hum":
        f0 = random.choice([50, 60, 100, 120])
        return [
            amp / 2 * math.sin(2 * math.pi * f0 * t / 16000)
            + amp / 6 * math.sin(2 * math.pi * 3 * f0 * t / 16000)
            + random.gauss(0, amp / 30)
            for t in range(n)
        ]
    # a burst: a sharp attack and a decay, like a door or a chair
    return [random.gauss(0, amp / 2) * math.exp(-t / (16000 * dur / 4)) for t in range(n)]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 2024)
    os.makedirs(out, exist_ok=True)
    for i in range(48):
        kind = ["white", "pink", "brown", "clicks", "hum", "burst"][i % 6]
        dur = random.choice([0.3, 0.6, 1.0, 1.5, 2.5, 4.0])
        amp = random.choice([1500, 4000, 9000, 16000])
        save(os.path.join(out, f"{i:02d}_{kind}_{dur}s_{amp}.wav"), pad(sound(kind, dur, amp)))


if __name__ == "__main__":
    main()
