// REQUIRES: cuda-backend
// A printf whose record is larger than the whole printf buffer (a 70,000
// character format with a 64 KiB buffer) cannot be stored: the kernel goes
// on, the line is counted, and the runtime says on stderr how many lines
// were lost. printf returns -1 there; the lines around it are printed.
//
// RUN: %hcc %s -o %t
// RUN: env HCC_PRINTF_BUFFER_SIZE=65536 %t > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// OUT: before
// OUT-NEXT: returned -1 -1
// OUT-NEXT: after
// The loss is reported as it is found (per drain of the buffer), so the two
// lost lines may come as one warning or as two.
// ERR: hcc: warning: cuda:{{[0-9]+}} {{.*}}: {{[12]}} line(s) of kernel printf output lost: a record larger than the whole printf buffer ({{[0-9]+}} bytes; raise HCC_PRINTF_BUFFER_SIZE)
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define TEN(s) s s s s s s s s s s
#define HUGE TEN(TEN(TEN(TEN("0123456"))))  // 70,000 characters

int main() {
  std::vector<int> r(2, 0);
  hc::array_view<int, 1> rv(2, r);
  hc::parallel_for_each(hc::extent<1>(2), [=](hc::index<1> i) [[hc]] {
    if (i[0] == 0)
      printf("before\n");
    rv[i] = printf(HUGE "\n");
  }).wait();
  rv.synchronize();
  std::printf("returned %d %d\n", r[0], r[1]);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    printf("after\n");
  }).wait();
  return 0;
}
