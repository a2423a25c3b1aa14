// RUN: %hcc %s -o %t && %t
// hcc's parallel STL, searching and counting (<experimental/algorithm>):
// count(_if), find(_if, _if_not), all_of/any_of/none_of, mismatch and equal
// (every overload), adjacent_find, is_sorted(_until), lexicographical_compare,
// min/max/minmax_element (ties: first least, first/last greatest as std
// does), and hcc's forms of count/all_of... without a policy, under seq,
// par and par_vec, compared with the std algorithms.
#include <experimental/algorithm>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (n=%zu): %s\n", __FILE__, __LINE__, n, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

template <class Policy> int run(const Policy &exec, std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<int>((i * 37) % 101);  // many duplicates
  const int *p = v.data();
  auto even = [](int x) { return x % 2 == 0; };
  auto big = [](int x) { return x > 95; };
  auto never = [](int x) { return x > 1000; };

  CHECK(pstl::count(exec, v.begin(), v.end(), 7) == std::count(v.begin(), v.end(), 7));
  CHECK(pstl::count_if(exec, p, p + n, even) == std::count_if(p, p + n, even));
  CHECK(pstl::find(exec, v.begin(), v.end(), 100) == std::find(v.begin(), v.end(), 100));
  CHECK(pstl::find(exec, v.begin(), v.end(), -1) == v.end());
  CHECK(pstl::find_if(exec, p, p + n, big) == std::find_if(p, p + n, big));
  CHECK(pstl::find_if_not(exec, v.begin(), v.end(), [](int x) { return x < 90; }) ==
        std::find_if_not(v.begin(), v.end(), [](int x) { return x < 90; }));
  CHECK(pstl::all_of(exec, v.begin(), v.end(), [](int x) { return x >= 0; }));
  CHECK(pstl::any_of(exec, v.begin(), v.end(), big) == std::any_of(v.begin(), v.end(), big));
  CHECK(pstl::none_of(exec, p, p + n, never));
  CHECK(pstl::all_of(exec, v.begin(), v.end(), even) == std::all_of(v.begin(), v.end(), even));

  // mismatch / equal: differ at the last element, in the middle, nowhere
  std::vector<int> w = v;
  CHECK(pstl::equal(exec, v.begin(), v.end(), w.begin()));
  CHECK(pstl::equal(exec, v.begin(), v.end(), w.begin(), w.end()));
  CHECK(pstl::mismatch(exec, v.begin(), v.end(), w.begin()).first == v.end());
  if (n > 0) {
    w[n - 1] += 1;
    CHECK(!pstl::equal(exec, v.begin(), v.end(), w.begin()));
    CHECK(pstl::mismatch(exec, v.begin(), v.end(), w.begin()) ==
          std::mismatch(v.begin(), v.end(), w.begin()));
    if (n / 2 != n - 1)
      w[n / 2] += 1;  // a second difference, before the last
    CHECK(pstl::mismatch(exec, p, p + n, w.data(), w.data() + n) ==
          std::mismatch(p, p + n, w.data(), w.data() + n));
    auto near = [](int a, int b) { return a - b <= 1 && b - a <= 1; };
    CHECK(pstl::equal(exec, v.begin(), v.end(), w.begin(), near));
    CHECK(pstl::mismatch(exec, v.begin(), v.end(), w.begin(), w.end(), near).first == v.end());
    CHECK(!pstl::equal(exec, v.begin(), v.end(), w.begin(), w.end() - 1, near));
    CHECK(pstl::mismatch(exec, v.begin(), v.end(), w.begin(), near) ==
          std::mismatch(v.begin(), v.end(), w.begin(), near));
  }

  // adjacent_find, is_sorted(_until)
  CHECK(pstl::adjacent_find(exec, v.begin(), v.end()) == std::adjacent_find(v.begin(), v.end()));
  std::vector<int> s = v;
  std::sort(s.begin(), s.end());
  CHECK(pstl::adjacent_find(exec, s.begin(), s.end()) == std::adjacent_find(s.begin(), s.end()));
  CHECK(pstl::is_sorted(exec, s.begin(), s.end()));
  CHECK(pstl::is_sorted(exec, v.begin(), v.end()) == std::is_sorted(v.begin(), v.end()));
  CHECK(pstl::is_sorted_until(exec, v.begin(), v.end()) == std::is_sorted_until(v.begin(), v.end()));
  CHECK(pstl::is_sorted_until(exec, s.begin(), s.end(), std::greater<int>()) ==
        std::is_sorted_until(s.begin(), s.end(), std::greater<int>()));

  // lexicographical_compare: equal, prefix, differing element
  CHECK(pstl::lexicographical_compare(exec, v.begin(), v.end(), s.begin(), s.end()) ==
        std::lexicographical_compare(v.begin(), v.end(), s.begin(), s.end()));
  CHECK(pstl::lexicographical_compare(exec, s.begin(), s.end(), v.begin(), v.end()) ==
        std::lexicographical_compare(s.begin(), s.end(), v.begin(), v.end()));
  CHECK(!pstl::lexicographical_compare(exec, v.begin(), v.end(), v.begin(), v.end()));
  if (n > 0)
    CHECK(pstl::lexicographical_compare(exec, v.begin(), v.end() - 1, v.begin(), v.end()));

  // min/max/minmax_element (with ties)
  CHECK(pstl::min_element(exec, v.begin(), v.end()) == std::min_element(v.begin(), v.end()));
  CHECK(pstl::max_element(exec, p, p + n) == std::max_element(p, p + n));
  auto by_mod = [](int a, int b) { return a % 10 < b % 10; };
  CHECK(pstl::max_element(exec, v.begin(), v.end(), by_mod) ==
        std::max_element(v.begin(), v.end(), by_mod));
  CHECK(pstl::minmax_element(exec, v.begin(), v.end()) == std::minmax_element(v.begin(), v.end()));
  CHECK(pstl::minmax_element(exec, v.begin(), v.end(), by_mod) ==
        std::minmax_element(v.begin(), v.end(), by_mod));
  return 0;
}

int main() {
  const std::size_t sizes[] = {0, 1, 63, 64, 1000, 5003};
  for (std::size_t n : sizes)
    if (run(pstl::seq, n) || run(pstl::par, n) || run(pstl::par_vec, n))
      return 1;
  { // hcc's forms without a policy
    const std::size_t n = 500;
    std::vector<int> v(n, 3);
    v[400] = 4;
    CHECK(pstl::count(v.begin(), v.end(), 3) == 499);
    CHECK(pstl::count_if(v.begin(), v.end(), [](int x) { return x > 3; }) == 1);
    CHECK(pstl::any_of(v.begin(), v.end(), [](int x) { return x == 4; }));
    CHECK(!pstl::all_of(v.begin(), v.end(), [](int x) { return x == 3; }));
    CHECK(pstl::none_of(v.begin(), v.end(), [](int x) { return x == 5; }));
  }
  std::puts("ok");
  return 0;
}
