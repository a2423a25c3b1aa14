// RUN: %hcc %s -o %t && %t
// hcc's parallel STL, one-kernel algorithms (<experimental/algorithm>):
// for_each(_n), transform (unary, binary, in place), fill(_n), copy(_n),
// generate(_n), replace(_if, _copy, _copy_if), adjacent_difference, under
// seq, par and par_vec, on std::vector iterators, raw pointers and (host
// fallback) std::list, compared with the std algorithm on the same data.
// Sizes: empty, 1, just under and at the host threshold, and sizes that are
// not multiples of the tile.
#include <experimental/algorithm>
#include <cstdio>
#include <list>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (n=%zu): %s\n", __FILE__, __LINE__, n, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

static std::vector<int> iota_data(std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<int>((i * 7919) % 1000) - 500;
  return v;
}

template <class Policy> int run(const Policy &exec, std::size_t n) {
  const std::vector<int> src = iota_data(n);

  { // for_each on vector iterators and for_each_n on raw pointers
    std::vector<int> a = src, e = src;
    pstl::for_each(exec, a.begin(), a.end(), [](int &x) { x = 3 * x + 1; });
    std::for_each(e.begin(), e.end(), [](int &x) { x = 3 * x + 1; });
    CHECK(a == e);
    int *r = pstl::for_each_n(exec, a.data(), n, [](int &x) { x -= 2; });
    CHECK(r == a.data() + n);
    for (int &x : e) x -= 2;
    CHECK(a == e);
  }
  { // transform: unary to another type, binary, and in place
    std::vector<double> d(n, -1.0), de(n, -1.0);
    auto end = pstl::transform(exec, src.begin(), src.end(), d.begin(),
                               [](int x) { return x * 0.5; });
    std::transform(src.begin(), src.end(), de.begin(), [](int x) { return x * 0.5; });
    CHECK(end == d.end() && d == de);
    std::vector<int> b(n), be(n);
    int *pe = pstl::transform(exec, src.data(), src.data() + n, src.data(), b.data(),
                              [](int x, int y) { return x * y - 1; });
    std::transform(src.begin(), src.end(), src.begin(), be.begin(),
                   [](int x, int y) { return x * y - 1; });
    CHECK(pe == b.data() + n && b == be);
    std::vector<int> inplace = src;
    pstl::transform(exec, inplace.begin(), inplace.end(), inplace.begin(),
                    [](int x) { return -x; });
    for (std::size_t i = 0; i < n; ++i) CHECK(inplace[i] == -src[i]);
    pstl::transform(exec, inplace.begin(), inplace.end(), src.begin(), inplace.begin(),
                    [](int x, int y) { return x + y; });
    for (std::size_t i = 0; i < n; ++i) CHECK(inplace[i] == 0);
  }
  { // fill, fill_n, generate, generate_n
    std::vector<int> a(n, 5);
    pstl::fill(exec, a.begin(), a.end(), 42);
    CHECK(std::count(a.begin(), a.end(), 42) == static_cast<long>(n));
    auto it = pstl::fill_n(exec, a.begin(), n / 2, 7);
    CHECK(it == a.begin() + n / 2);
    for (std::size_t i = 0; i < n; ++i) CHECK(a[i] == (i < n / 2 ? 7 : 42));
    CHECK(pstl::fill_n(exec, a.begin(), -3, 1) == a.begin()); // negative count
    int k = 11;
    pstl::generate(exec, a.data(), a.data() + n, [k] { return k * 2; });
    CHECK(std::count(a.begin(), a.end(), 22) == static_cast<long>(n));
    CHECK(pstl::generate_n(exec, a.begin(), n, [] { return -1; }) == a.end());
    CHECK(std::count(a.begin(), a.end(), -1) == static_cast<long>(n));
  }
  { // copy, copy_n
    std::vector<int> a(n, 0);
    CHECK(pstl::copy(exec, src.begin(), src.end(), a.begin()) == a.end());
    CHECK(a == src);
    std::vector<int> b(n, 9);
    CHECK(pstl::copy_n(exec, src.data(), n / 3, b.data()) == b.data() + n / 3);
    for (std::size_t i = 0; i < n; ++i) CHECK(b[i] == (i < n / 3 ? src[i] : 9));
  }
  { // replace family
    std::vector<int> a = src, e = src;
    pstl::replace(exec, a.begin(), a.end(), src.empty() ? 0 : src[0], 12345);
    std::replace(e.begin(), e.end(), src.empty() ? 0 : src[0], 12345);
    CHECK(a == e);
    pstl::replace_if(exec, a.begin(), a.end(), [](int x) { return x < 0; }, 0);
    std::replace_if(e.begin(), e.end(), [](int x) { return x < 0; }, 0);
    CHECK(a == e);
    std::vector<int> c(n), ce(n);
    pstl::replace_copy(exec, src.begin(), src.end(), c.begin(), 7, -7);
    std::replace_copy(src.begin(), src.end(), ce.begin(), 7, -7);
    CHECK(c == ce);
    pstl::replace_copy_if(exec, src.begin(), src.end(), c.begin(),
                          [](int x) { return x % 2 == 0; }, 1);
    std::replace_copy_if(src.begin(), src.end(), ce.begin(),
                         [](int x) { return x % 2 == 0; }, 1);
    CHECK(c == ce);
  }
  { // adjacent_difference: default, custom, in place
    std::vector<int> a(n), e(n);
    CHECK(pstl::adjacent_difference(exec, src.begin(), src.end(), a.begin()) == a.end());
    std::adjacent_difference(src.begin(), src.end(), e.begin());
    CHECK(a == e);
    auto op = [](int x, int y) { return 2 * x + y; };
    pstl::adjacent_difference(exec, src.begin(), src.end(), a.begin(), op);
    std::adjacent_difference(src.begin(), src.end(), e.begin(), op);
    CHECK(a == e);
    std::vector<int> ip = src;
    pstl::adjacent_difference(exec, ip.begin(), ip.end(), ip.begin());
    std::adjacent_difference(src.begin(), src.end(), e.begin());
    CHECK(ip == e);
  }
  { // iterators that are not contiguous: the std algorithm on the host
    std::list<int> l(src.begin(), src.end());
    pstl::for_each(exec, l.begin(), l.end(), [](int &x) { x += 1; });
    std::vector<int> out(n);
    pstl::transform(exec, l.begin(), l.end(), out.begin(), [](int x) { return x - 1; });
    CHECK(out == src);
    pstl::fill(exec, l.begin(), l.end(), 3);
    CHECK(std::count(l.begin(), l.end(), 3) == static_cast<long>(n));
  }
  return 0;
}

int main() {
  const std::size_t sizes[] = {0, 1, 63, 64, 257, 1000, 4097};
  for (std::size_t n : sizes) {
    if (run(pstl::seq, n) || run(pstl::par, n) || run(pstl::par_vec, n))
      return 1;
  }
  std::puts("ok");
  return 0;
}
