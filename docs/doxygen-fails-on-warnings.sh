#!/usr/bin/env bash
# Checks that docs/Doxyfile really fails on a documentation error, so that
# the docs.doxygen test can fail: runs Doxygen with the same configuration
# on a header with a \param that names no parameter and an unknown command,
# and expects a non-zero exit with both warnings.
#
#   doxygen-fails-on-warnings.sh <doxygen> <source dir> <scratch dir>
set -euo pipefail
doxygen=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/input"
cat > "$work/input/bad.hpp" <<'HEADER'
/// Adds one.
/// \param y not a parameter of add_one
/// \notacommand
int add_one(int x);
HEADER
cd "$src"
set +e
log=$( { cat docs/Doxyfile
         echo "INPUT = $work/input"
         echo "USE_MDFILE_AS_MAINPAGE ="
         echo "EXCLUDE ="; } |
       HCC_DOXYGEN_OUTPUT="$work/out" "$doxygen" - 2>&1)
status=$?
set -e
echo "$log"
[ "$status" -ne 0 ] || { echo "FAILED: doxygen exited 0 on a bad comment" >&2; exit 1; }
grep -q "bad.hpp:2: .*argument 'y' of command @param is not found" <<<"$log" ||
  { echo "FAILED: no warning for the unknown \\param" >&2; exit 1; }
grep -q "bad.hpp:3: .*unknown command '\\\\notacommand'" <<<"$log" ||
  { echo "FAILED: no warning for the unknown command" >&2; exit 1; }
echo "doxygen-fails-on-warnings: PASSED"
