// RUN: %hcc -hc %s -o %t && env HCC_PROFILE=1 %t 2>&1 | FileCheck %s
// Functions written for hcc's parallel STL may take the elements by
// non-const reference (T&) where they only read them: hcc's own kernels
// handed them mutable references. Under par, on the accelerator, such
// functions get copies of the elements (the algorithms read through
// read-only views, and may not modify their inputs anyway); the results
// equal std's. Covered: transform (unary, binary), replace_copy_if,
// adjacent_difference, find_if(_not), count_if, mismatch, adjacent_find,
// is_sorted, lexicographical_compare, min/max_element, transform_reduce,
// inner_product and transform_inclusive_scan.
#include <experimental/algorithm>
#include <experimental/numeric>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;
using pstl::par;

int main() {
  const int n = 500;
  std::vector<int> a(n), b(n), o1(n), o2(n);
  for (int i = 0; i < n; ++i) {
    a[i] = (i * 29) % 97 - 40;
    b[i] = (i * 13) % 89 - 30;
  }
  auto twice = [](int &x) { return 2 * x; };
  auto sub = [](int &x, int &y) { return x - y; };
  auto neg = [](int &x) { return x < 0; };
  auto less = [](int &x, int &y) { return x < y; };
  auto same = [](int &x, int &y) { return x == y; };

  pstl::transform(par, a.begin(), a.end(), o1.begin(), twice);
  std::transform(a.begin(), a.end(), o2.begin(), twice);
  CHECK(o1 == o2);
  pstl::transform(par, a.begin(), a.end(), b.begin(), o1.begin(), sub);
  std::transform(a.begin(), a.end(), b.begin(), o2.begin(), sub);
  CHECK(o1 == o2);
  pstl::replace_copy_if(par, a.begin(), a.end(), o1.begin(), neg, 0);
  std::replace_copy_if(a.begin(), a.end(), o2.begin(), neg, 0);
  CHECK(o1 == o2);
  pstl::adjacent_difference(par, a.begin(), a.end(), o1.begin(), sub);
  std::adjacent_difference(a.begin(), a.end(), o2.begin(), sub);
  CHECK(o1 == o2);
  CHECK(pstl::find_if(par, a.begin(), a.end(), neg) == std::find_if(a.begin(), a.end(), neg));
  CHECK(pstl::find_if_not(par, a.begin(), a.end(), neg) == std::find_if_not(a.begin(), a.end(), neg));
  CHECK(pstl::count_if(par, a.begin(), a.end(), neg) == std::count_if(a.begin(), a.end(), neg));
  CHECK(pstl::mismatch(par, a.begin(), a.end(), b.begin(), same) == std::mismatch(a.begin(), a.end(), b.begin(), same));
  CHECK(pstl::adjacent_find(par, a.begin(), a.end(), less) == std::adjacent_find(a.begin(), a.end(), less));
  CHECK(pstl::is_sorted(par, a.begin(), a.end(), less) == std::is_sorted(a.begin(), a.end(), less));
  CHECK(pstl::lexicographical_compare(par, a.begin(), a.end(), b.begin(), b.end(), less) ==
        std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), less));
  CHECK(pstl::min_element(par, a.begin(), a.end(), less) == std::min_element(a.begin(), a.end(), less));
  CHECK(pstl::max_element(par, a.begin(), a.end(), less) == std::max_element(a.begin(), a.end(), less));
  long long sq = 0, dot = 0;
  for (int i = 0; i < n; ++i) {
    sq += 2 * a[i];
    dot += a[i] - b[i];
  }
  CHECK(pstl::transform_reduce(par, a.begin(), a.end(), twice, 0ll, std::plus<long long>()) == sq);
  CHECK(pstl::inner_product(par, a.begin(), a.end(), b.begin(), 0ll, std::plus<long long>(), sub) == dot);
  pstl::transform_inclusive_scan(par, a.begin(), a.end(), o1.begin(), twice, std::plus<int>());
  std::transform(a.begin(), a.end(), o2.begin(), twice);
  std::partial_sum(o2.begin(), o2.end(), o2.begin());
  CHECK(o1 == o2);

  std::puts("pstl_mutable_ref_functions: OK");
  std::fflush(stdout); // before the profile, which goes to stderr at exit
  return 0;
}
// CHECK: pstl_mutable_ref_functions: OK
// CHECK-DAG: index_map_kernel
// CHECK-DAG: tile_partials_kernel
// CHECK-DAG: tiled_scan
