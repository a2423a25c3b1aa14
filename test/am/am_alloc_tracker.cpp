// RUN: %hcc %s -o %t && %t 2>&1 | FileCheck %s
// RUN: env HIP_HOST_COHERENT=0 %t 2>&1 | FileCheck --check-prefix=NONCOH %s
// hc_am.hpp: am_alloc's flag rules and results, and the pointer tracker
// (getinfo anywhere inside a block, add / update / remove / reset /
// sizeinfo / print), on the default accelerator.
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>
#include <cstring>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator acc;

  // hcc's flag values: amHostNonCoherent is amHostPinned; unknown bits are
  // a runtime_exception.
  CHECK(amHostNonCoherent == amHostPinned);
  void *both = hc::am_alloc(64, acc, amHostCoherent | amHostNonCoherent);
  CHECK(both != nullptr);
  CHECK(hc::am_free(both) == AM_SUCCESS);
  bool threw = false;
  try {
    (void)hc::am_alloc(64, acc, 0x80);
  } catch (const hc::runtime_exception &) {
    threw = true;
  }
  CHECK(threw);
  CHECK((void *)hc::am_alloc(0, acc, 0) == nullptr);

  // Device memory.
  std::size_t dev0, host0, user0;
  hc::am_memtracker_sizeinfo(acc, &dev0, &host0, &user0);
  int *d = hc::am_alloc(1000 * sizeof(int), acc, 0);
  CHECK(d != nullptr);
  hc::AmPointerInfo info(nullptr, nullptr, nullptr, 0, acc);
  CHECK(hc::am_memtracker_getinfo(&info, d + 999) == AM_SUCCESS);
  CHECK(info._devicePointer == d);
  CHECK(info._sizeBytes == 1000 * sizeof(int));
  CHECK(info._isAmManaged);
  CHECK(info._acc == acc);
  CHECK(info._isInDeviceMem == (acc.get_device_path() != L"cpu"));
  CHECK(hc::am_memtracker_getinfo(nullptr, d) == AM_SUCCESS);

  // Pinned host memory: the host can use it.
  char *h = hc::am_alloc(4096, acc, amHostPinned);
  CHECK(h != nullptr);
  std::memset(h, 1, 4096);
  CHECK(hc::am_memtracker_getinfo(&info, h + 17) == AM_SUCCESS);
  CHECK(info._hostPointer == h);
  CHECK(!info._isInDeviceMem);
  CHECK(info._allocSeqNum > 0);

  // User memory.
  static char user[512];
  CHECK(hc::am_memtracker_add(user, sizeof user, acc) == AM_SUCCESS);
  CHECK(hc::am_memtracker_add(user + 8, 8, acc) == AM_ERROR_MISC); // overlap
  CHECK(hc::am_memtracker_update(user + 100, 3, 0x30) == AM_SUCCESS);
  CHECK(hc::am_memtracker_getinfo(&info, user + 511) == AM_SUCCESS);
  CHECK(info._appId == 3 && info._appAllocationFlags == 0x30);
  CHECK(!info._isAmManaged);
  CHECK(hc::am_memtracker_getinfo(&info, user + 512) == AM_ERROR_MISC ||
        info._hostPointer != user);
  CHECK(hc::am_free(user) == AM_ERROR_MISC); // not am_alloc's

  std::size_t dev1, host1, user1;
  hc::am_memtracker_sizeinfo(acc, &dev1, &host1, &user1);
  CHECK(dev1 + host1 - dev0 - host0 == 1000 * sizeof(int) + 4096);
  CHECK(user1 - user0 == sizeof user);

  hc::am_memtracker_print();
  // CHECK: am_memtracker: 3 tracked range(s)
  // CHECK-DAG: 4000 {{ *}}device
  // CHECK-DAG: 4096 {{ *}}{{pinned|host}} coherent
  // CHECK-DAG: 512 {{ *}}user
  // NONCOH: 4096 {{ *}}{{pinned|host}} noncoherent
  hc::am_memtracker_print(h + 100);
  // CHECK: is 100 bytes into:
  std::fflush(stderr);

  CHECK(hc::am_memtracker_remove(user + 5) == AM_SUCCESS);
  CHECK(hc::am_memtracker_getinfo(nullptr, user) == AM_ERROR_MISC);
  CHECK(hc::am_free(d) == AM_SUCCESS);
  CHECK(hc::am_free(d) == AM_ERROR_MISC);
  CHECK(hc::am_memtracker_reset(acc) == 1); // frees h
  CHECK(hc::am_memtracker_getinfo(nullptr, h) == AM_ERROR_MISC);
  std::printf("done\n");
  // CHECK: done
  return 0;
}
