// A restrict(amp) lambda that calls a restrict(cpu) function does not
// compile: the error names the cpu function, the caller (the lambda, by
// its enclosing function), and the file:line of the call.

// RUN: not %hcc -std=c++amp --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s

#include <amp.h>
using namespace concurrency;

int host_only(int x) restrict(cpu) { return x * 2; }

int main() {
  int out[4] = {};
  array_view<int, 1> av(4, out);
  parallel_for_each(av.get_extent(), [=](index<1> i) restrict(amp) {
    av[i] = host_only(i[0]);
  });
  // CHECK: diag-cpu-from-amp.cpp:[[@LINE-2]]:13: error: 'host_only' (restrict(cpu)) cannot be called from restrict(amp) code (the lambda in 'main')
  // CHECK: 1 error generated when compiling for host.
  return 0;
}
