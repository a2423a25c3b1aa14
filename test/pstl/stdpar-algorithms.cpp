// RUN: %hcc --stdpar %s -o %t && env HCC_PROFILE=1 %t 2>&1 | FileCheck %s
// RUN: %hcc --stdpar -DHCC_STDPAR_PAR=0 -DPAR_ON_HOST %s -o %t.par-on-host && env HCC_PROFILE=1 %t.par-on-host 2>&1 | FileCheck --check-prefix=PAR-HOST %s
// hcc --stdpar: the standard C++17 parallel algorithms with
// std::execution::par_unseq and par on heap data (std::vector, new[],
// malloc) run on the accelerator, through hcc's parallel STL; the results
// match the sequential std algorithms. HCC_PROFILE=1 lists the kernels that
// ran, which shows the work was offloaded (without --stdpar, libstdc++ runs
// these on the calling thread and launches nothing). With
// -DHCC_STDPAR_PAR=0, par stays on the host: the par runs launch nothing
// but for the one par_unseq reduce at the end.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <execution>
#include <functional>
#include <numeric>
#include <vector>

#ifndef __HCC_STDPAR__
#error "hcc --stdpar defines __HCC_STDPAR__"
#endif

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (n=%zu): %s\n", __FILE__, __LINE__, n, #c); std::exit(1); } } while (0)

struct point { float x, y; };

template <class Policy> void run(const Policy &exec, std::size_t n) {
  // std::vector
  std::vector<float> v(n), out(n, -1.0f), exp(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<float>((i * 2654435761u) % 1000) - 500.0f;

  std::vector<float> w = v;
  std::for_each(exec, w.begin(), w.end(), [](float &x) { x = 2 * x + 1; });
  for (std::size_t i = 0; i < n; ++i)
    CHECK(w[i] == 2 * v[i] + 1);
  std::for_each_n(exec, w.begin(), n / 2, [](float &x) { x = -x; });
  for (std::size_t i = 0; i < n; ++i)
    CHECK(w[i] == (i < n / 2 ? -(2 * v[i] + 1) : 2 * v[i] + 1));

  CHECK(std::transform(exec, v.begin(), v.end(), out.begin(),
                       [](float x) { return x * 0.5f; }) == out.end());
  for (std::size_t i = 0; i < n; ++i)
    CHECK(out[i] == v[i] * 0.5f);
  std::transform(exec, v.begin(), v.end(), w.begin(), out.begin(),
                 [](float a, float b) { return a - b; });
  for (std::size_t i = 0; i < n; ++i)
    CHECK(out[i] == v[i] - w[i]);

  // Integer values: sums are exact whatever the order.
  std::vector<long long> iv(n);
  for (std::size_t i = 0; i < n; ++i)
    iv[i] = static_cast<long long>((i * 40503u) % 2001) - 1000;
  const long long sum = std::accumulate(iv.begin(), iv.end(), 0ll);
  CHECK(std::reduce(exec, iv.begin(), iv.end()) == sum);
  CHECK(std::reduce(exec, iv.begin(), iv.end(), 7ll) == sum + 7);
  auto mx = [](long long a, long long b) { return a > b ? a : b; };
  CHECK(std::reduce(exec, iv.begin(), iv.end(), -5000ll, mx) ==
        std::accumulate(iv.begin(), iv.end(), -5000ll, mx));
  // transform_reduce in the standard's orders
  long long sumsq = 0, dot = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sumsq += iv[i] * iv[i];
    dot += iv[i] * iv[n - 1 - i];
  }
  std::vector<long long> rev(iv.rbegin(), iv.rend());
  CHECK(std::transform_reduce(exec, iv.begin(), iv.end(), 3ll, std::plus<>(),
                              [](long long x) { return x * x; }) == sumsq + 3);
  CHECK(std::transform_reduce(exec, iv.begin(), iv.end(), rev.begin(), 1ll) ==
        dot + 1);
  CHECK(std::transform_reduce(exec, iv.begin(), iv.end(), rev.begin(), 0ll,
                              std::plus<>(), std::multiplies<>()) == dot);

  // inclusive_scan (3 forms), exclusive_scan (2 forms)
  std::vector<long long> s(n, -9), e(n);
  std::partial_sum(iv.begin(), iv.end(), e.begin());
  CHECK(std::inclusive_scan(exec, iv.begin(), iv.end(), s.begin()) == s.end());
  CHECK(s == e);
  std::fill(s.begin(), s.end(), -9);
  std::inclusive_scan(exec, iv.begin(), iv.end(), s.begin(), std::plus<>());
  CHECK(s == e);
  std::inclusive_scan(exec, iv.begin(), iv.end(), s.begin(), std::plus<>(), 100ll);
  for (std::size_t i = 0; i < n; ++i)
    CHECK(s[i] == e[i] + 100);
  std::exclusive_scan(exec, iv.begin(), iv.end(), s.begin(), 5ll);
  for (std::size_t i = 0; i < n; ++i)
    CHECK(s[i] == 5 + (i ? e[i - 1] : 0));
  std::exclusive_scan(exec, iv.begin(), iv.end(), s.begin(), 0ll, std::plus<>());
  for (std::size_t i = 0; i < n; ++i)
    CHECK(s[i] == (i ? e[i - 1] : 0));

  // sort: radix (keys), merge (comparator, structs), stable_sort
  std::vector<float> keys = v, sorted = v;
  std::sort(sorted.begin(), sorted.end());
  std::sort(exec, keys.begin(), keys.end());
  CHECK(keys == sorted);
  keys = v;
  std::sort(exec, keys.begin(), keys.end(), std::greater<>());
  std::reverse(sorted.begin(), sorted.end());
  CHECK(keys == sorted);
  std::vector<point> pts(n), pexp;
  for (std::size_t i = 0; i < n; ++i)
    pts[i] = {static_cast<float>(i % 37), static_cast<float>(i)};
  pexp = pts;
  auto by_x = [](const point &a, const point &b) { return a.x < b.x; };
  std::stable_sort(pexp.begin(), pexp.end(), by_x);
  std::stable_sort(exec, pts.begin(), pts.end(), by_x);
  for (std::size_t i = 0; i < n; ++i)
    CHECK(pts[i].x == pexp[i].x && pts[i].y == pexp[i].y);
  std::vector<int> ik(n), iexp;
  for (std::size_t i = 0; i < n; ++i)
    ik[i] = static_cast<int>((i * 2246822519u) % 100003) - 50000;
  iexp = ik;
  std::stable_sort(iexp.begin(), iexp.end());
  std::stable_sort(exec, ik.begin(), ik.end());
  CHECK(ik == iexp);

  // new[] and malloc arrays: raw pointers
  float *a = new float[n];
  float *b = static_cast<float *>(std::malloc((n ? n : 1) * sizeof(float)));
  for (std::size_t i = 0; i < n; ++i)
    a[i] = v[i];
  std::transform(exec, a, a + n, b, [](float x) { return x + 1; });
  for (std::size_t i = 0; i < n; ++i)
    CHECK(b[i] == v[i] + 1);
  std::inclusive_scan(exec, b, b + n, b, [](float x, float y) { return x > y ? x : y; });
  float running = -1e30f;
  for (std::size_t i = 0; i < n; ++i) {
    running = running > v[i] + 1 ? running : v[i] + 1;
    CHECK(b[i] == running);
  }
  std::sort(exec, a, a + n);
  CHECK(std::is_sorted(a, a + n));
  CHECK(std::reduce(exec, a, a + n, -1e30f, [](float x, float y) { return x > y ? x : y; }) ==
        (n ? a[n - 1] : -1e30f));
  delete[] a;
  std::free(b);

  // The stdpar idiom: iterate over indices, reach other vectors through
  // references the functor captured (on GPUs without HMM they become
  // visible through shared virtual memory, docs/svm.md).
  std::vector<int> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::vector<float> y(n, 1.0f);
  const float alpha = 3.0f;
  std::for_each(exec, idx.begin(), idx.end(),
                [&](int i) { y[i] = alpha * v[i] + y[i]; });
  for (std::size_t i = 0; i < n; ++i)
    CHECK(y[i] == alpha * v[i] + 1.0f);
}

