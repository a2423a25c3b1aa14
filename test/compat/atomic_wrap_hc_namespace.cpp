// RUN: %hcc -hc %s -o %t && %t
//
// hcc declared __atomic_wrapinc / __atomic_wrapdec inside namespace hc:
// the qualified names reach the same counters as the global ones.
#include <hc.hpp>

#include <cstdio>

int main() {
  hc::array_view<unsigned, 1> inc(4), dec(4);
  hc::parallel_for_each(hc::extent<1>(4), [=](hc::index<1> i) [[hc]] {
    inc[i] = 9;
    dec[i] = 0;
    hc::__atomic_wrapinc(&inc[i], 9u); // 9 >= 9: wraps to 0
    hc::__atomic_wrapdec(&dec[i], 5u); // 0: wraps to 5
  }).wait();
  int failures = 0;
  for (int i = 0; i < 4; ++i)
    if (inc[i] != 0 || dec[i] != 5) {
      std::printf("FAIL at %d: wrapinc gave %u (want 0), wrapdec gave %u (want 5)\n",
                  i, inc[i], dec[i]);
      ++failures;
    }
  return failures;
}
