#!/bin/sh
# A set of English moves spoken by flite's voices (not espeak-ng, which
# every threshold was fitted on), in the fixture layout `hector-lab listen
# --bench --dir DIR` reads: DIR/manifest.tsv and 16 kHz WAV files.
#
# Usage: models/whisper/flite-set.sh DIR [PER_VOICE] [SEED]
# Needs hector (on the PATH or HECTOR), flite and sox. Phrases come from
# `hector listen --phrases --locale en` in positions of a few openings; only
# English-worded phrases are said (no German piece or number words).
set -e
dir=$1; per=${2:-20}; seed=${3:-7}
hector=${HECTOR:-hector}
mkdir -p "$dir"
printf '# file\tlocale\tfen\tmoves\tsan\tphrase\tvoice\twpm\n' > "$dir/manifest.tsv"
german='eins|zwei|drei|vier|fuenf|sechs|sieben|acht|springer|laeufer|turm|dame|koenig|bauer|kurze|lange|rochade'
n=0
for voice in kal16 slt rms awb; do
    i=0
    while [ "$i" -lt "$per" ]; do
        # A position: a prefix of one of these games, chosen by the seed.
        k=$(( (seed * 7919 + n * 104729) % 6 ))
        case $k in
            0) game="e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O" ;;
            1) game="d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6" ;;
            2) game="e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7" ;;
            3) game="d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7" ;;
            4) game="e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3 Ne7 Qg4 Qc7" ;;
            *) game="c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5 cxd5 Nxd5 Bg2 Nb6 O-O Be7" ;;
        esac
        plies=$(( (seed + n * 31) % $(echo "$game" | wc -w) ))
        moves=""
        [ "$plies" -gt 0 ] && moves=$(echo "$game" | cut -d' ' -f1-$plies)
        list=$("$hector" listen --phrases --locale en ${moves:+--moves "$moves"} | grep -Ev "	.*\\b($german)\\b" || true)
        count=$(printf '%s\n' "$list" | grep -c . || true)
        [ "$count" -gt 0 ] || { n=$((n + 1)); continue; }
        pick=$(( (seed * 31 + n * 7) % count + 1 ))
        line=$(printf '%s\n' "$list" | sed -n "${pick}p")
        san=$(printf '%s' "$line" | cut -f1)
        phrase=$(printf '%s' "$line" | cut -f2)
        f=$(printf 'en-%s-%03d.wav' "$voice" "$i")
        flite -voice "$voice" -t "$phrase" -o "$dir/raw.wav"
        sox -q "$dir/raw.wav" -r 16000 -c 1 -b 16 "$dir/$f" pad 0.25 0.35
        printf '%s\ten\t-\t%s\t%s\t%s\tflite-%s\t0\n' "$f" "${moves:--}" "$san" "$phrase" "$voice" >> "$dir/manifest.tsv"
        i=$((i + 1)); n=$((n + 1))
    done
done
rm -f "$dir/raw.wav"
echo "$dir: $(($(wc -l < "$dir/manifest.tsv") - 1)) utterances"
