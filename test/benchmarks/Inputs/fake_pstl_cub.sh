#!/bin/sh
# Stands in for benchmarks/reference/pstl_cub.cu in test/benchmarks/pstl.test
# (no GPU, no nvcc): the same arguments and output lines, with fixed medians
# (reduce 100 us, scan 200 us, sort 400 us) and the results bench-pstl
# expects for the sizes it passed. FAKE_PSTL_CUB_WRONG=1 reports a wrong sum.
nf=$1
ones=$(( (nf + 63) / 64 ))
[ "${FAKE_PSTL_CUB_WRONG:-0}" = 1 ] && ones=$((ones + 1))
echo "reduce_us=100.000 sum=$ones.0"
echo "scan_us=200.000 last=$(( (nf + 63) / 64 )).0"
echo "sort_us=400.000 sorted=1"
