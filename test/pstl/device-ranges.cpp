// RUN: %hcc %s -o %t && %t
// RUN: not %hcc -fsyntax-only -DUSE_SEQ %s 2>&1 | FileCheck --check-prefix=SEQ %s
// hcc's parallel STL over device-resident ranges: reduce, inclusive_scan,
// exclusive_scan (every form, in place too), sort and stable_sort (radix
// for keys, merge with a comparator), for_each and transform taking
// hc::array_view<T, 1> ranges of hc::arrays (data in the accelerator's
// memory) and of host vectors, compared with the std algorithms on copies.
// An output shorter than the input raises hc::runtime_exception; seq is a
// compile error (SEQ).
#include <experimental/algorithm>
#include <experimental/numeric>
#include <hc.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <numeric>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (n=%d): %s\n", __FILE__, __LINE__, n, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

template <class T> std::vector<T> host_copy(const hc::array<T, 1> &a) {
  std::vector<T> v(a.get_extent()[0]);
  hc::copy(a, v.data());
  return v;
}

struct pair_key { int key, order; };

template <class Policy> int run(const Policy &exec, int n) {
  // Backing stores of at least one element; the views are sections of n.
  const int m = n > 0 ? n : 1;
  std::vector<int> hv(m);
  for (int i = 0; i < m; ++i)
    hv[i] = static_cast<int>((i * 2654435761u) % 2001) - 1000;
  hc::array<int, 1> a(m, hv.begin(), hv.end());
  hv.resize(n);
  hc::array_view<int, 1> av = hc::array_view<int, 1>(a).section(0, n);
  hc::array_view<const int, 1> cav = hc::array_view<const int, 1>(a).section(0, n);

  // reduce
  const long long sum = std::accumulate(hv.begin(), hv.end(), 0ll);
  CHECK(pstl::reduce(exec, av) == static_cast<int>(sum));
  CHECK(pstl::reduce(exec, cav, 5ll) == sum + 5);
  auto mx = [](int x, int y) { return x > y ? x : y; };
  CHECK(pstl::reduce(exec, av, -5000, mx) ==
        std::accumulate(hv.begin(), hv.end(), -5000, mx));

  // scans into another array, then in place
  std::vector<long long> e(n);
  std::partial_sum(hv.begin(), hv.end(), e.begin(), std::plus<long long>());
  hc::array<long long, 1> out(m);
  hc::array_view<long long, 1> ov = hc::array_view<long long, 1>(out).section(0, n);
  pstl::inclusive_scan(exec, cav, ov);
  std::vector<long long> got = host_copy(out);
  for (int i = 0; i < n; ++i)
    CHECK(got[i] == e[i]);
  pstl::inclusive_scan(exec, av, ov, std::plus<long long>(), 10ll);
  got = host_copy(out);
  for (int i = 0; i < n; ++i)
    CHECK(got[i] == e[i] + 10);
  pstl::exclusive_scan(exec, av, ov, 3ll);
  got = host_copy(out);
  for (int i = 0; i < n; ++i)
    CHECK(got[i] == 3 + (i ? e[i - 1] : 0));
  pstl::exclusive_scan(exec, av, ov, 0ll, std::plus<long long>());
  got = host_copy(out);
  for (int i = 0; i < n; ++i)
    CHECK(got[i] == (i ? e[i - 1] : 0));
  hc::array<int, 1> b(m);
  hc::array_view<int, 1> bv = hc::array_view<int, 1>(b).section(0, n);
  hc::copy(av, bv);
  pstl::inclusive_scan(exec, bv, bv, mx); // in place: running maximum
  std::vector<int> gi = host_copy(b);
  int running = -5000;
  for (int i = 0; i < n; ++i) {
    running = mx(running, hv[i]);
    CHECK(gi[i] == running);
  }

  // for_each, transform (unary in place, binary)
  pstl::for_each(exec, bv, [](int &x) { x = 2 * x; });
  pstl::transform(exec, bv, bv, [](int x) { return x + 1; });
  pstl::transform(exec, av, bv, bv, [](int x, int y) { return y - x; });
  gi = host_copy(b);
  for (int i = 0; i < n; ++i) {
    running = mx(i ? running : -5000, hv[i]);
    CHECK(gi[i] == 2 * running + 1 - hv[i]);
  }

  // sort: radix (default order), merge (comparator), stable
  hc::copy(av, bv);
  pstl::sort(exec, bv);
  std::vector<int> sorted = hv;
  std::sort(sorted.begin(), sorted.end());
  gi = host_copy(b);
  for (int i = 0; i < n; ++i)
    CHECK(gi[i] == sorted[i]);
  hc::copy(av, bv);
  pstl::sort(exec, bv, std::greater<>());
  std::reverse(sorted.begin(), sorted.end());
  gi = host_copy(b);
  for (int i = 0; i < n; ++i)
    CHECK(gi[i] == sorted[i]);
  std::vector<float> fv(n);
  for (int i = 0; i < n; ++i)
    fv[i] = static_cast<float>(hv[i]) * 0.25f;
  hc::array<float, 1> f(m);
  hc::array_view<float, 1> fview = hc::array_view<float, 1>(f).section(0, n);
  hc::copy(fv.begin(), fv.end(), fview);
  pstl::stable_sort(exec, fview);
  std::sort(fv.begin(), fv.end());
  std::vector<float> gf = host_copy(f);
  for (int i = 0; i < n; ++i)
    CHECK(gf[i] == fv[i]);
  std::vector<pair_key> pk(m), pexp;
  for (int i = 0; i < n; ++i)
    pk[i] = {hv[i] % 7, i};
  pexp = pk;
  pexp.resize(n);
  auto by_key = [](const pair_key &x, const pair_key &y) { return x.key < y.key; };
  std::stable_sort(pexp.begin(), pexp.end(), by_key);
  hc::array_view<pair_key, 1> pv(m, pk.data()); // host data
  pstl::stable_sort(exec, pv.section(0, n), by_key);
  pv.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(pk[i].key == pexp[i].key && pk[i].order == pexp[i].order);

  // An output shorter than the input.
  if (n > 1) {
    bool threw = false;
    try {
      pstl::inclusive_scan(exec, av, ov.section(0, n - 1));
    } catch (const hc::runtime_exception &ex) {
      threw = std::strstr(ex.what(), "shorter") != nullptr;
    }
    CHECK(threw);
  }
  return 0;
}

int main() {
  for (int n : {0, 1, 2, 63, 64, 1000, 4097, 20000}) {
    if (run(pstl::par, n) || run(pstl::par_vec, n))
      return 1;
  }
#ifdef USE_SEQ
  hc::array<int, 1> a(16);
  hc::array_view<int, 1> av(a);
  pstl::sort(pstl::seq, av);
#endif
  std::puts("device ranges: OK");
  return 0;
}

// SEQ: error: static assertion failed{{.*}}use par or par_vec
