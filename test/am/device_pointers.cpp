// RUN: %hcc %s -o %t && %t
// Raw pointers from am_alloc used by kernels: device memory (flags 0)
// filled and read back with am_copy, pinned host memory written by a kernel
// and read by the host without a copy (zero-copy), device memory of one
// block read through a pointer into its middle, and am_map_to_peers.
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator acc;
  hc::accelerator_view av = acc.get_default_view();
  const int n = 100000;

  std::vector<int> in(n), out(n, -1);
  for (int i = 0; i < n; ++i)
    in[i] = i * 3 + 1;
  int *a = hc::am_alloc(n * sizeof(int), acc, 0);
  int *b = hc::am_alloc(n * sizeof(int), acc, 0);
  CHECK(a && b);
  CHECK(hc::am_copy(a, in.data(), n * sizeof(int)) == AM_SUCCESS);

  // Device memory through captured raw pointers (one offset into a block).
  int *a_mid = a + n / 2;
  hc::parallel_for_each(av, hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    int k = i[0];
    int v = k < n / 2 ? a[k] : a_mid[k - n / 2];
    b[k] = v * 2;
  });
  av.wait();
  CHECK(hc::am_copy(out.data(), b, n * sizeof(int)) == AM_SUCCESS);
  for (int i = 0; i < n; ++i)
    CHECK(out[i] == in[i] * 2);

  // Device-to-device am_copy.
  CHECK(hc::am_copy(a, b, n * sizeof(int)) == AM_SUCCESS);
  CHECK(hc::am_copy(out.data(), a, n * sizeof(int)) == AM_SUCCESS);
  CHECK(out[n - 1] == in[n - 1] * 2);

  // Pinned host memory: the kernel writes it, the host reads it in place.
  int *h = hc::am_alloc(n * sizeof(int), acc, amHostPinned);
  CHECK(h != nullptr);
  for (int i = 0; i < n; ++i)
    h[i] = i;
  hc::parallel_for_each(av, hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    h[i[0]] = h[i[0]] + b[i[0]];
  });
  av.wait();
  for (int i = 0; i < n; ++i)
    CHECK(h[i] == i + in[i] * 2);

  // Copies from and to pinned memory.
  CHECK(hc::am_copy(a, h, n * sizeof(int)) == AM_SUCCESS);
  CHECK(hc::am_copy(out.data(), a, n * sizeof(int)) == AM_SUCCESS);
  CHECK(out[7] == 7 + in[7] * 2);

  // Peers: every accelerator of the same kind (and the CPU, for host
  // memory) can be mapped; a null pointer or no peers cannot.
  std::vector<hc::accelerator> same;
  for (hc::accelerator &x : hc::accelerator::get_all())
    if (x == acc)
      same.push_back(x);
  CHECK(hc::am_map_to_peers(a, same.size(), same.data()) == AM_SUCCESS);
  hc::accelerator cpu(L"cpu");
  CHECK(hc::am_map_to_peers(h, 1, &cpu) == AM_SUCCESS);
  CHECK(hc::am_map_to_peers(nullptr, 1, &cpu) == AM_ERROR_MISC);
  CHECK(hc::am_map_to_peers(a, 0, &cpu) == AM_ERROR_MISC);
  if (acc != cpu) // the host cannot use device memory
    CHECK(hc::am_map_to_peers(a, 1, &cpu) == AM_ERROR_MISC);

  CHECK(hc::am_free(a) == AM_SUCCESS);
  CHECK(hc::am_free(b) == AM_SUCCESS);
  CHECK(hc::am_free(h) == AM_SUCCESS);
  return 0;
}
