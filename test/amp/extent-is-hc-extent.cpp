// RUN: %hcc -std=c++amp %s -o %t && %t
// Concurrency::extent<N> is the type containers' get_extent() returns, so
// functions and operators written for concurrency::extent<N> (templates
// included) take it, and get_extent().tile<D0, ...>() gives
// concurrency::tiled_extent<D0, ...>.
#include <amp.h>
#include <cstdio>
#include <sstream>
#include <type_traits>

#include "../Inputs/checks.hpp"

namespace user {
// What C++ AMP code writes: a printer deduced from concurrency::extent<N>.
template <int N>
std::ostream &operator<<(std::ostream &os, const concurrency::extent<N> &e) {
  os << "extent<" << N << ">(";
  for (int i = 0; i < N; ++i)
    os << (i ? "," : "") << e[i];
  return os << ")";
}
} // namespace user

template <int N> int rank_of(const concurrency::extent<N> &) { return N; }
int area(const concurrency::extent<2> &e) { return e[0] * e[1]; }

int main() {
  using namespace concurrency;
  using namespace user;
  hcc_test::checks check;

  array<int, 2> a(6, 8);
  std::vector<int> host(12);
  array_view<int, 1> v(12, host);
  static_assert(std::is_same<decltype(a.get_extent()), extent<2>>::value,
                "array::get_extent() is concurrency::extent");
  static_assert(std::is_same<decltype(v.get_extent()), extent<1>>::value,
                "array_view::get_extent() is concurrency::extent");

  std::ostringstream os;
  os << a.get_extent() << " " << v.get_extent();
  check(os.str() == "extent<2>(6,8) extent<1>(12)", "operator<< on get_extent()");
  check(rank_of(a.get_extent()) == 2 && area(a.get_extent()) == 48,
        "overloads taking concurrency::extent");

  auto t = a.get_extent().tile<3, 4>();
  static_assert(std::is_same<decltype(t), tiled_extent<3, 4>>::value,
                "get_extent().tile<3, 4>() is tiled_extent<3, 4>");
  check(rank_of(t) == 2, "a tiled_extent is an extent");
  check(t == a.get_extent() && a.get_extent() == t && t == t.pad() &&
            !(t != tiled_extent<3, 4>(extent<2>(6, 8))),
        "tiled_extent compares with extent and tiled_extent");

  // Arithmetic and comparisons between indices, extents and scalars.
  extent<2> e = a.get_extent() + index<2>(1, 1);
  index<2> i = index<2>(4, 6) / 2 + 1;
  check(e == extent<2>(7, 9) && e != a.get_extent(), "extent + index");
  check(i == index<2>(3, 4) && 2 * i - i == i && (i % 3)[1] == 1,
        "index and scalar arithmetic");
  check((a.get_extent() * 2)[1] == 16 && a.get_extent().contains(i),
        "extent and scalar arithmetic, contains");

  // A kernel over get_extent().tile<...>() receives tiled_index<3, 4>.
  parallel_for_each(t, [&a](tiled_index<3, 4> ti) restrict(amp) {
    a[ti] = ti.tile[0] * 10 + ti.tile[1];
  });
  check(a(5, 7) == 11 && a(2, 3) == 0, "tiled kernel over get_extent().tile<>()");
  if (check.failures == 0)
    std::printf("extent is hc extent: ok\n");
  return check.failures;
}
