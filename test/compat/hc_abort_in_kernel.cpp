// RUN: %hcc -hc %s -o %t && %t && not --crash %t abort
//
// hc::abort() in a kernel ends the program; without it the kernel runs
// to the end. `using namespace hc; abort();` in host code still names the
// C library's abort (no ambiguity), as with hcc.
#include <hc.hpp>

#include <cstdio>
#include <cstdlib>

using namespace hc;

[[maybe_unused]] static void host_abort_is_unambiguous(bool really) {
  if (really)
    abort();
}

int main(int argc, char **) {
  const int trigger = argc > 1 ? 3 : -1;
  array_view<int, 1> out(8);
  parallel_for_each(extent<1>(8), [=](index<1> i) [[hc]] {
    if (i[0] == trigger)
      hc::abort();
    out[i] = i[0] + 1;
  }).wait();
  for (int i = 0; i < 8; ++i)
    if (out[i] != i + 1) {
      std::printf("FAIL out[%d] = %d\n", i, out[i]);
      return 1;
    }
  return 0;
}
