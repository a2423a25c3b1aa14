// REQUIRES: cpu-backend
// RUN: %hcc --offload-arch=none -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-loops=false %s -o %t.fibers
// RUN: %t.fibers | FileCheck %s
//
// Tiles of 1024 work-items (32 x 32) with many barriers, as loops over the
// work-items and as fibers: a tiled matrix product (two barriers per step
// of the inner dimension), a stencil iterated in tile_static memory (two
// barriers per step, 40 steps), and a tree reduction of the tile (one
// barrier per level), on extents with partial tiles. Checked against the
// host.
//
// CHECK: matmul: ok
// CHECK-NEXT: stencil: ok
// CHECK-NEXT: reduction: ok
// CHECK-NEXT: failures: 0
#include <hc.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

static int failures = 0;
static volatile int opaque = 0;

static hc::accelerator_view cpu() {
  return hc::accelerator(L"cpu").get_default_view();
}

template <class T>
static void report(const char *name, const std::vector<T> &got,
                   const std::vector<T> &want) {
  int bad = 0;
  for (size_t k = 0; k < got.size(); ++k)
    if (std::fabs(double(got[k]) - double(want[k])) >
            1e-9 * std::fmax(1.0, std::fabs(double(want[k]))) &&
        bad++ < 5)
      std::printf("%s: at %zu: got %.17g, want %.17g\n", name, k,
                  double(got[k]), double(want[k]));
  std::printf(bad ? "%s: FAILED (%d)\n" : "%s: ok\n", name, bad);
  failures += bad != 0;
}

// C = A x B, A: M x K, B: K x N, tiles of 32 x 32 over C; M, N, K are not
// multiples of 32. A partial tile of h x w work-items steps through the
// inner dimension by min(h, w), so that it reads only the places of sa and
// sb that its own work-items wrote.
static void matmul() {
  const int T = 32, M = 70 + opaque, N = 45 + opaque, K = 100 + opaque;
  std::vector<double> a(M * K), b(K * N), c(M * N, -1), want(M * N, 0);
  for (int i = 0; i < M * K; ++i)
    a[i] = (i % 13) * 0.25 - 1;
  for (int i = 0; i < K * N; ++i)
    b[i] = (i % 7) * 0.5 + 0.125;
  const double *pa = a.data(), *pb = b.data();
  double *pc = c.data();
  hc::parallel_for_each(cpu(), hc::extent<2>(M, N).tile(T, T),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static double sa[T][T], sb[T][T];
    const int row = t.global[0], col = t.global[1];
    const int l0 = t.local[0], l1 = t.local[1];
    const int h = M - t.tile_origin[0] < T ? M - t.tile_origin[0] : T;
    const int w = N - t.tile_origin[1] < T ? N - t.tile_origin[1] : T;
    const int step = h < w ? h : w;
    double sum = 0;
    for (int k0 = 0; k0 < K; k0 += step) {
      const int ka = k0 + l1, kb = k0 + l0;
      sa[l0][l1] = l1 < step && ka < K ? pa[row * K + ka] : 0.0;
      sb[l0][l1] = l0 < step && kb < K ? pb[kb * N + col] : 0.0;
      t.barrier.wait();
      for (int k = 0; k < step; ++k)
        sum += sa[l0][k] * sb[k][l1];
      t.barrier.wait();
    }
    pc[row * N + col] = sum;
  }).wait();
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        want[i * N + j] += a[i * K + k] * b[k * N + j];
  report("matmul", c, want);
}

// 40 steps of a 5-point average in tile_static memory, each tile on its
// own (the borders of the actual tile are fixed).
static void stencil() {
  const int T = 32, R = 80 + opaque, C = 64 + opaque, S = 40 + opaque;
  std::vector<float> in(R * C), out(R * C, -1), want(R * C);
  for (int i = 0; i < R * C; ++i)
    in[i] = float(i % 29);
  const float *pi = in.data();
  float *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<2>(R, C).tile(T, T),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static float grid[T][T];
    const int l0 = t.local[0], l1 = t.local[1];
    const int h = R - t.tile_origin[0] < T ? R - t.tile_origin[0] : T;
    const int w = C - t.tile_origin[1] < T ? C - t.tile_origin[1] : T;
    const bool border = l0 == 0 || l1 == 0 || l0 == h - 1 || l1 == w - 1;
    float v = pi[t.global[0] * C + t.global[1]];
    grid[l0][l1] = v;
    t.barrier.wait();
    for (int s = 0; s < S; ++s) {
      float next = v;
      if (!border)
        next = (grid[l0][l1] + grid[l0 - 1][l1] + grid[l0 + 1][l1] +
                grid[l0][l1 - 1] + grid[l0][l1 + 1]) * 0.2f;
      t.barrier.wait();
      grid[l0][l1] = v = next;
      t.barrier.wait();
    }
    po[t.global[0] * C + t.global[1]] = v;
  }).wait();
  for (int o0 = 0; o0 < R; o0 += T)
    for (int o1 = 0; o1 < C; o1 += T) {
      const int h = R - o0 < T ? R - o0 : T, w = C - o1 < T ? C - o1 : T;
      std::vector<float> g(h * w), n(h * w);
      for (int i = 0; i < h; ++i)
        for (int j = 0; j < w; ++j)
          g[i * w + j] = in[(o0 + i) * C + o1 + j];
      for (int s = 0; s < S; ++s) {
        n = g;
        for (int i = 1; i < h - 1; ++i)
          for (int j = 1; j < w - 1; ++j)
            n[i * w + j] = (g[i * w + j] + g[(i - 1) * w + j] +
                            g[(i + 1) * w + j] + g[i * w + j - 1] +
                            g[i * w + j + 1]) * 0.2f;
        g = n;
      }
      for (int i = 0; i < h; ++i)
        for (int j = 0; j < w; ++j)
          want[(o0 + i) * C + o1 + j] = g[i * w + j];
    }
  report("stencil", out, want);
}

// The sum of each full tile of 1024 by halving: ten levels, a barrier each.
static void reduction() {
  const int T = 32, R = 96, C = 64;
  std::vector<long> in(R * C), sums((R / T) * (C / T), -1),
      want((R / T) * (C / T), 0);
  for (int i = 0; i < R * C; ++i)
    in[i] = (i * 7919) % 1000;
  const long *pi = in.data();
  long *ps = sums.data();
  hc::parallel_for_each(cpu(), hc::extent<2>(R, C).tile(T, T),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static long sm[T * T];
    const int me = t.local[0] * T + t.local[1];
    sm[me] = pi[t.global[0] * C + t.global[1]];
    t.barrier.wait();
    for (int half = T * T / 2; half > 0; half /= 2) {
      if (me < half)
        sm[me] += sm[me + half];
      t.barrier.wait();
    }
    if (me == 0)
      ps[t.tile[0] * (C / T) + t.tile[1]] = sm[0];
  }).wait();
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      want[(i / T) * (C / T) + j / T] += in[i * C + j];
  report("reduction", sums, want);
}

int main() {
  matmul();
  stencil();
  reduction();
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
