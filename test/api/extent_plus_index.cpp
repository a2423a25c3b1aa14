// RUN: %hcc %s -o %t && %t
// extent<N> +/- index<N> shifts the extent component-wise.
#include <hc.hpp>
#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::extent<3> e(10, 20, 30);
  hc::index<3> i(1, 2, 3);
  CHECK((e + i) == hc::extent<3>(11, 22, 33));
  CHECK((e - i) == hc::extent<3>(9, 18, 27));
  hc::extent<3> f(e);
  f += i;
  CHECK(f == hc::extent<3>(11, 22, 33));
  f -= i;
  CHECK(f == e);
  return 0;
}
