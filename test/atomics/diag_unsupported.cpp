// Atomics the device cannot perform are compile errors at the user's line,
// naming the kernel (docs/platform-atomics.md): objects wider than 8 bytes,
// objects that are not lock-free (Clang calls the host's libatomic), and on
// sm_60 (no PTX memory model) every memory order but relaxed, which LLVM
// would otherwise abort on. Relaxed atomics compile for sm_60.
//
// Compile-only: checks the compiler's diagnostics.
// UNSUPPORTED: gpu-lit

// RUN: not %hcc -std=c++20 --offload-arch=sm_90 -DWIDE -c %s -o %t.o 2>&1 | FileCheck --check-prefix=WIDE %s
// RUN: not %hcc -std=c++20 --offload-arch=sm_90 -DLOCKED -c %s -o %t.o 2>&1 | FileCheck --check-prefix=LOCKED %s
// RUN: not %hcc -std=c++20 --offload-arch=sm_60 -DORDERS -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ORDERS %s
// RUN: %hcc -std=c++20 --offload-arch=sm_60 -c %s -o %t.o

#include <hc.hpp>

#include <atomic>

struct Pair {
  long long a, b;
};
struct Three {
  int a, b, c;
};

int main() {
  int *out = nullptr;
#ifdef WIDE
  std::atomic<Pair> *pair = nullptr;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    out[i[0]] = int(pair->load().a);
    // WIDE: diag_unsupported.cpp:[[@LINE-1]]:27: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' uses a 16-byte atomic operation, which the device cannot perform; atomics in kernels must be 1, 2, 4 or 8 bytes wide (in 'std::atomic<Pair>::load(std::memory_order) const'); call chain: {{.*}} -> main::'lambda'(hc::index<1>)::operator()(hc::index<1>) const
  });
  // WIDE: 1 error generated when compiling for sm_90.
#endif
#ifdef LOCKED
  std::atomic<Three> *three = nullptr;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    three->store(Three{1, 2, 3});
    // LOCKED: diag_unsupported.cpp:[[@LINE-1]]:12: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' uses an atomic object that is not lock-free ('__atomic_store', the host's lock-based libatomic); atomics in kernels must be 1, 2, 4 or 8 bytes wide and naturally aligned
    out[i[0]] = 1;
  });
  // LOCKED-NOT: no definition for the device
  // LOCKED: 1 error generated when compiling for sm_90.
#endif
#ifdef ORDERS
  std::atomic<int> *counter = nullptr;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    out[i[0]] = counter->fetch_add(1);
    // ORDERS: diag_unsupported.cpp:[[@LINE-1]]:26: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' uses a memory_order_seq_cst atomic operation; memory orders other than relaxed need sm_70 or newer (the PTX memory model), this is sm_60
    counter->store(2, std::memory_order_release);
    // ORDERS: diag_unsupported.cpp:[[@LINE-1]]:14: error: {{.*}} uses a memory_order_release atomic operation
  });
  // ORDERS: 2 errors generated when compiling for sm_60.
#endif
  // Relaxed atomics, hc's atomic_* functions included, are fine on sm_60.
  std::atomic<int> *relaxed = nullptr;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    relaxed->fetch_add(1, std::memory_order_relaxed);
    hc::atomic_fetch_add(out, 1);
  });
  return 0;
}
