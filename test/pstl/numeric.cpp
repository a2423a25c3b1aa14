// RUN: %hcc %s -o %t && %t
// hcc's parallel numeric algorithms (<experimental/numeric>): reduce,
// transform_reduce (one and two ranges), inner_product, inclusive_scan,
// exclusive_scan, transform_inclusive_scan, transform_exclusive_scan, in
// every overload, under seq, par and par_vec, compared with the std
// algorithms. Scans also run with an associative but non-commutative
// operation (composition of affine maps), in place, and on a size whose
// tiles walk several rounds (300001 > 1024 tiles x 256).
#include <experimental/numeric>
#include <cstdio>
#include <numeric>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (n=%zu): %s\n", __FILE__, __LINE__, n, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

// x -> a * x + b; (f then g) is an associative, non-commutative operation.
struct affine {
  unsigned a = 1, b = 0;
  bool operator==(const affine &o) const { return a == o.a && b == o.b; }
};
struct compose {
  affine operator()(const affine &f, const affine &g) const {
    return {f.a * g.a, f.b * g.a + g.b};
  }
};

template <class Policy> int run(const Policy &exec, std::size_t n) {
  std::vector<long long> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<long long>((i * 2654435761u) % 2001) - 1000;

  // reduce
  CHECK(pstl::reduce(exec, v.begin(), v.end()) == std::accumulate(v.begin(), v.end(), 0ll));
  CHECK(pstl::reduce(exec, v.data(), v.data() + n, 17ll) ==
        std::accumulate(v.begin(), v.end(), 17ll));
  auto mx = [](long long a, long long b) { return a > b ? a : b; };
  CHECK(pstl::reduce(exec, v.begin(), v.end(), -5000ll, mx) ==
        std::accumulate(v.begin(), v.end(), -5000ll, mx));
  // transform_reduce in hcc's order: unary_op, init, binary_op
  auto sq = [](long long x) { return x * x; };
  long long sumsq = 0;
  for (long long x : v) sumsq += x * x;
  CHECK(pstl::transform_reduce(exec, v.begin(), v.end(), sq, 3ll, std::plus<long long>()) ==
        sumsq + 3);
  // inner_product and the two-range transform_reduce
  std::vector<long long> w(v.rbegin(), v.rend());
  long long ip = std::inner_product(v.begin(), v.end(), w.begin(), 1ll);
  CHECK(pstl::inner_product(exec, v.begin(), v.end(), w.begin(), 1ll) == ip);
  CHECK(pstl::transform_reduce(exec, v.begin(), v.end(), w.begin(), 1ll) == ip);
  auto mn = [](long long a, long long b) { return a < b ? a : b; };
  auto diff = [](long long a, long long b) { return a - b; };
  CHECK(pstl::inner_product(exec, v.data(), v.data() + n, w.data(), 99999ll, mn, diff) ==
        std::inner_product(v.begin(), v.end(), w.begin(), 99999ll, mn, diff));
  CHECK(pstl::transform_reduce(exec, v.begin(), v.end(), w.begin(), 0ll, std::plus<>(), diff) ==
        std::inner_product(v.begin(), v.end(), w.begin(), 0ll, std::plus<>(), diff));

  // inclusive_scan: no op, op, op + init
  std::vector<long long> out(n, -7), exp(n, -8);
  std::partial_sum(v.begin(), v.end(), exp.begin());
  CHECK(pstl::inclusive_scan(exec, v.begin(), v.end(), out.begin()) == out.end());
  CHECK(out == exp);
  std::partial_sum(v.begin(), v.end(), exp.begin(), mx);
  pstl::inclusive_scan(exec, v.data(), v.data() + n, out.data(), mx);
  CHECK(out == exp);
  {
    long long s = 100;
    for (std::size_t i = 0; i < n; ++i) exp[i] = s = s + v[i];
  }
  pstl::inclusive_scan(exec, v.begin(), v.end(), out.begin(), std::plus<long long>(), 100ll);
  CHECK(out == exp);
  // exclusive_scan: init, init + op, in place
  {
    long long s = -3;
    for (std::size_t i = 0; i < n; ++i) { exp[i] = s; s += v[i]; }
  }
  CHECK(pstl::exclusive_scan(exec, v.begin(), v.end(), out.begin(), -3ll) == out.end());
  CHECK(out == exp);
  std::vector<long long> ip_scan = v;
  pstl::exclusive_scan(exec, ip_scan.begin(), ip_scan.end(), ip_scan.begin(), -3ll,
                       std::plus<long long>());
  CHECK(ip_scan == exp);
  ip_scan = v;
  pstl::inclusive_scan(exec, ip_scan.begin(), ip_scan.end(), ip_scan.begin());
  std::partial_sum(v.begin(), v.end(), exp.begin());
  CHECK(ip_scan == exp);
  // transform scans, hcc's order: unary_op before binary_op / init
  {
    long long s = 0;
    for (std::size_t i = 0; i < n; ++i) exp[i] = s += v[i] * v[i];
  }
  pstl::transform_inclusive_scan(exec, v.begin(), v.end(), out.begin(), sq,
                                 std::plus<long long>());
  CHECK(out == exp);
  for (std::size_t i = 0; i < n; ++i) exp[i] += 5;
  pstl::transform_inclusive_scan(exec, v.begin(), v.end(), out.begin(), sq,
                                 std::plus<long long>(), 5ll);
  CHECK(out == exp);
  {
    long long s = 1;
    for (std::size_t i = 0; i < n; ++i) { exp[i] = s; s += v[i] * v[i]; }
  }
  pstl::transform_exclusive_scan(exec, v.begin(), v.end(), out.begin(), sq, 1ll,
                                 std::plus<long long>());
  CHECK(out == exp);

  // A non-commutative scan: the order of every combination matters.
  std::vector<affine> f(n), g(n), ge(n);
  for (std::size_t i = 0; i < n; ++i)
    f[i] = {static_cast<unsigned>(2 * i + 3), static_cast<unsigned>(i * 7 + 1)};
  std::partial_sum(f.begin(), f.end(), ge.begin(), compose());
  pstl::inclusive_scan(exec, f.begin(), f.end(), g.begin(), compose());
  CHECK(g == ge);
  affine id;
  {
    affine s = {5, 9};
    for (std::size_t i = 0; i < n; ++i) { ge[i] = s; s = compose()(s, f[i]); }
  }
  pstl::exclusive_scan(exec, f.begin(), f.end(), g.begin(), affine{5, 9}, compose());
  CHECK(g == ge);
  (void)id;
  return 0;
}

