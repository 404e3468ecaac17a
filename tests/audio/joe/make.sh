#!/bin/sh
# Speaks the recordings of this folder in Piper's en_US-joe-medium, a neural
# voice of a real speaker (CC0) that no threshold or weight of hector was
# tuned on: moves of the initial position (named by the move, from-to) and
# sentences that are not chess (talk-*), and ../extra-joe-yes.wav. Then 16 kHz
# mono 16-bit trimmed to 0.25 s of padding with faint seeded white noise, as
# ../make-fixtures.sh does. Piper draws its own noise: each run speaks a
# little differently, so the WAV files are committed and the tests never need
# it. Needs: `./setup.sh --voices` (Piper and the voice), sox.
set -eu
cd "$(dirname "$0")"
piper_home="${HECTOR_PIPER_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/hector/piper}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while IFS='|' read -r file text; do
    echo "$text" | "$piper_home/bin/piper" --model "$piper_home/voices/en_US-joe-medium.onnx" \
        --output-file "$tmp/raw.wav" 2>/dev/null
    sox -R -v 0.7 "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/speech.wav" \
        silence 1 0.02 0.3% reverse silence 1 0.02 0.3% reverse pad 0.25 0.25
    dur=$(soxi -D "$tmp/speech.wav")
    sox -R -n -r 16000 -c 1 -b 16 "$tmp/noise.wav" synth "$dur" whitenoise vol 0.003
    sox -R -m -v 1 "$tmp/speech.wav" -v 1 "$tmp/noise.wav" -b 16 "$file"
done <<'LIST'
e2e4.wav|Eva four
d2d4.wav|David four
g1f3.wav|Knight Felix three
b1c3.wav|Knight Bella one Cesar three
c2c4.wav|Pawn Cesar four
g2g3.wav|Gustav three
b2b3.wav|Bella two Bella three
a2a4.wav|Anna four
h2h3.wav|Hector three
f2f4.wav|Felix four
talk-water.wav|Could you pass me the water please
talk-rain.wav|I think it will rain later today
../extra-joe-yes.wav|Yes
LIST
echo "recordings written: 13"
