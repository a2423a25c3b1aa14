// RUN: %hcc %s -o %t && %t
// extent<N>: construction, component access, size(), contains(), and the
// arithmetic operators with extents and ints (host side).
#include <hc.hpp>
#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::extent<1> e1(7);
  CHECK(e1[0] == 7);
  CHECK(e1.size() == 7u);
  CHECK(hc::extent<1>::rank == 1);

  hc::extent<2> e2(3, 4);
  CHECK(e2[0] == 3 && e2[1] == 4);
  CHECK(e2.size() == 12u);

  hc::extent<3> e3(2, 3, 5);
  CHECK(e3.size() == 30u);
  CHECK(hc::extent<3>::rank == 3);

  hc::extent<3> zero;
  CHECK(zero[0] == 0 && zero[1] == 0 && zero[2] == 0);

  int comps[3] = {4, 5, 6};
  hc::extent<3> from_array(comps);
  CHECK(from_array[0] == 4 && from_array[1] == 5 && from_array[2] == 6);

  // Writable components.
  hc::extent<2> w(1, 1);
  w[1] = 9;
  CHECK(w[0] == 1 && w[1] == 9);

  // extent op extent
  hc::extent<2> a(6, 8), b(2, 3);
  CHECK((a + b) == hc::extent<2>(8, 11));
  CHECK((a - b) == hc::extent<2>(4, 5));

  // extent op int and int op extent
  CHECK((a + 1) == hc::extent<2>(7, 9));
  CHECK((1 + a) == hc::extent<2>(7, 9));
  CHECK((a - 1) == hc::extent<2>(5, 7));
  CHECK((10 - a) == hc::extent<2>(4, 2));
  CHECK((a * 2) == hc::extent<2>(12, 16));
  CHECK((2 * a) == hc::extent<2>(12, 16));
  CHECK((a / 2) == hc::extent<2>(3, 4));
  CHECK((48 / a) == hc::extent<2>(8, 6));
  CHECK((a % 5) == hc::extent<2>(1, 3));
  CHECK((13 % a) == hc::extent<2>(1, 5));

  // compound assignment
  hc::extent<2> c(6, 8);
  c += b;  CHECK(c == hc::extent<2>(8, 11));
  c -= b;  CHECK(c == hc::extent<2>(6, 8));
  c *= b;  CHECK(c == hc::extent<2>(12, 24));
  c /= b;  CHECK(c == hc::extent<2>(6, 8));
  c %= hc::extent<2>(4, 5); CHECK(c == hc::extent<2>(2, 3));
  c += 2;  CHECK(c == hc::extent<2>(4, 5));
  c -= 1;  CHECK(c == hc::extent<2>(3, 4));
  c *= 3;  CHECK(c == hc::extent<2>(9, 12));
  c /= 3;  CHECK(c == hc::extent<2>(3, 4));
  c %= 3;  CHECK(c == hc::extent<2>(0, 1));

  // increment / decrement apply to every component
  hc::extent<2> d(1, 2);
  hc::extent<2> old = d++;
  CHECK(old == hc::extent<2>(1, 2) && d == hc::extent<2>(2, 3));
  CHECK(++d == hc::extent<2>(3, 4));
  old = d--;
  CHECK(old == hc::extent<2>(3, 4) && d == hc::extent<2>(2, 3));
  CHECK(--d == hc::extent<2>(1, 2));

  // comparisons
  CHECK(hc::extent<2>(1, 2) == hc::extent<2>(1, 2));
  CHECK(hc::extent<2>(1, 2) != hc::extent<2>(2, 1));
  CHECK(!(hc::extent<2>(1, 2) != hc::extent<2>(1, 2)));

  // contains: origin at zero, upper bound exclusive
  CHECK(e2.contains(hc::index<2>(0, 0)));
  CHECK(e2.contains(hc::index<2>(2, 3)));
  CHECK(!e2.contains(hc::index<2>(3, 0)));
  CHECK(!e2.contains(hc::index<2>(0, 4)));
  CHECK(!e2.contains(hc::index<2>(-1, 0)));

  // copy and assignment
  hc::extent<3> copy(e3);
  CHECK(copy == e3);
  hc::extent<3> assigned;
  assigned = e3;
  CHECK(assigned == e3);
  return 0;
}
