# Sourced (bash) by the scripts that pack programs built here for a GPU host
# without a compiler: benchmarks/pack.sh, benchmarks/bandwidth/pack.sh and
# scripts/gpu-lit.sh.

# Libraries of glibc: never carried (they must match the machine's loader).
is_glibc() {
  case "$1" in
    linux-vdso.so*|ld-linux*|libc.so*|libm.so*|libpthread.so*|libdl.so*|\
    librt.so*|libresolv.so*|libutil.so*|libmvec.so*) return 0 ;;
  esac
  return 1
}

# carry_libraries DEST BUILD FILE...
# Copies the shared libraries the ELF files FILE... need into DEST/lib
# (those of the build tree BUILD, and those whose names start with one of
# the words of $CARRY_ALWAYS, e.g. "libz3.", which a GPU host without LLVM
# lacks) or DEST/lib-fallback (system libraries the GPU host is expected to
# have; the run scripts use a fallback copy only where that host lacks one).
# A library already in DEST/lib is left alone.
carry_libraries() {
  local dest=$1 build=$2 f name path prefix always
  shift 2
  mkdir -p "$dest/lib" "$dest/lib-fallback"
  for f in "$@"; do
    ldd "$f" | while read -r name _ path _; do
      [ -n "$path" ] && [ "${path#/}" != "$path" ] || continue
      is_glibc "$name" && continue
      [ -e "$dest/lib/$name" ] && continue
      always=no
      for prefix in ${CARRY_ALWAYS:-}; do
        [ "${name#"$prefix"}" != "$name" ] && always=yes
      done
      if [ "${path#"$build"/}" != "$path" ] || [ $always = yes ]; then
        cp -Ln "$path" "$dest/lib/$name"
      else
        cp -Ln "$path" "$dest/lib-fallback/$name"
      fi
    done
  done
}
