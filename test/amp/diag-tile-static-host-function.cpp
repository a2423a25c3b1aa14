// C++ AMP 1.2 section 2.4.3.5.1: tile_static variables belong to amp
// functions; one in a cpu function is an error (Visual C++: C3584).

// RUN: not %hcc -std=c++amp -c %s -o /dev/null 2>&1 | FileCheck %s

#include <amp.h>

void host_function(int x) {
  // CHECK: diag-tile-static-host-function.cpp:[[@LINE+1]]:3: error: __shared__ local variables not allowed in __host__ functions
  tile_static int var;
  (void)x;
}

int main() { return 0; }
