// RUN: %hcc %s -o %t && %t
// The single-pass scan's decoupled look-back (include/hc/detail/pstl/
// scan.hpp) under stress: many partitions (on a GPU 2^22 + 1237 elements:
// 513 partitions of 8192 4-byte values read straight from the input
// (copied with cp.async on NVIDIA GPUs), 513 of 8192 for the transformed
// 4-byte scans (loaded through registers), 2049 of 2048 8-byte ones, 4097
// of 1024 16-byte ones; an eighth of that on the CPU backend, to keep CI
// quick) with an odd tail; non-commutative operations only where it
// matters: 2x2 and 4x4 integer matrix products (16 and 64 bytes), interval
// concatenation (8 bytes; detects any swapped, lost or doubled operand)
// and 16-bit affine maps (4 bytes); so both descriptor kinds (packed 64-bit
// words up to 4 bytes, status words plus value arrays above), both thread
// total scans (ping-pong up to 16 bytes, single buffer above); exclusive
// scans with an init, in place, repeated calls (the partition counter and
// the descriptors start afresh every time, and 24 scans in a row on a
// GPU), sizes at partition and window boundaries.
#include <experimental/numeric>
#include <cstdio>
#include <cstdint>
#include <numeric>
#include <vector>

namespace pstl = std::experimental::parallel;

static int failures = 0;
#define CHECK(c, what)                                                         \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::fprintf(stderr, "FAILED %s:%d: %s (%s)\n", __FILE__, __LINE__, #c,  \
                   what);                                                      \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

// 2x2 matrices of 32-bit integers (wrapping): 16 bytes, associative,
// not commutative.
struct mat2 {
  unsigned a = 1, b = 0, c = 0, d = 1;
  bool operator==(const mat2 &o) const {
    return a == o.a && b == o.b && c == o.c && d == o.d;
  }
};
struct mat_mul {
  mat2 operator()(const mat2 &x, const mat2 &y) const {
    return {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d,
            x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
  }
};

// An interval [first, last] of element indices; concatenation requires the
// right operand to start where the left ends. Any reordering, loss or
// repetition yields `broken` (sticky). 8 bytes, associative, not
// commutative.
struct interval {
  int first = 0, last = -1; // last == -2: broken
  bool operator==(const interval &o) const {
    return first == o.first && last == o.last;
  }
};
struct concat {
  interval operator()(const interval &x, const interval &y) const {
    if (x.last == -2 || y.last == -2 || x.last + 1 != y.first)
      return {0, -2};
    return {x.first, y.last};
  }
};

// Affine maps of 16-bit halves packed in 4 bytes: x -> a * x + b (mod
// 2^16); composition is associative and not commutative (packed
// descriptors).
struct affine16 {
  unsigned short a = 1, b = 0;
  bool operator==(const affine16 &o) const { return a == o.a && b == o.b; }
};
struct compose16 {
  affine16 operator()(const affine16 &f, const affine16 &g) const {
    return {static_cast<unsigned short>(f.a * g.a),
            static_cast<unsigned short>(f.b * g.a + g.b)};
  }
};

// 4x4 matrices of 32-bit integers: 64 bytes (one element per thread, one
// buffer of thread totals in group memory), not commutative.
struct mat4 {
  unsigned m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  bool operator==(const mat4 &o) const {
    for (int i = 0; i < 16; ++i)
      if (m[i] != o.m[i])
        return false;
    return true;
  }
};
struct mat4_mul {
  mat4 operator()(const mat4 &x, const mat4 &y) const {
    mat4 r;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        unsigned acc = 0;
        for (int k = 0; k < 4; ++k)
          acc += x.m[i * 4 + k] * y.m[k * 4 + j];
        r.m[i * 4 + j] = acc;
      }
    return r;
  }
};

