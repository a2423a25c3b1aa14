// Built with -DHC_CHECK_BOUNDS=1, an element access outside an array or
// array_view reports the index and the extent and stops the program
// (hc/detail/bounds_check.hpp): in a kernel on the CPU backend, through a
// projection, and in host code. In-range accesses run as usual, and
// without the macro nothing is checked.
// RUN: %hcc -DHC_CHECK_BOUNDS=1 %s -o %t
// RUN: %t inside | FileCheck --check-prefix=INSIDE %s
// RUN: not --crash %t view 2>&1 | FileCheck --check-prefix=VIEW %s
// RUN: not --crash %t projection 2>&1 | FileCheck --check-prefix=PROJECTION %s
// RUN: not --crash %t array 2>&1 | FileCheck --check-prefix=ARRAY %s
// RUN: not --crash %t host 2>&1 | FileCheck --check-prefix=HOST %s
// RUN: %hcc %s -o %t-unchecked && %t-unchecked inside | FileCheck --check-prefix=INSIDE %s
// INSIDE: sum 32640
// VIEW: hcc: error: array_view index (3, 300) is outside its extent (4, 256)
// PROJECTION: hcc: error: array_view index (-1) is outside its extent (4)
// ARRAY: hcc: error: array index (256) is outside its extent (256)
// HOST: hcc: error: array_view index (4, 0, 0) is outside its extent (4, 8, 8)
#include <hc.hpp>
#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  hc::accelerator_view cpu = hc::accelerator(L"cpu").get_default_view();
  const char *mode = argc > 1 ? argv[1] : "";
  std::vector<int> data(4 * 256, 1);
  hc::array_view<int, 2> v(4, 256, data);
  if (!std::strcmp(mode, "inside")) {
    hc::array<int, 1> a(256, cpu);
    hc::parallel_for_each(cpu, a.get_extent(), [&](hc::index<1> i) [[hc]] {
      a[i] = i[0] + v(3, i[0]) - 1;
    }).wait();
    std::vector<int> back = a;
    int sum = 0;
    for (int x : back)
      sum += x;
    std::printf("sum %d\n", sum);
  } else if (!std::strcmp(mode, "view")) {
    hc::parallel_for_each(cpu, hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
      v(3, 300) = 0;
    }).wait();
  } else if (!std::strcmp(mode, "projection")) {
    hc::parallel_for_each(cpu, hc::extent<1>(1), [=](hc::index<1> i) [[hc]] {
      v[i[0] - 1][0] = 0;
    }).wait();
  } else if (!std::strcmp(mode, "array")) {
    hc::array<int, 1> a(256, cpu);
    hc::parallel_for_each(cpu, hc::extent<1>(1), [&](hc::index<1>) [[hc]] {
      a[256] = 0;
    }).wait();
  } else if (!std::strcmp(mode, "host")) {
    std::vector<float> cube(4 * 8 * 8);
    hc::array_view<float, 3> c(4, 8, 8, cube);
    c(4, 0, 0) = 1.0f;
  }
  return 0;
}
