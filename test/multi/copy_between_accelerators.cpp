// RUN: %hcc %s -o %t && %t | FileCheck %s
// Data moves between the memories of different accelerators: hc::copy
// between arrays on two accelerators, and an array_view written by a
// kernel on one accelerator then read and written by a kernel on another.
// With two GPUs of one backend these are peer copies (docs/cuda-backend.md);
// with one GPU, the GPU and the CPU; with none, two views of the CPU (the
// copies are then plain memory copies, still checked).
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  // Two distinct accelerators if there are, GPUs first.
  std::vector<hc::accelerator> all = hc::accelerator::get_all();
  std::vector<hc::accelerator> gpus;
  for (auto &a : all)
    if (!a.get_is_emulated())
      gpus.push_back(a);
  hc::accelerator_view first = all[0].get_default_view();
  hc::accelerator_view second =
      gpus.size() >= 2 ? gpus[1].get_default_view()
      : all.size() >= 2 ? all[1].get_default_view()
                        : all[0].create_view();
  std::printf("pair of %s\n", gpus.size() >= 2 ? "gpus" : "any");
  // CHECK: pair of

  const int n = 1 << 20;
  std::vector<int> init(n);
  for (int i = 0; i < n; ++i)
    init[i] = i;

  // array -> array on another accelerator, both directions.
  hc::array<int, 1> a(n, init.begin(), first);
  hc::array<int, 1> b(n, second);
  hc::parallel_for_each(first, a.get_extent(), [&a](hc::index<1> i) [[hc]] {
    a[i] = 2 * a[i];
  });
  hc::copy(a, b);
  hc::parallel_for_each(second, b.get_extent(), [&b](hc::index<1> i) [[hc]] {
    b[i] = b[i] + 1;
  });
  hc::copy(b, a);
  std::vector<int> out = a;
  for (int i = 0; i < n; i += 997)
    CHECK(out[i] == 2 * i + 1);
  CHECK(out[n - 1] == 2 * (n - 1) + 1);

  // A view's data valid only on one accelerator, used by the other.
  std::vector<int> host(init);
  {
    hc::array_view<int, 1> v(n, host);
    hc::parallel_for_each(first, v.get_extent(), [=](hc::index<1> i) [[hc]] {
      v[i] = v[i] * 3;
    });
    hc::parallel_for_each(second, v.get_extent(), [=](hc::index<1> i) [[hc]] {
      v[i] = v[i] - 5;
    });
    v.synchronize();
  }
  for (int i = 0; i < n; i += 997)
    CHECK(host[i] == 3 * i - 5);
  std::printf("ok\n");
  // CHECK: ok
  return 0;
}
