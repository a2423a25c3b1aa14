// RUN: %hcc -hc %s -o %t && %t
// Every overload hcc's <experimental/algorithm> and <experimental/numeric>
// declared, with hcc's argument orders, under par on 200 elements of a
// std::vector (on the accelerator where hcc accelerates the algorithm, on
// the host otherwise) and with raw pointers, each compared with the std
// algorithm; also hcc's forms without a policy (for_each_n, reduce,
// transform_reduce over one and two ranges, the scans,
// transform_inclusive_scan).
#include <experimental/algorithm>
#include <experimental/execution_policy>
#include <experimental/numeric>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;
using pstl::par;
using Vec = std::vector<int>;

static Vec data(int salt) {
  Vec v(200);
  for (int i = 0; i < 200; ++i)
    v[i] = (i * 37 + salt * 11) % 53 - 20;
  return v;
}

int main() {
  const Vec a = data(1), b = data(2);
  const auto odd = [](int x) { return x % 2 != 0; };
  const auto neg = [](int x) { return x < 0; };
  const auto eq = [](int x, int y) { return x == y; };
  const auto lt = [](int x, int y) { return x < y; };
  const auto gt = [](int x, int y) { return x > y; };
  Vec o1(400), o2(400), o3(400), o4(400);

  // --- one-kernel algorithms
  CHECK(pstl::transform(par, a.begin(), a.end(), o1.begin(), [](int x) { return x * 3; }) == o1.begin() + 200);
  std::transform(a.begin(), a.end(), o2.begin(), [](int x) { return x * 3; });
  CHECK(o1 == o2);
  pstl::transform(par, a.begin(), a.end(), b.begin(), o1.begin(), std::minus<int>());
  std::transform(a.begin(), a.end(), b.begin(), o2.begin(), std::minus<int>());
  CHECK(o1 == o2);
  pstl::generate(par, o1.begin(), o1.begin() + 100, [] { return 5; });
  CHECK(std::count(o1.begin(), o1.begin() + 100, 5) == 100);
  CHECK(pstl::generate_n(par, o1.begin(), 150, [] { return 6; }) == o1.begin() + 150);
  CHECK(std::count(o1.begin(), o1.end(), 6) == 150);
  Vec w = a;
  pstl::for_each(par, w.begin(), w.end(), [](int &x) { x = -x; });
  CHECK(w[7] == -a[7] && w[199] == -a[199]);
  CHECK(pstl::for_each_n(par, w.begin(), 100, [](int &x) { x = 0; }) == w.begin() + 100);
  CHECK(pstl::for_each_n(w.data() + 100, 100, [](int &x) { x = 1; }) == w.data() + 200);
  CHECK(std::count(w.begin(), w.end(), 0) == 100 && std::count(w.begin(), w.end(), 1) == 100);
  w = a;
  Vec e = a;
  pstl::replace_if(par, w.begin(), w.end(), odd, 99);
  std::replace_if(e.begin(), e.end(), odd, 99);
  CHECK(w == e);
  pstl::replace(par, w.data(), w.data() + w.size(), 99, -99);
  std::replace(e.begin(), e.end(), 99, -99);
  CHECK(w == e);
  pstl::replace_copy_if(par, a.begin(), a.end(), o1.begin(), neg, 0);
  std::replace_copy_if(a.begin(), a.end(), o2.begin(), neg, 0);
  CHECK(o1 == o2);
  pstl::replace_copy(par, a.begin(), a.end(), o1.begin(), 3, 4);
  std::replace_copy(a.begin(), a.end(), o2.begin(), 3, 4);
  CHECK(o1 == o2);
  pstl::adjacent_difference(par, a.begin(), a.end(), o1.begin());
  std::adjacent_difference(a.begin(), a.end(), o2.begin());
  CHECK(o1 == o2);
  pstl::adjacent_difference(par, a.begin(), a.end(), o1.begin(), std::plus<int>());
  std::adjacent_difference(a.begin(), a.end(), o2.begin(), std::plus<int>());
  CHECK(o1 == o2);
  w = a;
  e = b;
  CHECK(pstl::swap_ranges(par, w.begin(), w.end(), e.begin()) == e.end());
  CHECK(w == b && e == a);
  pstl::fill(par, o1.begin(), o1.end(), 8);
  CHECK(std::count(o1.begin(), o1.end(), 8) == 400);
  CHECK(pstl::fill_n(par, o1.begin(), 300, 9) == o1.begin() + 300);
  CHECK(std::count(o1.begin(), o1.end(), 9) == 300);
  CHECK(pstl::copy(par, a.begin(), a.end(), o1.begin()) == o1.begin() + 200);
  CHECK(std::equal(a.begin(), a.end(), o1.begin()));
  CHECK(pstl::copy_n(par, b.data(), 150, o1.data()) == o1.data() + 150);
  CHECK(std::equal(b.begin(), b.begin() + 150, o1.begin()));

  // --- comparisons and searches
  CHECK(pstl::lexicographical_compare(par, a.begin(), a.end(), b.begin(), b.end()) ==
        std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end()));
  CHECK(pstl::lexicographical_compare(par, a.begin(), a.end(), b.begin(), b.end(), gt) ==
        std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), gt));
  CHECK(pstl::equal(par, a.begin(), a.end(), a.begin()));
  CHECK(!pstl::equal(par, a.begin(), a.end(), b.begin(), eq));
  CHECK(pstl::mismatch(par, a.begin(), a.end(), b.begin()) == std::mismatch(a.begin(), a.end(), b.begin()));
  CHECK(pstl::mismatch(par, a.begin(), a.end(), b.begin(), eq) == std::mismatch(a.begin(), a.end(), b.begin(), eq));
  CHECK(pstl::count_if(par, a.begin(), a.end(), odd) == std::count_if(a.begin(), a.end(), odd));
  CHECK(pstl::count(par, a.begin(), a.end(), 7) == std::count(a.begin(), a.end(), 7));
  CHECK(pstl::find(par, a.begin(), a.end(), 7) == std::find(a.begin(), a.end(), 7));
  CHECK(pstl::find_if(par, a.begin(), a.end(), neg) == std::find_if(a.begin(), a.end(), neg));
  CHECK(pstl::find_if_not(par, a.begin(), a.end(), neg) == std::find_if_not(a.begin(), a.end(), neg));
  CHECK(pstl::adjacent_find(par, a.begin(), a.end()) == std::adjacent_find(a.begin(), a.end()));
  CHECK(pstl::adjacent_find(par, a.begin(), a.end(), lt) == std::adjacent_find(a.begin(), a.end(), lt));
  CHECK(pstl::max_element(par, a.begin(), a.end()) == std::max_element(a.begin(), a.end()));
  CHECK(pstl::max_element(par, a.begin(), a.end(), gt) == std::max_element(a.begin(), a.end(), gt));
  CHECK(pstl::min_element(par, a.begin(), a.end()) == std::min_element(a.begin(), a.end()));
  CHECK(pstl::min_element(par, a.begin(), a.end(), gt) == std::min_element(a.begin(), a.end(), gt));
  CHECK(pstl::minmax_element(par, a.begin(), a.end()) == std::minmax_element(a.begin(), a.end()));
  CHECK(pstl::minmax_element(par, a.begin(), a.end(), gt) == std::minmax_element(a.begin(), a.end(), gt));
  CHECK(pstl::all_of(par, a.begin(), a.end(), neg) == std::all_of(a.begin(), a.end(), neg));
  CHECK(pstl::any_of(par, a.begin(), a.end(), neg) == std::any_of(a.begin(), a.end(), neg));
  CHECK(pstl::none_of(par, a.begin(), a.end(), neg) == std::none_of(a.begin(), a.end(), neg));
  const Vec needle(a.begin() + 50, a.begin() + 53);
  CHECK(pstl::find_end(par, a.begin(), a.end(), needle.begin(), needle.end()) ==
        std::find_end(a.begin(), a.end(), needle.begin(), needle.end()));
  CHECK(pstl::find_end(par, a.begin(), a.end(), needle.begin(), needle.end(), eq) ==
        std::find_end(a.begin(), a.end(), needle.begin(), needle.end(), eq));
  CHECK(pstl::find_first_of(par, a.begin(), a.end(), needle.begin(), needle.end()) ==
        std::find_first_of(a.begin(), a.end(), needle.begin(), needle.end()));
  CHECK(pstl::find_first_of(par, a.begin(), a.end(), needle.begin(), needle.end(), eq) ==
        std::find_first_of(a.begin(), a.end(), needle.begin(), needle.end(), eq));
  CHECK(pstl::search(par, a.begin(), a.end(), needle.begin(), needle.end()) == a.begin() + 50);
  CHECK(pstl::search(par, a.begin(), a.end(), needle.begin(), needle.end(), eq) == a.begin() + 50);
  CHECK(pstl::search_n(par, a.begin(), a.end(), 1, a[9]) == std::search_n(a.begin(), a.end(), 1, a[9]));
  CHECK(pstl::search_n(par, a.begin(), a.end(), 1, a[9], eq) == std::search_n(a.begin(), a.end(), 1, a[9], eq));

  // --- host algorithms
  CHECK(pstl::copy_if(par, a.begin(), a.end(), o1.begin(), odd) - o1.begin() ==
        std::copy_if(a.begin(), a.end(), o2.begin(), odd) - o2.begin());
  CHECK(pstl::move(par, a.begin(), a.end(), o1.begin()) == o1.begin() + 200);
  w = a; e = a;
  CHECK(pstl::remove(par, w.begin(), w.end(), 7) - w.begin() == std::remove(e.begin(), e.end(), 7) - e.begin());
  w = a; e = a;
  CHECK(pstl::remove_if(par, w.begin(), w.end(), odd) - w.begin() == std::remove_if(e.begin(), e.end(), odd) - e.begin());
  CHECK(pstl::remove_copy(par, a.begin(), a.end(), o1.begin(), 7) - o1.begin() ==
        std::remove_copy(a.begin(), a.end(), o2.begin(), 7) - o2.begin());
  CHECK(pstl::remove_copy_if(par, a.begin(), a.end(), o1.begin(), odd) - o1.begin() ==
        std::remove_copy_if(a.begin(), a.end(), o2.begin(), odd) - o2.begin());
  w = a;
  pstl::reverse(par, w.begin(), w.end());
  CHECK(std::equal(w.begin(), w.end(), a.rbegin()));
  pstl::reverse_copy(par, a.begin(), a.end(), o1.begin());
  CHECK(std::equal(a.rbegin(), a.rend(), o1.begin()));
  w = a; e = a;
  pstl::rotate(par, w.begin(), w.begin() + 30, w.end());
  std::rotate(e.begin(), e.begin() + 30, e.end());
  CHECK(w == e);
  pstl::rotate_copy(par, a.begin(), a.begin() + 30, a.end(), o1.begin());
  CHECK(std::equal(e.begin(), e.end(), o1.begin()));
  w = a; e = a;
  CHECK(pstl::unique(par, w.begin(), w.end()) - w.begin() == std::unique(e.begin(), e.end()) - e.begin());
  w = a; e = a;
  CHECK(pstl::unique(par, w.begin(), w.end(), eq) - w.begin() == std::unique(e.begin(), e.end(), eq) - e.begin());
  CHECK(pstl::unique_copy(par, a.begin(), a.end(), o1.begin()) - o1.begin() ==
        std::unique_copy(a.begin(), a.end(), o2.begin()) - o2.begin());
  CHECK(pstl::unique_copy(par, a.begin(), a.end(), o1.begin(), eq) - o1.begin() ==
        std::unique_copy(a.begin(), a.end(), o2.begin(), eq) - o2.begin());
  CHECK(pstl::is_partitioned(par, a.begin(), a.end(), neg) == std::is_partitioned(a.begin(), a.end(), neg));
  w = a;
  auto pp = pstl::partition(par, w.begin(), w.end(), neg);
  CHECK(std::all_of(w.begin(), pp, neg) && std::none_of(pp, w.end(), neg));
  auto pc = pstl::partition_copy(par, a.begin(), a.end(), o1.begin(), o2.begin(), neg);
  CHECK(pc.first - o1.begin() == std::count_if(a.begin(), a.end(), neg) &&
        pc.second - o2.begin() == 200 - (pc.first - o1.begin()));
  w = a; e = a;
  pstl::stable_partition(par, w.begin(), w.end(), neg);
  std::stable_partition(e.begin(), e.end(), neg);
  CHECK(w == e);
  w = a;
  pstl::sort(par, w.begin(), w.end());
  CHECK(std::is_sorted(w.begin(), w.end()));
  CHECK(pstl::is_sorted(par, w.begin(), w.end()) && !pstl::is_sorted(par, a.begin(), a.end()));
  CHECK(pstl::is_sorted(par, w.rbegin(), w.rend(), gt));
  CHECK(pstl::is_sorted_until(par, a.begin(), a.end()) == std::is_sorted_until(a.begin(), a.end()));
  CHECK(pstl::is_sorted_until(par, a.begin(), a.end(), gt) == std::is_sorted_until(a.begin(), a.end(), gt));
  w = a;
  pstl::sort(par, w.begin(), w.end(), gt);
  CHECK(std::is_sorted(w.begin(), w.end(), gt));
  w = a;
  pstl::stable_sort(par, w.begin(), w.end());
  CHECK(std::is_sorted(w.begin(), w.end()));
  w = a;
  pstl::stable_sort(par, w.begin(), w.end(), gt);
  CHECK(std::is_sorted(w.begin(), w.end(), gt));
  w = a;
  pstl::partial_sort(par, w.begin(), w.begin() + 20, w.end());
  CHECK(std::is_sorted(w.begin(), w.begin() + 20) && w[0] == *std::min_element(a.begin(), a.end()));
  w = a;
  pstl::partial_sort(par, w.begin(), w.begin() + 20, w.end(), gt);
  CHECK(w[0] == *std::max_element(a.begin(), a.end()));
  Vec small(20);
  pstl::partial_sort_copy(par, a.begin(), a.end(), small.begin(), small.end());
  CHECK(std::is_sorted(small.begin(), small.end()));
  pstl::partial_sort_copy(par, a.begin(), a.end(), small.begin(), small.end(), gt);
  CHECK(std::is_sorted(small.begin(), small.end(), gt));
  w = a; e = a;
  pstl::nth_element(par, w.begin(), w.begin() + 100, w.end());
  std::sort(e.begin(), e.end());
  CHECK(w[100] == e[100]);
  w = a;
  pstl::nth_element(par, w.begin(), w.begin() + 100, w.end(), gt);
  CHECK(w[100] == e[99]);
  Vec sa = a, sb = b;
  std::sort(sa.begin(), sa.end());
  std::sort(sb.begin(), sb.end());
  pstl::merge(par, sa.begin(), sa.end(), sb.begin(), sb.end(), o1.begin());
  CHECK(std::is_sorted(o1.begin(), o1.end()));
  pstl::merge(par, sa.rbegin(), sa.rend(), sb.rbegin(), sb.rend(), o1.begin(), gt);
  CHECK(std::is_sorted(o1.begin(), o1.end(), gt));
  w = sa;
  w.insert(w.end(), sb.begin(), sb.end());
  pstl::inplace_merge(par, w.begin(), w.begin() + 200, w.end());
  CHECK(std::is_sorted(w.begin(), w.end()));
  w = sa;
  w.insert(w.end(), sb.begin(), sb.end());
  std::reverse(w.begin(), w.begin() + 200);
  std::reverse(w.begin() + 200, w.end());
  pstl::inplace_merge(par, w.begin(), w.begin() + 200, w.end(), gt);
  CHECK(std::is_sorted(w.begin(), w.end(), gt));
  CHECK(pstl::includes(par, sa.begin(), sa.end(), sa.begin() + 5, sa.begin() + 9));
  CHECK(pstl::includes(par, sa.rbegin(), sa.rend(), sa.rbegin() + 5, sa.rbegin() + 9, gt));
