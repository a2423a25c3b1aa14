// A kernel that captures a pointer into memory nobody can read (a PROT_NONE
// mapping) is launched (such words are usually integers that fall into
// reserved ranges, docs/svm.md), faults, and the wait throws an
// hc::runtime_exception that names the kernel and the address. On the CPU
// the kernel is host code and would fault like host code: GPU only.

// REQUIRES: cuda-backend
// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: runtime_exception: {{.*}}fill_kernel{{.*}}CUDA_ERROR_ILLEGAL_ADDRESS{{.*}}the kernel captured 0x{{[0-9a-f]+}}, and it points into a mapping the process cannot read
// CHECK: address named: yes

#include <hc.hpp>

#include <cstdio>
#include <string>
#include <sys/mman.h>

struct fill_kernel {
  int *p;
  void operator()(hc::index<1> i) const [[hc]] { p[i[0]] = 1; }
};

int main() {
  void *m = mmap(nullptr, 1 << 16, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
                 0);
  char expected[32];
  std::snprintf(expected, sizeof expected, "%p", m);
  try {
    hc::parallel_for_each(hc::extent<1>(16), fill_kernel{static_cast<int *>(m)})
        .wait();
    std::printf("no exception\n");
    return 1;
  } catch (const hc::runtime_exception &e) {
    std::string what = e.what();
    std::printf("runtime_exception: %s\n", what.c_str());
    std::printf("address named: %s\n",
                what.find(expected) != std::string::npos ? "yes" : "no");
  }
  return 0;
}