template <class T, class Op>
std::vector<T> inclusive_ref(const std::vector<T> &v, Op op) {
  std::vector<T> r(v.size());
  T acc = v[0];
  r[0] = acc;
  for (std::size_t i = 1; i < v.size(); ++i)
    r[i] = acc = op(acc, v[i]);
  return r;
}

template <class T, class Op>
std::vector<T> exclusive_ref(const std::vector<T> &v, T init, Op op) {
  std::vector<T> r(v.size());
  T acc = init;
  for (std::size_t i = 0; i < v.size(); ++i) {
    r[i] = acc;
    acc = op(acc, v[i]);
  }
  return r;
}

int main() {
  const bool cpu = hc::accelerator().get_is_emulated();
  const std::size_t n = (std::size_t(1) << (cpu ? 19 : 22)) + 1237;

  // 16-byte values: matrix products, inclusive and exclusive with init.
  {
    std::vector<mat2> m(n);
    for (std::size_t i = 0; i < n; ++i) {
      unsigned h = static_cast<unsigned>(i * 2654435761u);
      m[i] = {1u + (h & 3u), (h >> 2) & 1u, (h >> 3) & 1u, 1u + ((h >> 4) & 1u)};
    }
    const std::vector<mat2> inc = inclusive_ref(m, mat_mul());
    const mat2 seed{2, 1, 1, 1};
    const std::vector<mat2> exc = exclusive_ref(m, seed, mat_mul());
    std::vector<mat2> out(n);
    for (int rep = 0; rep < 2; ++rep) {
      pstl::inclusive_scan(pstl::par, m.begin(), m.end(), out.begin(), mat_mul());
      CHECK(out == inc, "mat2 inclusive");
      pstl::exclusive_scan(pstl::par, m.begin(), m.end(), out.begin(), seed, mat_mul());
      CHECK(out == exc, "mat2 exclusive with init");
    }
  }

  // 8-byte values: interval concatenation, inclusive with init, exclusive,
  // in place.
  {
    std::vector<interval> v(n);
    for (std::size_t i = 0; i < n; ++i)
      v[i] = {static_cast<int>(i) + 1, static_cast<int>(i) + 1};
    std::vector<interval> out(n);
    for (int rep = 0; rep < 2; ++rep) {
      pstl::inclusive_scan(pstl::par, v.begin(), v.end(), out.begin(), concat(),
                           interval{0, 0});
      bool ok = true;
      for (std::size_t i = 0; i < n && ok; ++i)
        ok = out[i] == interval{0, static_cast<int>(i) + 1};
      CHECK(ok, "interval inclusive with init");
      std::vector<interval> io = v;
      pstl::exclusive_scan(pstl::par, io.begin(), io.end(), io.begin(),
                           interval{0, 0}, concat());
      ok = true;
      for (std::size_t i = 0; i < n && ok; ++i)
        ok = io[i] == interval{0, static_cast<int>(i)};
      CHECK(ok, "interval exclusive with init, in place");
    }
  }

  // 4-byte values: packed descriptors, non-commutative; then float sums
  // of small integers (exact) and unsigned transform scans.
  {
    std::vector<affine16> f(n);
    for (std::size_t i = 0; i < n; ++i)
      f[i] = {static_cast<unsigned short>(1 + 2 * (i % 7)),
              static_cast<unsigned short>(i % 13)};
    const std::vector<affine16> inc = inclusive_ref(f, compose16());
    const std::vector<affine16> exc = exclusive_ref(f, affine16{3, 5}, compose16());
    std::vector<affine16> out(n);
    for (int rep = 0; rep < 2; ++rep) {
      pstl::inclusive_scan(pstl::par, f.begin(), f.end(), out.begin(), compose16());
      CHECK(out == inc, "affine16 inclusive");
      pstl::exclusive_scan(pstl::par, f.begin(), f.end(), out.begin(),
                           affine16{3, 5}, compose16());
      CHECK(out == exc, "affine16 exclusive with init");
    }

    std::vector<float> x(n);
    for (std::size_t i = 0; i < n; ++i)
      x[i] = static_cast<float>(i % 3); // sums stay below 2^24: exact
    std::vector<float> y(n);
    for (int rep = 0; rep < 2; ++rep) {
      pstl::inclusive_scan(pstl::par, x.begin(), x.end(), y.begin());
      bool ok = true;
      float acc = 0;
      for (std::size_t i = 0; i < n && ok; ++i)
        ok = y[i] == (acc += x[i]);
      CHECK(ok, "float inclusive");
    }
    std::vector<unsigned> u(n), w(n);
    for (std::size_t i = 0; i < n; ++i)
      u[i] = static_cast<unsigned>(i * 2654435761u);
    pstl::transform_exclusive_scan(
        pstl::par, u.begin(), u.end(), w.begin(),
        [](unsigned a) { return a >> 7; }, 11u, std::plus<unsigned>());
    bool ok = true;
    unsigned acc = 11u;
    for (std::size_t i = 0; i < n && ok; ++i) {
      ok = w[i] == acc;
      acc += u[i] >> 7;
    }
    CHECK(ok, "unsigned transform_exclusive_scan with init");
  }

  // 64-byte values: partitions of 256; 41 of them on the CPU backend
  // (more than one look-back window), 1025 on a GPU.
  {
    const std::size_t m = cpu ? 40 * 256 + 77 : 1024 * 256 + 77;
    std::vector<mat4> a(m);
    for (std::size_t i = 0; i < m; ++i) {
      unsigned h = static_cast<unsigned>(i * 2654435761u);
      for (int k = 0; k < 16; ++k)
        a[i].m[k] = (h >> k) & 3u;
    }
    std::vector<mat4> out(m);
    pstl::inclusive_scan(pstl::par, a.begin(), a.end(), out.begin(), mat4_mul());
    CHECK(out == inclusive_ref(a, mat4_mul()), "mat4 inclusive");
    mat4 seed;
    seed.m[1] = 7;
    pstl::exclusive_scan(pstl::par, a.begin(), a.end(), out.begin(), seed, mat4_mul());
    CHECK(out == exclusive_ref(a, seed, mat4_mul()), "mat4 exclusive with init");
  }

  // Many back-to-back scans of one size (a hang of one tile in one of them
  // shows as the test timing out): 24 on a GPU, 2 on the CPU backend.
  {
    std::vector<float> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i)
      x[i] = static_cast<float>((i * 7) % 5); // sums below 2^24: exact
    std::vector<float> ref(n);
    float acc = 0;
    for (std::size_t i = 0; i < n; ++i)
      ref[i] = acc += x[i];
    bool ok = true;
    for (int rep = 0; rep < (cpu ? 2 : 24) && ok; ++rep) {
      pstl::inclusive_scan(pstl::par, x.begin(), x.end(), y.begin());
      ok = y == ref;
    }
    CHECK(ok, "float inclusive, repeated");
  }

  // Sizes around the partition boundaries of 8192 4-byte values: half a
  // partition (the partial partition's kernel alone), one partition (the
  // full partitions' kernel alone), one and two partitions and an element,
  // and a partition count just over a look-back window.
  for (std::size_t m : {std::size_t(4096), std::size_t(8192), std::size_t(8193),
                        std::size_t(16385), std::size_t(33 * 8192 + 1)}) {
    std::vector<affine16> f(m);
    for (std::size_t i = 0; i < m; ++i)
      f[i] = {static_cast<unsigned short>(3 + 2 * (i % 5)),
              static_cast<unsigned short>(i % 11)};
    std::vector<affine16> out(m);
    pstl::inclusive_scan(pstl::par, f.begin(), f.end(), out.begin(), compose16());
    CHECK(out == inclusive_ref(f, compose16()), "affine16 inclusive, boundary size");
  }

  if (failures)
    return 1;
  std::printf("ok\n");
  return 0;
}
