#!/bin/sh
# Speaks every line of tests/audio/manifest.tsv into tests/audio/<file>:
# German with espeak-ng German voices, English with flite or espeak-ng, at the
# manifest's speed, then 16 kHz mono 16-bit trimmed to 0.25 s of padding and faint
# seeded white noise (about -55 dBFS RMS; exact digital silence ruins
# recognition). The WAV files are committed, so tests never need a speech
# synthesiser. Needs: espeak-ng, flite, sox.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# German words as the phrasebook folds them, spelled back for the synthesiser.
unfold() {
    sed -e 's/laeufer/Läufer/g; s/fuenf/fünf/g; s/koenig/König/g; s/schlaegt/schlägt/g'
}

grep -v '^#' manifest.tsv | while IFS="$(printf '\t')" read -r file locale fen moves san phrase voice wpm; do
    case "$voice" in
    flite:*)
        stretch=$(echo "$wpm" | awk '{printf "%.2f", 150 / $1}')
        flite -voice "${voice#flite:}" --setf duration_stretch="$stretch" -t "$phrase" -o "$tmp/raw.wav"
        ;;
    *)
        text=$phrase
        [ "$locale" = de ] && text=$(echo "$phrase" | unfold)
        espeak-ng -v "$voice" -s "$wpm" -w "$tmp/raw.wav" "$text"
        ;;
    esac
    sox -R "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/speech.wav" \
        silence 1 0.02 0.3% reverse silence 1 0.02 0.3% reverse pad 0.25 0.25
    dur=$(soxi -D "$tmp/speech.wav")
    sox -R -n -r 16000 -c 1 -b 16 "$tmp/noise.wav" synth "$dur" whitenoise vol 0.003
    sox -R -m -v 1 "$tmp/speech.wav" -v 1 "$tmp/noise.wav" -b 16 "$file"
done
echo "fixtures written: $(grep -vc '^#' manifest.tsv)"

# Extra recordings for the command-line tests (not in the accuracy count):
# a promotion announced without its piece (asked back: exit 2).
espeak-ng -v de -s 150 -w "$tmp/raw.wav" "Anna sieben Anna acht"
sox -R "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/speech.wav" \
    silence 1 0.02 0.3% reverse silence 1 0.02 0.3% reverse pad 0.25 0.25
dur=$(soxi -D "$tmp/speech.wav")
sox -R -n -r 16000 -c 1 -b 16 "$tmp/noise.wav" synth "$dur" whitenoise vol 0.003
sox -R -m -v 1 "$tmp/speech.wav" -v 1 "$tmp/noise.wav" -b 16 extra-promotion-de.wav

# Korean "hana" for the Vosk machinery test (the only model on the package
# registries is Korean; this checks the libvosk path, not accuracy).
espeak-ng -v ko -s 130 -w "$tmp/raw.wav" "하나"
sox -R "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/speech.wav" pad 0.3 0.3
dur=$(soxi -D "$tmp/speech.wav")
sox -R -n -r 16000 -c 1 -b 16 "$tmp/noise.wav" synth "$dur" whitenoise vol 0.003
sox -R -m -v 1 "$tmp/speech.wav" -v 1 "$tmp/noise.wav" -b 16 extra-vosk-ko.wav

# The yes-word, for the voice game test (read back, then confirmed).
espeak-ng -v de -s 150 -w "$tmp/raw.wav" "Ja"
sox -R "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/speech.wav" \
    silence 1 0.02 0.3% reverse silence 1 0.02 0.3% reverse pad 0.25 0.25
dur=$(soxi -D "$tmp/speech.wav")
sox -R -n -r 16000 -c 1 -b 16 "$tmp/noise.wav" synth "$dur" whitenoise vol 0.003
sox -R -m -v 1 "$tmp/speech.wav" -v 1 "$tmp/noise.wav" -b 16 extra-ja-de.wav
