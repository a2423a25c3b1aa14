// Out of memory, operator new: never a silent nullptr. The work-item ends
// and the host sees an hc::runtime_exception saying the device heap is
// exhausted; nothrow new returns nullptr; the next kernel runs normally
// (docs/device-heap.md). On the CPU backend the process heap throws
// std::bad_alloc, which the runtime reports the same way.
// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: nothrow: 0 non-null
// CHECK: caught: {{.*}}device heap exhausted
// CHECK: after: 64
#include <hc.hpp>
#include <cstdio>
#include <new>

int main() {
  hc::array_view<int, 1> count(1);
  count[0] = 0;
  std::size_t huge = std::size_t(1) << 50;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    char *p = new (std::nothrow) char[huge + i[0]];
    if (p)
      hc::atomic_fetch_add(&count[0], 1);
  });
  std::printf("nothrow: %d non-null\n", count[0]);
  try {
    hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
      char *p = new char[huge + i[0]];
      p[0] = 1; // not reached
      hc::atomic_fetch_add(&count[0], 1);
    }).wait();
    std::printf("no exception, %d work-items went on\n", count[0]);
    return 1;
  } catch (const hc::runtime_exception &e) {
    std::printf("caught: %s\n", e.what());
  }
  count[0] = 0;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    int *p = new int(1);
    hc::atomic_fetch_add(&count[0], *p);
    delete p;
  }).wait();
  std::printf("after: %d\n", count[0]);
  return 0;
}
