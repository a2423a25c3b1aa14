// REQUIRES: cuda-backend
// HCC_DEVICE_HEAP_CHECK=1 reports misuse of the device heap as an
// hc::runtime_exception when the kernel finishes: a double free (small
// block, page-sized block) and a free of a pointer that is no block's
// start. Without it the same kernels run on and the heap stays usable
// (the misuse is ignored, nothing is corrupted). On the CPU backend the
// process heap's own checks apply instead (docs/device-heap.md).
// RUN: %hcc %s -o %t
// RUN: env HCC_DEVICE_HEAP_CHECK=1 %t check | FileCheck --check-prefix=CHECKED %s
// RUN: %t quiet | FileCheck --check-prefix=QUIET %s
// CHECKED: small: {{.*}}device heap check: double free of 0x
// CHECKED: large: {{.*}}device heap check: double free of 0x
// CHECKED: inside: {{.*}}device heap check: free of 0x{{[0-9a-f]+}}, which is not the start of a block
// CHECKED: foreign: {{.*}}device heap check: free of 0x{{[0-9a-f]+}}, which is not the start of a block
// CHECKED: clean: ok
// QUIET: small: no error
// QUIET: large: no error
// QUIET: inside: no error
// QUIET: foreign: no error
// QUIET: clean: ok
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>

template <typename Kernel> static void attempt(const char *name, Kernel k) {
  try {
    hc::parallel_for_each(hc::extent<1>(32), k).wait();
    std::printf("%s: no error\n", name);
  } catch (const hc::runtime_exception &e) {
    std::printf("%s: %s\n", name, e.what());
  }
}

int main() {
  hc::array_view<int, 1> data(32);
  // One work-item frees twice; no other allocates meanwhile (which could
  // reuse the block, and a free of a reused block cannot be told apart).
  attempt("small", [=](hc::index<1> i) [[hc]] {
    if (i[0] != 3)
      return;
    int *p = static_cast<int *>(malloc(16));
    free(p);
    free(p);
  });
  attempt("large", [=](hc::index<1> i) [[hc]] {
    if (i[0] != 5)
      return;
    char *p = new char[1 << 20];
    delete[] p;
    delete[] p;
  });
  attempt("inside", [=](hc::index<1> i) [[hc]] {
    char *p = static_cast<char *>(malloc(64));
    if (i[0] == 7)
      free(p + 8);
    else
      free(p);
  });
  attempt("foreign", [=](hc::index<1> i) [[hc]] {
    if (i[0] == 9)
      free(&data[i]); // an array_view's memory, not the heap's
  });
  // Errors are reported once: the next kernel is clean.
  try {
    hc::parallel_for_each(hc::extent<1>(32), [=](hc::index<1> i) [[hc]] {
      int *p = new int(i[0]);
      data[i] = *p;
      delete p;
    }).wait();
    std::printf("clean: %s\n", data[31] == 31 ? "ok" : "wrong data");
  } catch (const hc::runtime_exception &e) {
    std::printf("clean: %s\n", e.what());
  }
  return 0;
}