int main() {
  for (std::size_t n : {0, 1, 64, 5000}) {
#ifndef PAR_ON_HOST
    run(std::execution::par_unseq, n);
#endif
    run(std::execution::par, n);
  }
  // A prvalue policy picks the same overloads.
  std::vector<int> v(4096, 2);
  if (std::reduce(std::execution::parallel_unsequenced_policy{}, v.begin(), v.end()) != 8192)
    return 1;
  std::puts("stdpar: OK");
  std::fflush(stdout); // before the profile, which is printed at exit
  return 0;
}

// CHECK: stdpar: OK
// The profile's kernel table names the parallel STL's kernels.
// CHECK-DAG: for_each_kernel
// CHECK-DAG: index_map_kernel
// CHECK-DAG: tile_partials
// CHECK-DAG: tiled_scan
// CHECK-DAG: radix_sort
// CHECK-DAG: merge_sort

// The table is sorted by name: only the reduce of the prvalue par_unseq
// policy launched.
// PAR-HOST: stdpar: OK
// PAR-HOST-NOT: for_each_kernel
// PAR-HOST-NOT: index_map_kernel
// PAR-HOST-NOT: merge_sort
// PAR-HOST-NOT: radix_sort
// PAR-HOST: tile_partials_kernel<int
// PAR-HOST-NOT: tile_partials
// PAR-HOST-NOT: tiled_scan
