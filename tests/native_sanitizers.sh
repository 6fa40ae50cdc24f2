#!/usr/bin/env bash
# The compiled search core under AddressSanitizer and UndefinedBehaviorSanitizer,
# then its threaded proofs under ThreadSanitizer.
#
# Builds jink/solver/_core.c (and the core/ files it includes) with
# -fsanitize=address,undefined into a temporary copy of the sources and runs
# the native sample tests (tests/test_native.py, tests/test_partition.py,
# tests/test_exact.py: every settler on and off; tests/test_threads.py:
# searches in several threads at once; tests/test_proof_threads.py: one
# proof on several threads; tests/test_spread.py: a solver's questions on
# several threads, each with a table; tests/test_wrong_answers.py, the
# positions once answered wrongly; tests/test_pool_kinds.py, hand-overs
# where the relaxed game's kinds matter; tests/test_most_tricks_game.py, the
# relaxed game of a seat's most tricks) against it, and the tests
# that build the core again with other thresholds or checking itself
# (tests/test_widen.py, tests/test_capped.py, tests/test_pooled.py,
# tests/test_next.py, tests/test_used_up.py, tests/test_pns.py,
# tests/test_shared_tries.py), whose
# builds take the same flags (tests/mutants.py, EXACT_FLAGS; the mutants'
# builds do not); any report fails the run. Then it builds the core again
# with -fsanitize=thread and runs tests/test_proof_threads.py and
# tests/test_spread.py against it (the helpers' shared table, their stop and
# their waits for a purge, a thread lent or a proof halted from another), and
# the proof-number layer's threaded test and the threads' cards put off
# (tests/test_shared_tries.py) on builds of their own with the same flags:
# any data race fails the run. CPython is not built for
# ThreadSanitizer, so tests/tsan.supp silences reports within CPython's own
# frames (never jink's). Usage, from anywhere:
#
#     PYTHON=.venv/bin/python tests/native_sanitizers.sh [pytest arguments]
#
# PYTHON is the interpreter whose headers and test packages are used (default
# python3). Needs gcc (or CC) with the sanitizer runtimes.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
case "$python" in  # a path stays valid after the cd below
    */*) python="$(cd "$(dirname "$python")" && pwd)/$(basename "$python")" ;;
esac
cc=${CC:-gcc}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
work="$scratch"

mkdir "$work/asan" "$work/tsan"
for copy in "$work/asan" "$work/tsan"; do
    cp -r "$here/jink" "$here/tests" "$here/tools" "$here/pyproject.toml" "$copy/"
    find "$copy" \( -name '*.so' -o -name '*.pyd' \) -delete
    find "$copy" -name __pycache__ -prune -exec rm -rf {} +
done
tsan_work="$work/tsan"
work="$work/asan"

ext=$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
include=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# shellcheck disable=SC2086  # (the flags are words)
"$cc" -std=c11 -O1 -g -Wall -Wextra -Werror -fPIC -shared $sanitize \
    -I"$include" "$here/jink/solver/_core.c" -o "$work/jink/solver/_core$ext"
export JINK_EXACT_CFLAGS="-O1 -g $sanitize"

cd "$work"
export LD_PRELOAD
LD_PRELOAD=$("$cc" -print-file-name=libasan.so)
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# The copy's sanitized core, not an installed one.
"$python" -c "import sys, jink.solver._core as c; sys.exit(not c.__file__.startswith('$work'))" \
    || { echo "native_sanitizers: the sanitized core was not the one imported" >&2; exit 1; }
# and the tests' own builds of it sanitized as well
"$python" - <<'PY' || { echo "native_sanitizers: the tests' exact builds are not sanitized" >&2; exit 1; }
import subprocess, sys, tempfile
from pathlib import Path
from tests import mutants
where = Path(tempfile.mkdtemp(dir="."))  # (in the copy: removed with it)
module = mutants.build_text(mutants.source_text(), "probe", where, exact=True)
symbols = subprocess.run(["nm", "-D", module.__file__], capture_output=True, text=True).stdout
sys.exit("__asan_report" not in symbols)
PY
# --capture=sys: a sanitizer report on fd 2 must reach the log, not pytest's capture.
"$python" -m pytest -q -p no:cacheprovider --capture=sys tests/test_native.py \
    tests/test_partition.py tests/test_widen.py tests/test_capped.py tests/test_pooled.py \
    tests/test_next.py tests/test_exact.py tests/test_threads.py tests/test_proof_threads.py \
    tests/test_spread.py tests/test_wrong_answers.py tests/test_signatures.py tests/test_used_up.py \
    tests/test_pool_kinds.py tests/test_pns.py tests/test_most_tricks_game.py \
    tests/test_shared_tries.py "$@"

# --- ThreadSanitizer: the threaded proofs alone
unset LD_PRELOAD ASAN_OPTIONS UBSAN_OPTIONS JINK_EXACT_CFLAGS  # (the compiler's own run too)
tsan="-fsanitize=thread -fno-omit-frame-pointer"
# shellcheck disable=SC2086  # (the flags are words)
"$cc" -std=c11 -O1 -g -Wall -Wextra -Werror -fPIC -shared $tsan \
    -I"$include" "$here/jink/solver/_core.c" -o "$tsan_work/jink/solver/_core$ext"
cd "$tsan_work"
export LD_PRELOAD
LD_PRELOAD=$("$cc" -print-file-name=libtsan.so)
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:suppressions=$here/tests/tsan.supp"
"$python" -c "import sys, jink.solver._core as c; sys.exit(not c.__file__.startswith('$tsan_work'))" \
    || { echo "native_sanitizers: the ThreadSanitizer core was not the one imported" >&2; exit 1; }
"$python" -m pytest -q -p no:cacheprovider --capture=sys tests/test_proof_threads.py \
    tests/test_spread.py "$@"
# and the proof-number layer on threads, from a build of its own (tiny caps)
JINK_EXACT_CFLAGS="-O1 -g $tsan" "$python" -m pytest -q -p no:cacheprovider --capture=sys \
    tests/test_pns.py -k threads "$@"
JINK_EXACT_CFLAGS="-O1 -g $tsan" "$python" -m pytest -q -p no:cacheprovider --capture=sys \
    tests/test_shared_tries.py -k all_searched "$@"
