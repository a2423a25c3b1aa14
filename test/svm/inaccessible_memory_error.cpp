// A kernel that captures a pointer into host memory the GPU cannot be
// given (here a PROT_NONE mapping) fails with an hc::runtime_exception
// naming the address and the kernel; nothing is launched. On the CPU the
// kernel is host code and would fault like host code, so GPU only.

// REQUIRES: cuda-backend
// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: runtime_exception: {{.*}}kernel {{.*}}fill_kernel{{.*}} captures host address 0x{{[0-9a-f]+}} that cannot be made visible
// CHECK: address named: yes
// CHECK: later launches work: yes

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
  int value[16] = {};
  int *v = value;
  hc::parallel_for_each(hc::extent<1>(16), fill_kernel{v}).wait();
  std::printf("later launches work: %s\n", value[15] == 1 ? "yes" : "no");
  munmap(m, 1 << 16);
}
