// RUN: %hcc %s -o %t && %t
// index<N>: construction, component access, comparisons and arithmetic
// (host side).
#include <hc.hpp>
#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::index<1> i1(5);
  CHECK(i1[0] == 5);
  CHECK(hc::index<1>::rank == 1);

  hc::index<3> zero;
  CHECK(zero[0] == 0 && zero[1] == 0 && zero[2] == 0);

  hc::index<3> i3(1, 2, 3);
  CHECK(i3[0] == 1 && i3[1] == 2 && i3[2] == 3);
  CHECK(hc::index<3>::rank == 3);

  int comps[2] = {7, 8};
  hc::index<2> from_array(comps);
  CHECK(from_array[0] == 7 && from_array[1] == 8);

  hc::index<2> w(0, 0);
  w[0] = 4;
  CHECK(w == hc::index<2>(4, 0));

  hc::index<2> a(10, 20), b(3, 4);
  CHECK((a + b) == hc::index<2>(13, 24));
  CHECK((a - b) == hc::index<2>(7, 16));
  CHECK((a + 1) == hc::index<2>(11, 21));
  CHECK((1 + a) == hc::index<2>(11, 21));
  CHECK((a - 1) == hc::index<2>(9, 19));
  CHECK((30 - a) == hc::index<2>(20, 10));
  CHECK((a * 3) == hc::index<2>(30, 60));
  CHECK((3 * a) == hc::index<2>(30, 60));
  CHECK((a / 5) == hc::index<2>(2, 4));
  CHECK((a % 7) == hc::index<2>(3, 6));

  hc::index<2> c(a);
  c += b;  CHECK(c == hc::index<2>(13, 24));
  c -= b;  CHECK(c == a);
  c += 5;  CHECK(c == hc::index<2>(15, 25));
  c -= 5;  CHECK(c == a);
  c *= 2;  CHECK(c == hc::index<2>(20, 40));
  c /= 4;  CHECK(c == hc::index<2>(5, 10));
  c %= 4;  CHECK(c == hc::index<2>(1, 2));

  hc::index<2> d(1, 1);
  hc::index<2> old = d++;
  CHECK(old == hc::index<2>(1, 1) && d == hc::index<2>(2, 2));
  CHECK(++d == hc::index<2>(3, 3));
  old = d--;
  CHECK(old == hc::index<2>(3, 3) && d == hc::index<2>(2, 2));
  CHECK(--d == hc::index<2>(1, 1));

  CHECK(hc::index<2>(1, 2) == hc::index<2>(1, 2));
  CHECK(hc::index<2>(1, 2) != hc::index<2>(1, 3));
  CHECK(!(hc::index<2>(1, 2) == hc::index<2>(2, 2)));

  hc::index<3> assigned;
  assigned = i3;
  CHECK(assigned == i3);
  return 0;
}
