// 100,000 work-items print one line each (with a string argument, so the
// GPU's records vary in size). Every line arrives whole and exactly once
// before wait() returns, with the default buffer and with one of 64 KiB
// that holds ~1% of the output at a time (the GPU writers then wait for the
// runtime's drain thread instead of losing lines).
//
// RUN: %hcc %s -o %t
// RUN: %t > %t.out
// RUN: grep -cxE 'work-item [0-9]+ of 100000 says (hi|hello there)' %t.out | FileCheck --check-prefix=COUNT %s
// RUN: sort -u %t.out | grep -c work-item | FileCheck --check-prefix=COUNT %s
// RUN: tail -n 1 %t.out | FileCheck --check-prefix=LAST %s
// RUN: env HCC_PRINTF_BUFFER_SIZE=65536 %t > %t.small 2> %t.err
// RUN: grep -cxE 'work-item [0-9]+ of 100000 says (hi|hello there)' %t.small | FileCheck --check-prefix=COUNT %s
// RUN: sort -u %t.small | grep -c work-item | FileCheck --check-prefix=COUNT %s
// RUN: not grep lost %t.err
// COUNT: {{^}}100000{{$}}
// LAST: all printed
#include <hc.hpp>
#include <cstdio>

int main() {
  const int n = 100000;
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    printf("work-item %d of %d says %s\n", i[0], n,
           i[0] % 3 ? "hi" : "hello there");
  }).wait();
  std::printf("all printed\n");
  return 0;
}
