// RUN: %hcc -hc %s -o %t && %t
//
// A kernel reads constant host data (string literals, a const table)
// through pointers the host stored in an object the kernel captures by
// reference: on GPUs that cannot read pageable host memory, the runtime
// maps that read-only memory for the device too (docs/svm.md).
#include "../Inputs/checks.hpp"
#include <hc.hpp>

static const int primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};

struct names {
  const char *words[4];
  const int *table;
};

int main() {
  names n{{"zero", "one", "two", "three"}, primes};
  int out[4] = {};
  int *p = out;
  hc::parallel_for_each(hc::extent<1>(4), [=, &n](hc::index<1> i) [[hc]] {
    const char *w = n.words[i[0]];
    int length = 0;
    while (w[length])
      ++length;
    p[i[0]] = length * 100 + n.table[i[0] + 4];
  }).wait();
  CHECK(out[0] == 411);
  CHECK(out[1] == 313);
  CHECK(out[2] == 317);
  CHECK(out[3] == 519);
  std::printf(hcc_test::failures ? "failed\n" : "ok\n");
  return hcc_test::failures != 0;
}
