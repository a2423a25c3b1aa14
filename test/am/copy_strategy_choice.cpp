// REQUIRES: cuda-backend
// RUN: %hcc %s -o %t
// RUN: env HCC_VERBOSE=1 %t 2>&1 | FileCheck --check-prefix=AUTO %s
// RUN: env HCC_VERBOSE=1 HCC_UNPINNED_COPY_MODE=2 %t 2>&1 | FileCheck --check-prefix=STAGING %s
// RUN: env HCC_VERBOSE=1 HCC_UNPINNED_COPY_MODE=1 %t 2>&1 | FileCheck --check-prefix=PIN %s
// RUN: env HCC_VERBOSE=1 HCC_UNPINNED_COPY_MODE=3 %t 2>&1 | FileCheck --check-prefix=DIRECT %s
// RUN: env HCC_VERBOSE=1 HCC_H2D_PININPLACE_THRESHOLD=4096 HCC_D2H_PININPLACE_THRESHOLD=1024 %t 2>&1 | FileCheck --check-prefix=ORIGINAL %s
// RUN: env HCC_VERBOSE=1 HCC_D2H_STAGING_THRESHOLD=64 %t 2>&1 | FileCheck --check-prefix=D2HDIRECT %s
// RUN: env HCC_UNPINNED_COPY_MODE=5 HCC_D2H_PININPLACE_THRESHOLD=1M %t 2>&1 | FileCheck --check-prefix=BAD %s
// Which strategy the CUDA backend takes for copies from and to pageable
// memory (HCC_VERBOSE names it), by size and HCC_UNPINNED_COPY_MODE (by
// default never pin-in-place: measured slower than staging on an H200,
// docs/host-memory.md; the original hcc's thresholds still turn it on);
// bad settings are reported once and the defaults used. Copies from the
// device below HCC_D2H_STAGING_THRESHOLD (not in the original hcc; default
// 0 = never) go to the driver. Copies from pinned
// memory (am_alloc amHostPinned) take no unpinned strategy at all.
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>
#include <cstring>
#include <vector>

int main() {
  hc::accelerator acc;
  const std::size_t sizes[] = {16 << 10, 1 << 20, 8 << 20};
  for (std::size_t bytes : sizes) {
    std::vector<char> host(bytes, 1), back(bytes, 0);
    void *d = hc::am_alloc(bytes, acc, 0);
    std::fprintf(stderr, "size %zu\n", bytes);
    if (hc::am_copy(d, host.data(), bytes) != AM_SUCCESS ||
        hc::am_copy(back.data(), d, bytes) != AM_SUCCESS || back != host) {
      std::fprintf(stderr, "FAILED at %zu bytes\n", bytes);
      return 1;
    }
    hc::am_free(d);
  }
  // Pinned: no strategy note.
  char *pinned = hc::am_alloc(8 << 20, acc, amHostPinned);
  void *d = hc::am_alloc(8 << 20, acc, 0);
  std::fprintf(stderr, "pinned\n");
  hc::am_copy(d, pinned, 8 << 20);
  hc::am_copy(pinned, d, 8 << 20);
  std::fprintf(stderr, "end\n");
  return 0;
}
// AUTO: size 16384
// AUTO: unpinned copy to the device (16384 bytes): direct
// AUTO: unpinned copy from the device (16384 bytes): staging
// AUTO: size 1048576
// AUTO: unpinned copy to the device (1048576 bytes): staging
// AUTO: unpinned copy from the device (1048576 bytes): staging
// AUTO: size 8388608
// AUTO: unpinned copy to the device (8388608 bytes): staging
// AUTO: unpinned copy from the device (8388608 bytes): staging
// AUTO: pinned
// AUTO-NOT: unpinned copy
// AUTO: end

// STAGING-COUNT-6: ): staging
// STAGING: pinned
// PIN-COUNT-6: ): pin-in-place
// PIN: pinned
// DIRECT-COUNT-6: ): direct
// DIRECT: pinned

// D2HDIRECT: unpinned copy to the device (16384 bytes): direct
// D2HDIRECT: unpinned copy from the device (16384 bytes): direct
// D2HDIRECT: unpinned copy from the device (1048576 bytes): staging

// BAD: hcc: warning: HCC_UNPINNED_COPY_MODE='5' is not 0
// BAD-NOT: HCC_UNPINNED_COPY_MODE=
// ORIGINAL: size 16384
// ORIGINAL: unpinned copy to the device (16384 bytes): direct
// ORIGINAL: unpinned copy from the device (16384 bytes): staging
// ORIGINAL: size 1048576
// ORIGINAL: unpinned copy to the device (1048576 bytes): staging
// ORIGINAL: unpinned copy from the device (1048576 bytes): pin-in-place
// ORIGINAL: size 8388608
// ORIGINAL: unpinned copy to the device (8388608 bytes): pin-in-place
// ORIGINAL: unpinned copy from the device (8388608 bytes): pin-in-place
// ORIGINAL: pinned

// BAD: hcc: warning: HCC_D2H_PININPLACE_THRESHOLD='1M' is not a size in KB or off; using off
// BAD-NOT: warning
// BAD: end
