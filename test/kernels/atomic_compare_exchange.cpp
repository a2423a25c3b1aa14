// RUN: %hcc %s -o %t && %t
// hc::atomic_compare_exchange: a CAS loop in every work-item increments a
// shared counter exactly n times; a failing CAS returns false, leaves the
// destination alone and stores the current value into *expected_val.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 4096;
  std::vector<int> counter(1, 0);
  std::vector<unsigned> ucounter(1, 0u);
  hc::array_view<int, 1> c(1, counter);
  hc::array_view<unsigned, 1> uc(1, ucounter);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1>) [[hc]] {
    int expected = c[0];
    while (!hc::atomic_compare_exchange(&c[0], &expected, expected + 1)) {
    }
    unsigned uexpected = uc[0];
    while (!hc::atomic_compare_exchange(&uc[0], &uexpected, uexpected + 2u)) {
    }
  });
  CHECK(c[0] == n);
  CHECK(uc[0] == 2u * n);

  // Single work-item: failure and success semantics.
  std::vector<int> cell(1, 5), res(4, 0);
  hc::array_view<int, 1> vc(1, cell), vr(4, res);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    int expected = 3;
    bool ok = hc::atomic_compare_exchange(&vc[0], &expected, 10);
    vr[0] = ok;        // false: 5 != 3
    vr[1] = expected;  // 5
    ok = hc::atomic_compare_exchange(&vc[0], &expected, 11);
    vr[2] = ok;        // true: 5 == 5, now 11
    vr[3] = expected;  // still 5
  });
  CHECK(vr[0] == 0);
  CHECK(vr[1] == 5);
  CHECK(vr[2] == 1);
  CHECK(vr[3] == 5);
  CHECK(vc[0] == 11);
  return 0;
}
