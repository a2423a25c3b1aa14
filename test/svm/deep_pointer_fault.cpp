// Host memory reached only through a pointer stored two levels deep in host
// data is not made visible (docs/svm.md); the kernel's fault is reported as
// an hc::runtime_exception that names the kernel and says why, not a hang
// or a wrong answer. (The CUDA context is unusable afterwards: the driver
// makes that error sticky.) On the CPU every host pointer works.

// REQUIRES: cuda-backend
// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: runtime_exception: {{.*}}deep_read{{.*}}CUDA_ERROR_ILLEGAL_ADDRESS{{.*}}the kernel accessed memory the GPU cannot reach{{.*}}docs/svm.md

#include <hc.hpp>

#include <cstdio>
#include <sys/mman.h>

struct level2 {
  int value;
};
struct level1 {
  level2 *next;
};
struct level0 {
  level1 *next;
};

struct deep_read {
  level0 *root; // followed; root->next is followed; root->next->next is not
  int *out;
  void operator()(hc::index<1>) const [[hc]] { *out = root->next->next->value; }
};

// Shared anonymous mappings: Linux merges adjacent private anonymous
// mappings into one, and registering level 1's mapping would then make
// level 2 visible too (it did on an H100).
static void *own_mapping(std::size_t bytes) {
  return mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
              MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

// Out of line, so that no frame of main holds the level-2 pointer: the
// runtime follows the first words of what functor words point to (the
// stack around `root`), and a copy of l2 there would make it visible.
__attribute__((noinline)) static level1 *build_chain() {
  auto *l2 = static_cast<level2 *>(own_mapping(1 << 20));
  auto *l1 = static_cast<level1 *>(own_mapping(1 << 20));
  l2->value = 42;
  l1->next = l2;
  return l1;
}

int main() {
  level0 root{build_chain()};
  int *out = static_cast<int *>(own_mapping(1 << 12));
  try {
    hc::parallel_for_each(hc::extent<1>(1), deep_read{&root, out}).wait();
    std::printf("no exception, out = %d\n", *out);
    return 1;
  } catch (const hc::runtime_exception &e) {
    std::printf("runtime_exception: %s\n", e.what());
  }
  return 0;
}
