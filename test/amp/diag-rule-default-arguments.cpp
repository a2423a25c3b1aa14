// A default argument is written with its function and evaluated in each
// caller: its calls were resolved where it is written (namespace scope is
// cpu code), and the caller's restriction judges it at every use (C++ AMP
// 1.2 section 2.3.2.4). Errors in C++ AMP mode; hc mode compiles it.

// RUN: %hcc -std=c++amp %s -o %t && %t
// RUN: not %hcc -std=c++amp -fsyntax-only -DCPU_CALL %s 2>&1 | FileCheck --check-prefix=CPU_CALL %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DGLOBAL %s 2>&1 | FileCheck --check-prefix=GLOBAL %s
// RUN: %hcc -hc -fsyntax-only -DCPU_CALL -DGLOBAL %s

#include "Inputs/amp_or_hc.h"
#include <cstdio>

int pick() restrict(amp) { return 1; }
int pick() restrict(cpu) { return 2; }
int both() restrict(amp, cpu) { return 3; }
int global_y = 4;

// Bound to cpu pick() at namespace scope.
void takes_pick(int *out, int x = pick()) restrict(amp, cpu) { *out = x; }
void takes_both(int *out, int x = both()) restrict(amp, cpu) { *out = x; }
void takes_global(int *out, int x = global_y) restrict(amp, cpu) { *out = x; }

int main() {
  int out[1] = {};
  concurrency::array_view<int, 1> av(1, out);
  concurrency::parallel_for_each(
      av.get_extent(), [=](concurrency::index<1> i) restrict(amp) {
        int v = 0;
        takes_both(&v); // amp-and-cpu default argument: fine
        av[i] = v;
#ifdef CPU_CALL
        // CPU_CALL: diag-rule-default-arguments.cpp:20:35: error: 'pick' (restrict(cpu)) cannot be called from restrict(amp) code
        takes_pick(&v);
#endif
#ifdef GLOBAL
        // GLOBAL: diag-rule-default-arguments.cpp:22:37: error: global and static variables are not supported in restrict(amp) code ('global_y')
        takes_global(&v);
#endif
      });
  av.synchronize();
  int host = 0, host_global = 0;
  takes_pick(&host);
  takes_global(&host_global);
  if (out[0] != 3 || host != 2 || host_global != 4) {
    std::printf("FAILED: %d %d %d\n", out[0], host, host_global);
    return 1;
  }
  return 0;
}
