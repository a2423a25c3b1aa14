// RUN: %hcc %s -o %t && %t
// sort / stable_sort of arithmetic keys under par / par_vec: the
// accelerator's radix sort (at least 4096 contiguous keys), compared with
// std::sort for every key width and signedness: negative and positive
// integers with their extremes, floats and doubles with negatives, -0.0 and
// +0.0 (equal keys: stable_sort keeps their order), infinities, and
// duplicates; sizes not multiples of the tile, and 270001 8-bit keys (66
// tiles; radix_sort_patterns.cpp covers tiles that walk several rounds).
#include <experimental/algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (n=%zu): %s\n", __FILE__, __LINE__, n, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

template <class T, class Policy> int check(const Policy &exec, std::size_t n, unsigned seed) {
  std::mt19937_64 gen(seed);
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (std::is_floating_point<T>::value)
      v[i] = static_cast<T>(std::uniform_real_distribution<double>(-1e6, 1e6)(gen));
    else
      v[i] = static_cast<T>(gen());
    if (i % 7 == 0 && i > 0) v[i] = v[i - 1]; // duplicates
  }
  if (n > 10) {
    v[1] = std::numeric_limits<T>::max();
    v[2] = std::numeric_limits<T>::lowest();
    v[3] = T(0);
    if constexpr (std::is_floating_point<T>::value) {
      v[4] = std::numeric_limits<T>::infinity();
      v[5] = -std::numeric_limits<T>::infinity();
      v[6] = -T(0);
      v[8] = std::numeric_limits<T>::denorm_min();
      v[9] = -std::numeric_limits<T>::denorm_min();
    }
  }
  std::vector<T> a = v, e = v;
  pstl::sort(exec, a.begin(), a.end());
  std::sort(e.begin(), e.end());
  CHECK(a == e);
  a = v;
  pstl::stable_sort(exec, a.data(), a.data() + n);
  std::stable_sort(v.begin(), v.end());
  for (std::size_t i = 0; i < n; ++i) // -0.0 == 0.0: compare the bits too
    CHECK(a[i] == v[i] && std::signbit(static_cast<double>(a[i])) ==
                              std::signbit(static_cast<double>(v[i])));
  return 0;
}

template <class Policy> int run(const Policy &exec, std::size_t n, unsigned seed) {
  return check<std::int8_t>(exec, n, seed) || check<std::uint16_t>(exec, n, seed) ||
         check<int>(exec, n, seed) || check<unsigned>(exec, n, seed) ||
         check<float>(exec, n, seed) || check<double>(exec, n, seed) ||
         check<std::int64_t>(exec, n, seed) || check<std::uint64_t>(exec, n, seed);
}

int main() {
  // Every key type under par; par_vec and seq (std::sort) with two types:
  // the CPU backend runs the radix passes slowly, and CI has 2 cores.
  const std::size_t sizes[] = {0, 1, 100, 5003};
  for (std::size_t n : sizes)
    if (run(pstl::par, n, 1u + n) || check<int>(pstl::par_vec, n, 7u + n) ||
        check<float>(pstl::par_vec, n, 5u) || check<double>(pstl::seq, n, 3u))
      return 1;
  {
    const std::size_t n = 270001;
    if (check<std::int8_t>(pstl::par, n, 99u)) return 1;
  }
  std::puts("ok");
  return 0;
}
