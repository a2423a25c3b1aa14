// new, new[], delete, delete[], aligned new, malloc, calloc, realloc and
// free in kernels: every work-item gets its own block, constructors and
// destructors run, in 1-, 2- and 3-D and tiled kernels (docs/device-heap.md).
// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: 1-D ok
// CHECK: 2-D ok
// CHECK: 3-D ok
// CHECK: tiled ok
// CHECK: c ok
// CHECK: aligned ok
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct tracked {
  int *alive; // counts live objects through an atomic
  int value;
  tracked(int *a, int v) : alive(a), value(v) { hc::atomic_fetch_add(alive, 1); }
  ~tracked() { hc::atomic_fetch_sub(alive, 1); }
};

struct alignas(256) aligned_block {
  int v[4];
};

// Each work-item allocates an object and an array with new, writes its
// id, and checks that nobody overwrote them while every other work-item
// did the same: blocks are distinct. The objects count themselves.
static void body(int id, int *alive, int *peak, int *bad) [[hc]] {
  tracked *t = new tracked(alive, id);
  int *arr = new int[id % 7 + 1];
  for (int k = 0; k <= id % 7; ++k)
    arr[k] = id + k;
  hc::atomic_fetch_max(peak, hc::atomic_fetch_add(alive, 0));
  int sum = 0;
  for (int k = 0; k <= id % 7; ++k)
    sum += arr[k] - id - k;
  if (t->value != id || sum != 0)
    hc::atomic_fetch_add(bad, 1);
  delete[] arr;
  delete t;
}

template <int N> static int linear(hc::index<N> idx, hc::extent<N> ext) [[hc]] {
  int id = 0;
  for (int d = 0; d < N; ++d)
    id = id * ext[d] + idx[d];
  return id;
}

static int report(const char *name, hc::array_view<int, 1> &counters) {
  // counters: bad, alive, peak
  if (counters[0] || counters[1] != 0 || counters[2] < 1) {
    std::printf("%s: %d bad blocks, %d objects alive after the kernel\n", name,
                counters[0], counters[1]);
    return 1;
  }
  std::printf("%s ok\n", name);
  return 0;
}

template <int N> static int run(const char *name, hc::extent<N> ext) {
  hc::array_view<int, 1> c(3);
  c[0] = c[1] = c[2] = 0;
  hc::parallel_for_each(ext, [=](hc::index<N> idx) [[hc]] {
    body(linear<N>(idx, ext), &c[1], &c[2], &c[0]);
  });
  return report(name, c);
}

static int run_tiled(const char *name, hc::tiled_extent<2> domain) {
  hc::array_view<int, 1> c(3);
  c[0] = c[1] = c[2] = 0;
  hc::extent<2> ext = domain;
  hc::parallel_for_each(domain, [=](hc::tiled_index<2> t) [[hc]] {
    body(linear<2>(t.global, ext), &c[1], &c[2], &c[0]);
    t.barrier.wait();
  });
  return report(name, c);
}

// The C allocation functions: calloc zeroes, realloc keeps the contents.
static int run_c() {
  const int n = 4096;
  hc::array_view<int, 1> bad(1);
  bad[0] = 0;
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    int count = i[0] % 64 + 1;
    int *z = static_cast<int *>(calloc(count, sizeof(int)));
    if (!z) {
      hc::atomic_fetch_add(&bad[0], 1);
      return;
    }
    for (int k = 0; k < count; ++k) {
      if (z[k] != 0)
        hc::atomic_fetch_add(&bad[0], 1);
      z[k] = i[0] ^ k;
    }
    // Grow past the size class (and, for some, into whole pages).
    std::size_t grown = (i[0] % 5 == 0) ? 100000 : count * 3 * sizeof(int);
    int *g = static_cast<int *>(realloc(z, grown));
    if (!g) {
      hc::atomic_fetch_add(&bad[0], 1);
      free(z);
      return;
    }
    for (int k = 0; k < count; ++k)
      if (g[k] != (i[0] ^ k))
        hc::atomic_fetch_add(&bad[0], 1);
    void *m = malloc(0); // a unique block, freeable
    free(m);
    free(g);
    free(nullptr);
  });
  std::printf(bad[0] ? "c: %d bad\n" : "c ok\n", bad[0]);
  return bad[0] != 0;
}

static int run_aligned() {
  hc::array_view<int, 1> bad(1);
  bad[0] = 0;
  hc::parallel_for_each(hc::extent<1>(2048), [=](hc::index<1> i) [[hc]] {
    aligned_block *b = new aligned_block;
    void *a = aligned_alloc(1024, 16);
    if (reinterpret_cast<std::uintptr_t>(b) % 256 != 0 || !a ||
        reinterpret_cast<std::uintptr_t>(a) % 1024 != 0)
      hc::atomic_fetch_add(&bad[0], 1);
    b->v[0] = i[0];
    free(a);
    delete b;
  });
  std::printf(bad[0] ? "aligned: %d bad\n" : "aligned ok\n", bad[0]);
  return bad[0] != 0;
}

int main() {
  int failures = 0;
  failures += run<1>("1-D", hc::extent<1>(10000));
  failures += run<2>("2-D", hc::extent<2>(100, 77));
  failures += run<3>("3-D", hc::extent<3>(20, 17, 13));
  failures += run_tiled("tiled", hc::extent<2>(64, 96).tile(16, 16));
  failures += run_c();
  failures += run_aligned();
  return failures;
}