#define SET_OP(op)                                                                         \
  CHECK(pstl::op(par, sa.begin(), sa.end(), sb.begin(), sb.end(), o1.begin()) - o1.begin() == \
        std::op(sa.begin(), sa.end(), sb.begin(), sb.end(), o2.begin()) - o2.begin());        \
  CHECK(pstl::op(par, sa.begin(), sa.end(), sb.begin(), sb.end(), o1.begin(), lt) -           \
            o1.begin() ==                                                                  \
        std::op(sa.begin(), sa.end(), sb.begin(), sb.end(), o2.begin(), lt) - o2.begin());
  SET_OP(set_difference)
  SET_OP(set_intersection)
  SET_OP(set_symmetric_difference)
  SET_OP(set_union)
  Vec heap = a;
  std::make_heap(heap.begin(), heap.end());
  CHECK(pstl::is_heap(par, heap.begin(), heap.end()) && !pstl::is_heap(par, sa.begin(), sa.end()));
  CHECK(pstl::is_heap(par, sa.begin(), sa.end(), gt));
  CHECK(pstl::is_heap_until(par, a.begin(), a.end()) == std::is_heap_until(a.begin(), a.end()));
  CHECK(pstl::is_heap_until(par, a.begin(), a.end(), gt) == std::is_heap_until(a.begin(), a.end(), gt));

  // --- numeric, with and without a policy
  const long long sum = std::accumulate(a.begin(), a.end(), 0ll);
  CHECK(pstl::reduce(par, a.begin(), a.end()) == sum);
  CHECK(pstl::reduce(par, a.begin(), a.end(), 10ll) == sum + 10);
  CHECK(pstl::reduce(par, a.begin(), a.end(), 10ll, std::plus<long long>()) == sum + 10);
  CHECK(pstl::reduce(a.begin(), a.end()) == sum);
  CHECK(pstl::reduce(a.data(), a.data() + 200, 10ll) == sum + 10);
  CHECK(pstl::reduce(a.begin(), a.end(), 10ll, std::plus<long long>()) == sum + 10);
  const auto sq = [](int x) { return x * x; };
  long long sqsum = 0;
  for (int x : a)
    sqsum += x * x;
  CHECK(pstl::transform_reduce(par, a.begin(), a.end(), sq, 1ll, std::plus<long long>()) == sqsum + 1);
  CHECK(pstl::transform_reduce(a.begin(), a.end(), sq, 1ll, std::plus<long long>()) == sqsum + 1);
  const long long dot = std::inner_product(a.begin(), a.end(), b.begin(), 0ll);
  CHECK(pstl::inner_product(par, a.begin(), a.end(), b.begin(), 0ll) == dot);
  CHECK(pstl::inner_product(par, a.begin(), a.end(), b.begin(), 0ll, std::plus<long long>(),
                            std::multiplies<long long>()) == dot);
  CHECK(pstl::transform_reduce(par, a.begin(), a.end(), b.begin(), 0ll) == dot);
  CHECK(pstl::transform_reduce(a.data(), a.data() + 200, b.data(), 0ll) == dot);
  CHECK(pstl::transform_reduce(a.begin(), a.end(), b.begin(), 0ll, std::plus<long long>(),
                               std::multiplies<long long>()) == dot);

  Vec scan(200);
  std::partial_sum(a.begin(), a.end(), scan.begin());
  CHECK(pstl::inclusive_scan(par, a.begin(), a.end(), o1.begin()) == o1.begin() + 200 &&
        std::equal(scan.begin(), scan.end(), o1.begin()));
  pstl::inclusive_scan(par, a.begin(), a.end(), o1.begin(), std::plus<int>());
  CHECK(std::equal(scan.begin(), scan.end(), o1.begin()));
  pstl::inclusive_scan(par, a.begin(), a.end(), o1.begin(), std::plus<int>(), 5);
  for (int i = 0; i < 200; ++i)
    CHECK(o1[i] == scan[i] + 5);
  pstl::inclusive_scan(a.begin(), a.end(), o2.begin());
  CHECK(std::equal(scan.begin(), scan.end(), o2.begin()));
  pstl::inclusive_scan(a.begin(), a.end(), o2.begin(), std::plus<int>());
  CHECK(std::equal(scan.begin(), scan.end(), o2.begin()));
  pstl::inclusive_scan(a.begin(), a.end(), o2.begin(), std::plus<int>(), 5);
  CHECK(std::equal(o1.begin(), o1.begin() + 200, o2.begin()));
  pstl::exclusive_scan(par, a.begin(), a.end(), o1.begin(), 3);
  for (int i = 0; i < 200; ++i)
    CHECK(o1[i] == 3 + (i ? scan[i - 1] : 0));
  pstl::exclusive_scan(par, a.begin(), a.end(), o1.begin(), 3, std::plus<int>());
  pstl::exclusive_scan(a.begin(), a.end(), o2.begin(), 3);
  CHECK(std::equal(o1.begin(), o1.begin() + 200, o2.begin()));
  pstl::exclusive_scan(a.begin(), a.end(), o2.begin(), 3, std::plus<int>());
  CHECK(std::equal(o1.begin(), o1.begin() + 200, o2.begin()));
  Vec sqscan(200);
  std::transform(a.begin(), a.end(), sqscan.begin(), sq);
  std::partial_sum(sqscan.begin(), sqscan.end(), sqscan.begin());
  pstl::transform_inclusive_scan(par, a.begin(), a.end(), o1.begin(), sq, std::plus<int>());
  CHECK(std::equal(sqscan.begin(), sqscan.end(), o1.begin()));
  pstl::transform_inclusive_scan(par, a.begin(), a.end(), o1.begin(), sq, std::plus<int>(), 2);
  for (int i = 0; i < 200; ++i)
    CHECK(o1[i] == sqscan[i] + 2);
  pstl::transform_inclusive_scan(a.begin(), a.end(), o2.begin(), sq, std::plus<int>());
  CHECK(std::equal(sqscan.begin(), sqscan.end(), o2.begin()));
  pstl::transform_exclusive_scan(par, a.begin(), a.end(), o1.begin(), sq, 2, std::plus<int>());
  for (int i = 0; i < 200; ++i)
    CHECK(o1[i] == 2 + (i ? sqscan[i - 1] : 0));

  std::puts("pstl_hcc_overloads: OK");
  return 0;
}