int main() {
  const std::size_t sizes[] = {0, 1, 2, 63, 64, 255, 256, 1000, 5003};
  for (std::size_t n : sizes)
    if (run(pstl::seq, n) || run(pstl::par, n) || run(pstl::par_vec, n))
      return 1;
  // Tiles that walk several rounds of their chunk (par only: seq is std).
  {
    const std::size_t n = 300001;
    std::vector<float> x(n, 1.0f);
    CHECK(pstl::reduce(pstl::par, x.begin(), x.end()) == static_cast<float>(n));
    std::vector<affine> f(n), g(n), ge(n);
    for (std::size_t i = 0; i < n; ++i)
      f[i] = {static_cast<unsigned>(i | 1), static_cast<unsigned>(i)};
    std::partial_sum(f.begin(), f.end(), ge.begin(), compose());
    pstl::inclusive_scan(pstl::par, f.begin(), f.end(), g.begin(), compose());
    CHECK(g == ge);
  }
  // hcc's forms without a policy run as par.
  {
    const std::size_t n = 1000;
    std::vector<int> a(n, 2), b(n);
    CHECK(pstl::reduce(a.begin(), a.end()) == 2000);
    CHECK(pstl::reduce(a.begin(), a.end(), 1) == 2001);
    CHECK(pstl::transform_reduce(a.begin(), a.end(), [](int x) { return x + 1; }, 0,
                                 std::plus<int>()) == 3000);
    pstl::inclusive_scan(a.begin(), a.end(), b.begin());
    CHECK(b[999] == 2000);
    pstl::exclusive_scan(a.begin(), a.end(), b.begin(), 0);
    CHECK(b[0] == 0 && b[999] == 1998);
  }
  std::puts("ok");
  return 0;
}
