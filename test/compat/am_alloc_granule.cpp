// am_alloc takes device memory in 4 KiB blocks, as hcc did (ROCr's
// allocation granule): code written for hcc that copies a few bytes past
// the size it asked for (HcSPARSE's tests allocate `sizeof(float) * n + 1`
// bytes for n + 1 ints) keeps working; the tracker reports the size asked
// for (docs/host-memory.md).

// RUN: %hcc -hc %s -o %t && %t

#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>
#include <vector>

int main() {
  hc::accelerator acc;
  hc::accelerator_view view = acc.get_default_view();
  const int n = 900;
  const std::size_t asked = sizeof(float) * n + 1; // 3601 bytes
  int *rows = static_cast<int *>(hc::am_alloc(asked, acc, 0));
  if (!rows)
    return 1;
  std::vector<int> in(n + 1), out(n + 1, -1);
  for (int i = 0; i <= n; ++i)
    in[i] = 7 * i;
  // 3604 bytes into the 3601-byte block, and back.
  view.copy(in.data(), rows, sizeof(int) * (n + 1));
  view.copy(rows, out.data(), sizeof(int) * (n + 1));
  for (int i = 0; i <= n; ++i)
    if (out[i] != in[i]) {
      std::printf("out[%d] = %d, expected %d\n", i, out[i], in[i]);
      return 1;
    }
  hc::AmPointerInfo info(nullptr, nullptr, nullptr, 0, acc, false, false);
  if (hc::am_memtracker_getinfo(&info, rows) != AM_SUCCESS ||
      info._sizeBytes != asked) {
    std::printf("tracked size %zu, expected %zu\n", info._sizeBytes, asked);
    return 1;
  }
  hc::am_free(rows);
  std::printf("ok\n");
  return 0;
}
