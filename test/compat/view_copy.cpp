// RUN: %hcc -hc %s -o %t && %t
// accelerator_view::copy(src, dst, bytes) and copy_async between host
// memory, am_alloc'ed device memory and pinned memory, in every direction;
// the copy comes after the view's earlier commands and later commands come
// after it. copy_ext/copy_async_ext take hcc's extra arguments and copy the
// same way; copy2d_ext copies rows with pitches.
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1 << 16;
  hc::accelerator acc;
  hc::accelerator_view av = acc.get_default_view();
  std::vector<int> host(n), back(n, -1);
  for (int i = 0; i < n; ++i)
    host[i] = i;
  int *device = hc::am_alloc(n * sizeof(int), acc, 0);
  int *device2 = hc::am_alloc(n * sizeof(int), acc, 0);
  int *pinned = hc::am_alloc(n * sizeof(int), acc, amHostPinned);
  CHECK(device && device2 && pinned);

  // host -> device, kernel, device -> device, device -> pinned -> host.
  av.copy(host.data(), device, n * sizeof(int));
  hc::parallel_for_each(av, hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    device[i[0]] *= 2;
  });
  // No wait: the copy is ordered after the kernel on the same view.
  av.copy(device, device2, n * sizeof(int));
  hc::completion_future f = av.copy_async(device2, pinned, n * sizeof(int));
  f.wait();
  CHECK(f.is_ready());
  av.copy(pinned, back.data(), n * sizeof(int));
  for (int i = 0; i < n; ++i)
    CHECK(back[i] == 2 * i);

  // The _ext forms: hcc passed the direction and the tracker's records.
  hc::AmPointerInfo src_info, dst_info;
  CHECK(hc::am_memtracker_getinfo(&dst_info, device) == AM_SUCCESS);
  av.copy_ext(host.data(), device, n * sizeof(int), hc::hcMemcpyHostToDevice,
              src_info, dst_info, &acc, false);
  hc::completion_future g = av.copy_async_ext(
      device, back.data(), n * sizeof(int), hc::hcMemcpyDeviceToHost,
      dst_info, src_info, &acc);
  g.wait();
  for (int i = 0; i < n; ++i)
    CHECK(back[i] == i);

  // copy2d_ext: 8 rows of 12 bytes out of rows 16 bytes apart, into rows
  // 12 bytes apart (packed).
  unsigned char rows[8 * 16], packed[8 * 12];
  for (int i = 0; i < 8 * 16; ++i)
    rows[i] = static_cast<unsigned char>(i);
  CHECK(av.copy2d_ext(rows, packed, 12, 8, 16, 12, hc::hcMemcpyHostToHost,
                      src_info, dst_info, &acc, false));
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 12; ++c)
      CHECK(packed[r * 12 + c] == rows[r * 16 + c]);

  // A kernel after an asynchronous copy on the same view sees its data.
  for (int i = 0; i < n; ++i)
    host[i] = 3 * i;
  av.copy_async(host.data(), device, n * sizeof(int));
  hc::parallel_for_each(av, hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    device2[i[0]] = device[i[0]] + 1;
  });
  av.copy(device2, back.data(), n * sizeof(int));
  for (int i = 0; i < n; ++i)
    CHECK(back[i] == 3 * i + 1);

  CHECK(hc::am_free(device) == AM_SUCCESS);
  CHECK(hc::am_free(device2) == AM_SUCCESS);
  CHECK(hc::am_free(pinned) == AM_SUCCESS);
  return 0;
}
