// RUN: %hcc %s -o %t && %t
// extent<N> and index<N> exist for any N >= 1; ranks above 3 are built
// from an array of components.
#include <hc.hpp>
#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  int ec[4] = {2, 3, 4, 5};
  hc::extent<4> e(ec);
  CHECK(hc::extent<4>::rank == 4);
  CHECK(e[0] == 2 && e[1] == 3 && e[2] == 4 && e[3] == 5);
  CHECK(e.size() == 120u);

  int ic[4] = {1, 2, 3, 4};
  hc::index<4> i(ic);
  CHECK(e.contains(i));
  hc::index<4> j = i + 1;
  CHECK(j[0] == 2 && j[3] == 5);
  CHECK(!e.contains(j));  // j[3] == 5 is outside

  int fc[6] = {1, 2, 1, 2, 1, 2};
  hc::extent<6> six(fc);
  CHECK(six.size() == 8u);
  CHECK((six * 2).size() == 8u * 64u);
  return 0;
}
