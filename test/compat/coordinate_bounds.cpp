// RUN: %hcc -hc %s -o %t && %t
// <coordinate>: std::bounds<Rank> (N3851, as hcc shipped it): construction,
// size(), contains() at every edge, arithmetic with offsets and numbers,
// comparison, and bounds used in a kernel.
#include <coordinate>
#include <hc.hpp>
#include <cstdio>
#include <type_traits>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static_assert(std::bounds<2>::rank == 2, "rank");
static_assert(std::is_same<std::bounds<2>::iterator, std::bounds_iterator<2>>::value, "iterator");
static_assert(std::is_same<std::bounds<2>::const_iterator, std::bounds_iterator<2>>::value, "const_iterator");
static_assert(std::is_same<std::bounds<2>::value_type, std::ptrdiff_t>::value, "value_type");
static_assert(std::is_trivially_copyable<std::bounds<3>>::value, "kernels capture bounds");
static_assert(std::is_convertible<int, std::bounds<1>>::value, "rank 1 from a number");
static_assert(!std::is_constructible<std::bounds<2>, int>::value, "rank 2 needs a list");
static_assert(std::bounds<3>{2, 3, 4}.size() == 24, "constexpr size");

int main() {
  std::bounds<3> b{2, 3, 4};
  CHECK(b[0] == 2 && b[1] == 3 && b[2] == 4);
  CHECK(b.size() == 24);
  CHECK(std::bounds<2>().size() == 0);
  CHECK(std::bounds<1>(9).size() == 9);

  // contains: 0 <= o[i] < b[i] in every dimension.
  CHECK(b.contains({0, 0, 0}));
  CHECK(b.contains({1, 2, 3}));
  CHECK(!b.contains({2, 0, 0}));
  CHECK(!b.contains({0, 3, 0}));
  CHECK(!b.contains({0, 0, 4}));
  CHECK(!b.contains({-1, 0, 0}));
  CHECK(!b.contains({0, 0, -1}));
  CHECK(!std::bounds<2>().contains({0, 0}));

  std::offset<3> o{1, 1, 2};
  CHECK(b + o == (std::bounds<3>{3, 4, 6}));
  CHECK(o + b == (std::bounds<3>{3, 4, 6}));
  CHECK(b - o == (std::bounds<3>{1, 2, 2}));
  CHECK(b * 2 == (std::bounds<3>{4, 6, 8}));
  CHECK(2 * b == (std::bounds<3>{4, 6, 8}));
  CHECK((b * 2) / 2 == b);
  CHECK(b != b * 2);

  std::bounds<3> c = b;
  c += o;
  CHECK(c == (std::bounds<3>{3, 4, 6}));
  c -= o;
  CHECK(c == b);
  c *= 3;
  CHECK(c.size() == 24 * 27);
  c /= 3;
  CHECK(c == b);
  c[2] = 10;
  CHECK(c.size() == 60);

  // In a kernel: which of 64 offsets does a bounds contain?
  std::bounds<2> inner{5, 7};
  int hits[64] = {};
  int *h = hits;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    std::offset<2> p{i[0] / 8, i[0] % 8};
    h[i[0]] = inner.contains(p) ? static_cast<int>(inner.size()) : 0;
  }).wait();
  for (int k = 0; k < 64; ++k)
    CHECK(hits[k] == ((k / 8 < 5 && k % 8 < 7) ? 35 : 0));

  std::puts("coordinate_bounds: OK");
  return 0;
}
