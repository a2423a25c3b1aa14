// RUN: %hcc %s -o %t && %t
// sort / stable_sort with a comparator, or of values that are not
// arithmetic, under par / par_vec: the accelerator's merge sort (at least
// 4096 contiguous elements), compared with std::stable_sort: structs by key
// (stability: equal keys keep their order), ints in descending order, doubles
// by magnitude, a struct with its own operator<; sizes that are not powers of
// two, and std::string (not trivially copyable: std::sort on the host).
#include <experimental/algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (n=%zu): %s\n", __FILE__, __LINE__, n, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

struct item {
  int key, order;
  bool operator<(const item &o) const { return key < o.key; }
  bool operator==(const item &o) const { return key == o.key && order == o.order; }
};

template <class Policy> int run(const Policy &exec, std::size_t n) {
  std::mt19937 gen(static_cast<unsigned>(n));
  std::vector<item> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = {static_cast<int>(gen() % 50), static_cast<int>(i)};
  auto by_key_desc = [](const item &a, const item &b) { return a.key > b.key; };
  std::vector<item> a = v, e = v;
  pstl::stable_sort(exec, a.begin(), a.end(), by_key_desc);
  std::stable_sort(e.begin(), e.end(), by_key_desc);
  CHECK(a == e);
  a = v; e = v;
  pstl::stable_sort(exec, a.data(), a.data() + n); // item::operator<
  std::stable_sort(e.begin(), e.end());
  CHECK(a == e);
  a = v;
  pstl::sort(exec, a.begin(), a.end());
  CHECK(std::is_sorted(a.begin(), a.end()));

  std::vector<int> iv(n), ie;
  for (std::size_t i = 0; i < n; ++i) iv[i] = static_cast<int>(gen()) - (1 << 30);
  ie = iv;
  pstl::sort(exec, iv.begin(), iv.end(), std::greater<int>());
  std::sort(ie.begin(), ie.end(), std::greater<int>());
  CHECK(iv == ie);

  std::vector<double> dv(n), de;
  for (std::size_t i = 0; i < n; ++i) dv[i] = std::ldexp(double(gen()) - 2147483648.0, -20);
  de = dv;
  auto by_mag = [](double x, double y) { return std::fabs(x) < std::fabs(y); };
  pstl::stable_sort(exec, dv.begin(), dv.end(), by_mag);
  std::stable_sort(de.begin(), de.end(), by_mag);
  CHECK(dv == de);

  std::vector<std::string> sv(n), se;
  for (std::size_t i = 0; i < n; ++i) sv[i] = std::to_string(gen() % 1000);
  se = sv;
  pstl::sort(exec, sv.begin(), sv.end());
  std::sort(se.begin(), se.end());
  CHECK(sv == se);
  return 0;
}

int main() {
  const std::size_t sizes[] = {0, 1, 100, 4096, 5003, 20011};
  for (std::size_t n : sizes)
    if (run(pstl::par, n) || run(pstl::par_vec, n) || run(pstl::seq, n))
      return 1;
  std::puts("ok");
  return 0;
}
