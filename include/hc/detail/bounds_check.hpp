// Bounds-checked element access, for finding out-of-range indices
// (docs/troubleshooting.md, "An index outside an array or array_view").
//
// Built with -DHC_CHECK_BOUNDS=1, every element access of an array or
// array_view (and every projection of a view, v[i] of rank 2 and up)
// compares its index with the extent. An index outside it prints
//
//   hcc: error: array_view index (3, 300) is outside its extent (4, 256)
//
// and stops the program: host code and kernels on the CPU backend abort();
// GPU kernels print the line through kernel printf and trap, which fails
// the launch. Off by default: the checks cost a compare and a branch per
// access and keep loops from being vectorised.
#ifndef HC_DETAIL_BOUNDS_CHECK_HPP
#define HC_DETAIL_BOUNDS_CHECK_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/index.hpp"

#include <cstdio>
#include <cstdlib>

#ifndef HC_CHECK_BOUNDS
#define HC_CHECK_BOUNDS 0
#endif

namespace hc {
namespace detail {

// Prints the report for the first (up to) three components and stops.
[[noreturn]] HC_HOST_DEVICE inline void report_out_of_bounds(const char *what,
                                                             int rank,
                                                             const int *idx,
                                                             const int *ext) {
  const char *more = rank > 3 ? ", ..." : "";
  const int i0 = idx[0], e0 = ext[0];
  const int i1 = rank > 1 ? idx[1] : 0, e1 = rank > 1 ? ext[1] : 0;
  const int i2 = rank > 2 ? idx[2] : 0, e2 = rank > 2 ? ext[2] : 0;
#if HC_DEVICE_PASS
#define HC_OUT_OF_BOUNDS_PRINT(...) printf(__VA_ARGS__)
#else
#define HC_OUT_OF_BOUNDS_PRINT(...) std::fprintf(stderr, __VA_ARGS__)
#endif
  if (rank == 1)
    HC_OUT_OF_BOUNDS_PRINT(
        "hcc: error: %s index (%d) is outside its extent (%d)\n", what, i0, e0);
  else if (rank == 2)
    HC_OUT_OF_BOUNDS_PRINT(
        "hcc: error: %s index (%d, %d) is outside its extent (%d, %d)\n", what,
        i0, i1, e0, e1);
  else
    HC_OUT_OF_BOUNDS_PRINT("hcc: error: %s index (%d, %d, %d%s) is outside "
                           "its extent (%d, %d, %d%s)\n",
                           what, i0, i1, i2, more, e0, e1, e2, more);
#undef HC_OUT_OF_BOUNDS_PRINT
#if HC_DEVICE_PASS
  __builtin_trap();
#else
  std::abort();
#endif
}

template <int N>
HC_INLINE HC_HOST_DEVICE void
check_bounds(const char *what, const index<N> &idx, const extent<N> &ext) {
#if HC_CHECK_BOUNDS
  bool inside = true;
  for (int i = 0; i < N; ++i)
    inside = inside && idx[i] >= 0 && idx[i] < ext[i];
  if (inside)
    return;
  int i_[N], e_[N];
  for (int i = 0; i < N; ++i) {
    i_[i] = idx[i];
    e_[i] = ext[i];
  }
  report_out_of_bounds(what, N, i_, e_);
#else
  (void)what;
  (void)idx;
  (void)ext;
#endif
}

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_BOUNDS_CHECK_HPP
