// RUN: %hcc -hc %s -o %t && %t
// <coordinate>: std::offset<Rank> (N3851, as hcc shipped it): construction,
// component access, the arithmetic and comparison operators, increment and
// decrement of rank 1, constant expressions, and offsets used in a kernel.
#include <coordinate>
#include <hc.hpp>
#include <cstdio>
#include <type_traits>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static_assert(std::offset<3>::rank == 3, "rank");
static_assert(std::is_same<std::offset<2>::value_type, std::ptrdiff_t>::value, "value_type");
static_assert(std::is_same<std::offset<2>::reference, std::ptrdiff_t &>::value, "reference");
static_assert(std::is_same<std::offset<2>::const_reference, const std::ptrdiff_t &>::value, "const_reference");
static_assert(std::is_same<std::offset<2>::size_type, std::size_t>::value, "size_type");
static_assert(std::is_trivially_copyable<std::offset<4>>::value, "kernels capture offsets");
// Only rank 1 converts from a number.
static_assert(std::is_convertible<int, std::offset<1>>::value, "rank 1 from a number");
static_assert(!std::is_constructible<std::offset<2>, int>::value, "rank 2 needs a list");
// Constant expressions.
constexpr std::offset<2> twice(std::offset<2> o) { return o * 2; }
static_assert(twice({3, -4})[1] == -8, "constexpr arithmetic");

int main() {
  std::offset<3> zero;
  CHECK(zero[0] == 0 && zero[1] == 0 && zero[2] == 0);

  std::offset<3> a{1, 2, 3}, b{10, 20, 30};
  CHECK(a[0] == 1 && a[1] == 2 && a[2] == 3);
  a[1] = 5;
  CHECK(a[1] == 5);
  a[1] = 2;

  CHECK(a + b == (std::offset<3>{11, 22, 33}));
  CHECK(b - a == (std::offset<3>{9, 18, 27}));
  CHECK(a * 3 == (std::offset<3>{3, 6, 9}));
  CHECK(3 * a == (std::offset<3>{3, 6, 9}));
  CHECK(b / 10 == (std::offset<3>{1, 2, 3}));
  CHECK(-a == (std::offset<3>{-1, -2, -3}));
  CHECK(+a == a);
  CHECK(a != b && !(a == b));

  std::offset<3> c = a;
  c += b;
  CHECK(c == (std::offset<3>{11, 22, 33}));
  c -= a;
  CHECK(c == b);
  c *= 2;
  CHECK(c == (std::offset<3>{20, 40, 60}));
  c /= 4;
  CHECK(c == (std::offset<3>{5, 10, 15}));

  std::offset<1> i = 7; // implicit for rank 1
  CHECK(i[0] == 7);
  CHECK((i++)[0] == 7 && i[0] == 8);
  CHECK((++i)[0] == 9);
  CHECK((i--)[0] == 9 && i[0] == 8);
  CHECK((--i)[0] == 7);
  CHECK(i + std::offset<1>(3) == std::offset<1>(10));

  // Offsets in a kernel: captured, combined and written back.
  std::offset<2> step{3, -1};
  long long out[64] = {};
  long long *p = out;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> idx) [[hc]] {
    std::offset<2> o{idx[0], 2 * idx[0]};
    o += step * 2;
    o = -o / 1;
    p[idx[0]] = o[0] * 1000 + o[1];
  }).wait();
  for (int k = 0; k < 64; ++k)
    CHECK(out[k] == -(k + 6) * 1000 + -(2 * k - 2));

  std::puts("coordinate_offset: OK");
  return 0;
}
