// A kernel that uses a reference to an hc::array destroyed before the
// launch: on a GPU its slot holds an object with an unmapped data pointer
// (hc::abi::array_object_unmapped_data, docs/runtime.md "Arrays captured
// by reference"), so the kernel faults at its first element access and
// wait() throws, instead of the kernel writing through a stale pointer.
// (On the CPU backend the kernel would follow the reference into freed host
// memory, which is undefined behaviour; and the CUDA context is unusable
// afterwards: the driver makes the error sticky.)

// REQUIRES: cuda-backend
// RUN: %hcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: runtime_exception: {{.*}}CUDA_ERROR_ILLEGAL_ADDRESS

#include <hc.hpp>

#include <cstdio>

int main() {
  auto *gone = new hc::array<int, 1>(64);
  hc::array<int, 1> &dangling = *gone;
  delete gone;
  try {
    hc::parallel_for_each(hc::extent<1>(64), [&dangling](
                                                 hc::index<1> i) [[hc]] {
      dangling[i] = i[0];
    }).wait();
    std::printf("no exception\n");
    return 1;
  } catch (const hc::runtime_exception &e) {
    std::printf("runtime_exception: %s\n", e.what());
  }
  return 0;
}
