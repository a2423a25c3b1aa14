// A library header declares functions without annotation; the file that
// defines them adds [[hc]]: the header's declarations name the same
// functions, usable on the host and in kernels.

// RUN: %hcc -hc -I %S/Inputs %s -o %t && %t

#include "plain_declarations.h"
#include <hc.hpp>
#include <cstdio>

int scaled(int x) [[hc]] { return 3 * x; }
int Counter::next(int step) const __attribute__((hc)) { return base + step; }

int main() {
  int out[4] = {};
  hc::array_view<int, 1> av(4, out);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> i) [[hc]] {
    Counter c{100};
    av[i] = scaled(i[0]) + c.next(i[0]);
  });
  av.synchronize();
  int failures = 0;
  for (int i = 0; i < 4; ++i)
    if (out[i] != 3 * i + 100 + i) {
      std::printf("kernel %d: %d\n", i, out[i]);
      ++failures;
    }
  Counter c{1};
  if (scaled(2) != 6 || c.next(1) != 2) {
    std::printf("host: %d %d\n", scaled(2), c.next(1));
    ++failures;
  }
  return failures;
}
