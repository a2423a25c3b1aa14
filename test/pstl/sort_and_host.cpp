// RUN: %hcc %s -o %t && %t
// hcc's parallel STL: sort and stable_sort through the public overloads
// (host below 4096 elements, radix / merge sort on the accelerator above:
// radix_sort.cpp and merge_sort.cpp test those in depth), the algorithms
// hcc's header declared and ran sequentially (a sample: copy_if, remove_if,
// reverse, rotate, unique, partition, nth_element, merge, set_union, search,
// swap_ranges),
// and libstdc++'s own <experimental/algorithm> / <experimental/numeric>
// names (sample, gcd), which hcc's headers of the same names keep available;
// elements that are not trivially copyable (std::string) run on the host.
#include <experimental/algorithm>
#include <experimental/numeric>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (n=%zu): %s\n", __FILE__, __LINE__, n, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

struct item { int key, order; };

template <class Policy> int run(const Policy &exec, std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>((i * 7919) % 613);
  std::vector<int> a = v, e = v;
  pstl::sort(exec, a.begin(), a.end());
  std::sort(e.begin(), e.end());
  CHECK(a == e);
  pstl::sort(exec, a.data(), a.data() + n, std::greater<int>());
  CHECK(std::is_sorted(a.begin(), a.end(), std::greater<int>()));
  std::vector<item> it(n);
  for (std::size_t i = 0; i < n; ++i) it[i] = {v[i] % 5, static_cast<int>(i)};
  auto by_key = [](const item &x, const item &y) { return x.key < y.key; };
  pstl::stable_sort(exec, it.begin(), it.end(), by_key);
  for (std::size_t i = 1; i < n; ++i)
    CHECK(it[i - 1].key < it[i].key ||
          (it[i - 1].key == it[i].key && it[i - 1].order < it[i].order));
  a = v;
  pstl::stable_sort(exec, a.begin(), a.end());
  CHECK(a == e);

  // The sequential part of hcc's header.
  std::vector<int> out(n), eout(n);
  auto odd = [](int x) { return x % 2 != 0; };
  CHECK(pstl::copy_if(exec, v.begin(), v.end(), out.begin(), odd) - out.begin() ==
        std::copy_if(v.begin(), v.end(), eout.begin(), odd) - eout.begin());
  CHECK(out == eout);
  a = v; e = v;
  CHECK(pstl::remove_if(exec, a.begin(), a.end(), odd) - a.begin() ==
        std::remove_if(e.begin(), e.end(), odd) - e.begin());
  a = v; e = v;
  pstl::reverse(exec, a.begin(), a.end());
  std::reverse(e.begin(), e.end());
  CHECK(a == e);
  if (n > 0) {
    pstl::rotate(exec, a.begin(), a.begin() + n / 3, a.end());
    std::rotate(e.begin(), e.begin() + n / 3, e.end());
    CHECK(a == e);
    a = v; e = v;
    pstl::nth_element(exec, a.begin(), a.begin() + n / 2, a.end());
    std::nth_element(e.begin(), e.begin() + n / 2, e.end());
    CHECK(a[n / 2] == e[n / 2]);
  }
  a = v; std::sort(a.begin(), a.end()); e = a;
  CHECK(pstl::unique(exec, a.begin(), a.end()) - a.begin() ==
        std::unique(e.begin(), e.end()) - e.begin());
  a = v;
  auto mid = pstl::partition(exec, a.begin(), a.end(), odd);
  CHECK(std::is_partitioned(a.begin(), a.end(), odd) && std::all_of(a.begin(), mid, odd));
  std::vector<int> s1(v.begin(), v.begin() + n / 2), s2(v.begin() + n / 2, v.end());
  std::sort(s1.begin(), s1.end());
  std::sort(s2.begin(), s2.end());
  std::vector<int> m(n), em(n);
  pstl::merge(exec, s1.begin(), s1.end(), s2.begin(), s2.end(), m.begin());
  std::merge(s1.begin(), s1.end(), s2.begin(), s2.end(), em.begin());
  CHECK(m == em);
  CHECK(pstl::set_union(exec, s1.begin(), s1.end(), s2.begin(), s2.end(), m.begin()) - m.begin() ==
        std::set_union(s1.begin(), s1.end(), s2.begin(), s2.end(), em.begin()) - em.begin());
  CHECK(pstl::search(exec, v.begin(), v.end(), s1.begin(), s1.begin() + (n > 2 ? 2 : 0)) ==
        std::search(v.begin(), v.end(), s1.begin(), s1.begin() + (n > 2 ? 2 : 0)));
  a = v; e.assign(n, 1);
  pstl::swap_ranges(exec, a.begin(), a.end(), e.begin());
  CHECK(e == v && std::count(a.begin(), a.end(), 1) == static_cast<long>(n));
  return 0;
}

int main() {
  const std::size_t sizes[] = {0, 1, 64, 1000, 20000};
  for (std::size_t n : sizes)
    if (run(pstl::seq, n) || run(pstl::par, n) || run(pstl::par_vec, n))
      return 1;
  std::size_t n = 300;
  { // Elements that are not trivially copyable (std::string) run on the host
    // under par too, in order.
    std::vector<std::string> w(n), e(n);
    for (std::size_t i = 0; i < n; ++i) w[i] = std::to_string(i % 17);
    pstl::for_each(pstl::par, w.begin(), w.end(), [](std::string &x) { x += "."; });
    CHECK(w[5] == "5.");
    pstl::transform(pstl::par, w.begin(), w.end(), e.begin(),
                    [](const std::string &x) { return x + x; });
    CHECK(e[16] == "16.16.");
    CHECK(pstl::reduce(pstl::par, w.begin(), w.end(), std::string()) ==
          std::accumulate(w.begin(), w.end(), std::string()));
    pstl::inclusive_scan(pstl::par, w.begin(), w.begin() + 3, e.begin());
    CHECK(e[2] == "0.1.2.");
    CHECK(pstl::count(pstl::par, w.begin(), w.end(), std::string("3.")) == 18);
    CHECK(pstl::find(pstl::par, w.begin(), w.end(), std::string("9.")) == w.begin() + 9);
  }
  // libstdc++'s Library Fundamentals TS names still work.
  CHECK(std::experimental::gcd(12, 18) == 6);
  std::vector<int> pop(100), smp(10);
  for (int i = 0; i < 100; ++i) pop[i] = i;
  std::mt19937 gen(1);
  auto end = std::experimental::sample(pop.begin(), pop.end(), smp.begin(), 10, gen);
  CHECK(end == smp.end() && std::is_sorted(smp.begin(), smp.end()));
  std::puts("ok");
  return 0;
}
