// RUN: %hcc %s -o %t && %t
// am_map_to_peers and am_copy across accelerators. With two GPUs of one
// backend: device memory of GPU 0, mapped to GPU 1, is read by a kernel on
// GPU 1 through the raw pointer, and am_copy copies GPU 0 -> GPU 1 (a peer
// copy). With fewer GPUs the cross-device part is skipped (said on stdout);
// mapping device memory to the CPU must fail everywhere it is not host
// memory.
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<hc::accelerator> gpus;
  for (hc::accelerator &a : hc::accelerator::get_all())
    if (a.get_device_path() != L"cpu")
      gpus.push_back(a);
  hc::accelerator cpu(L"cpu");
  const int n = 1 << 16;
  std::vector<int> host(n), back(n, 0);
  for (int i = 0; i < n; ++i)
    host[i] = i * 5 - 7;

  for (hc::accelerator &g : gpus) {
    int *d = hc::am_alloc(n * sizeof(int), g, 0);
    CHECK(d != nullptr);
    CHECK(hc::am_map_to_peers(d, 1, &cpu) == AM_ERROR_MISC);
    CHECK(hc::am_free(d) == AM_SUCCESS);
  }
  if (gpus.size() < 2) {
    std::printf("fewer than two GPUs: peer part skipped\n");
    return 0;
  }
  hc::accelerator &g0 = gpus[0], &g1 = gpus[1];
  int *a = hc::am_alloc(n * sizeof(int), g0, 0);
  int *b = hc::am_alloc(n * sizeof(int), g1, 0);
  CHECK(a && b);
  CHECK(hc::am_copy(a, host.data(), n * sizeof(int)) == AM_SUCCESS);
  // GPU 0 -> GPU 1 (peer copy or staged through the host).
  CHECK(hc::am_copy(b, a, n * sizeof(int)) == AM_SUCCESS);
  CHECK(hc::am_copy(back.data(), b, n * sizeof(int)) == AM_SUCCESS);
  CHECK(back == host);

  hc::AmPointerInfo info(nullptr, nullptr, nullptr, 0, g0);
  CHECK(hc::am_memtracker_getinfo(&info, a) == AM_SUCCESS && info._acc == g0);
  if (hc::am_map_to_peers(a, 1, &g1) != AM_SUCCESS) {
    std::printf("%ls cannot access %ls: kernel part skipped\n",
                g1.get_device_path().c_str(), g0.get_device_path().c_str());
    return 0;
  }
  // A kernel on GPU 1 reads GPU 0's memory directly.
  hc::parallel_for_each(g1.get_default_view(), hc::extent<1>(n),
                        [=](hc::index<1> i) [[hc]] { b[i[0]] = a[i[0]] + 1; });
  g1.get_default_view().wait();
  CHECK(hc::am_copy(back.data(), b, n * sizeof(int)) == AM_SUCCESS);
  for (int i = 0; i < n; ++i)
    CHECK(back[i] == host[i] + 1);
  CHECK(hc::am_free(a) == AM_SUCCESS && hc::am_free(b) == AM_SUCCESS);
  std::printf("peer ok\n");
  return 0;
}
