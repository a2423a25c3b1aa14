// RUN: %hcc -hc %s -o %t && %t
// hc_am.hpp as hcc declared it: its flag values, am_aligned_alloc (the
// pointer is aligned, tracked from there and freed by am_free),
// AmPointerInfo's constructors, am_memtracker_update with an application
// pointer, am_memory_host_lock_with_flag.
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  CHECK(amHostPinned == 0x1 && amHostNonCoherent == 0x1 &&
        amHostCoherent == 0x2 && amHostUnmapped == 0x4 &&
        amDeviceFinegrained == 0x8 && amHostLockCoarseGrained == 0x1);
  hc::accelerator acc;

  for (unsigned flags : {0u, unsigned(amHostPinned), unsigned(amHostCoherent),
                         unsigned(amDeviceFinegrained)}) {
    char *p = hc::am_aligned_alloc(1000, acc, flags, 65536);
    CHECK(p != nullptr);
    CHECK(reinterpret_cast<std::uintptr_t>(p) % 65536 == 0);
    hc::AmPointerInfo info(nullptr, nullptr, nullptr, 0, acc, false, false);
    CHECK(hc::am_memtracker_getinfo(&info, p + 999) == AM_SUCCESS);
    CHECK(info._devicePointer == p && info._sizeBytes == 1000);
    CHECK(info._isAmManaged);
    int tag = 0;
    CHECK(hc::am_memtracker_update(p, 3, 0x10, &tag) == AM_SUCCESS);
    CHECK(hc::am_memtracker_getinfo(&info, p) == AM_SUCCESS);
    CHECK(info._appId == 3 && info._appAllocationFlags == 0x10 &&
          info._appPtr == &tag);
    CHECK(hc::am_free(p) == AM_SUCCESS);
    CHECK(hc::am_memtracker_getinfo(&info, p) == AM_ERROR_MISC);
  }

  // The earlier form of AmPointerInfo still constructs.
  hc::AmPointerInfo older(nullptr, nullptr, 0, acc);
  CHECK(older._unalignedDevicePointer == nullptr && older._appId == -1);

  std::vector<char> user(1 << 16);
  CHECK(hc::am_memory_host_lock_with_flag(acc, user.data(), user.size(), &acc,
                                          1, amHostLockCoarseGrained) ==
        AM_SUCCESS);
  hc::AmPointerInfo locked;
  CHECK(hc::am_memtracker_getinfo(&locked, user.data() + 10) == AM_SUCCESS);
  CHECK(hc::am_memory_host_unlock(acc, user.data()) == AM_SUCCESS);
  return 0;
}
