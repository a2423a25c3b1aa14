// RUN: %hcc %s -o %t && %t
// Kernels on the CPU accelerator reach their data every way a kernel can
// (docs/runtime.md, "CPU backend"): views copied into the kernel of ranks
// 1 to 3 with odd extents (the work-item loop runs along rows and carries
// into the slower dimensions), sections and projections of them, an array
// and a view reached by reference, and a view reached through a function
// called by pointer (code the compiler does not see as kernel code).
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static void store_through(const hc::array_view<int, 1> *v, int i, int value)
    [[hc]] {
  (*v)[i] = value;
}

int main() {
  hc::accelerator_view cpu = hc::accelerator(L"cpu").get_default_view();

  // Rank 3, odd extents: every work-item sees its own index.
  const int d0 = 7, d1 = 13, d2 = 5;
  std::vector<int> a(d0 * d1 * d2, -1);
  hc::array_view<int, 3> va(d0, d1, d2, a);
  hc::parallel_for_each(cpu, va.get_extent(), [=](hc::index<3> i) [[hc]] {
    va[i] = (i[0] * d1 + i[1]) * d2 + i[2];
  }).wait();
  va.synchronize();
  for (int k = 0; k < d0 * d1 * d2; ++k)
    CHECK(a[k] == k);

  // Rank 2 over a section (an offset into the data) and a projection.
  const int rows = 9, cols = 11;
  std::vector<float> in(rows * cols), out(rows * cols, 0.f);
  for (int k = 0; k < rows * cols; ++k)
    in[k] = static_cast<float>(k);
  hc::array_view<const float, 2> vin(rows, cols, in);
  hc::array_view<float, 2> vout(rows, cols, out);
  hc::array_view<float, 2> inner = vout.section(hc::index<2>(1, 2),
                                                hc::extent<2>(rows - 2, cols - 3));
  hc::parallel_for_each(cpu, inner.get_extent(), [=](hc::index<2> i) [[hc]] {
    hc::array_view<const float, 1> row = vin[i[0] + 1];
    inner[i] = row[i[1] + 2] * 2.f;
  }).wait();
  vout.synchronize();
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      bool inside = y >= 1 && y < rows - 1 && x >= 2 && x < cols - 1;
      CHECK(out[y * cols + x] == (inside ? in[y * cols + x] * 2.f : 0.f));
    }

  // An array and a view reached by reference.
  const int n = 1000;
  hc::array<int, 1> arr(n, cpu);
  std::vector<int> host(n, 0);
  hc::array_view<int, 1> vhost(n, host);
  hc::parallel_for_each(cpu, hc::extent<1>(n), [&](hc::index<1> i) [[hc]] {
    arr[i] = i[0] * 3;
    vhost[i] = i[0] + 7;
  }).wait();
  std::vector<int> back = arr;
  vhost.synchronize();
  for (int k = 0; k < n; ++k) {
    CHECK(back[k] == k * 3);
    CHECK(host[k] == k + 7);
  }

  // A view written by a function called through a pointer.
  std::vector<int> c(n, 0);
  hc::array_view<int, 1> vc(n, c);
  hc::parallel_for_each(cpu, hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    void (*const store[2])(const hc::array_view<int, 1> *, int, int) = {
        store_through, store_through};
    store[i[0] & 1](&vc, i[0], n - i[0]);
  }).wait();
  vc.synchronize();
  for (int k = 0; k < n; ++k)
    CHECK(c[k] == n - k);

  std::printf("ok\n");
  return 0;
}
