// C++ AMP 1.2 section 2.4.3.3 and 2.3.1: a restrict(amp) lambda captures
// by reference only concurrency::array, never 'this', and copies only
// values of amp-compatible types (no pointers); function pointers and
// references are restrict(cpu) and may not say restrict(amp). Errors at the capture's (or
// the specifier's) line in C++ AMP mode; hc mode compiles the same code.

// RUN: not %hcc -std=c++amp -fsyntax-only -ferror-limit=0 %s 2>&1 | FileCheck %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DFPTR %s 2>&1 | FileCheck --check-prefix=FPTR %s
// RUN: %hcc -hc -fsyntax-only %s
// RUN: %hcc -hc -fsyntax-only -DFPTR %s

#include "Inputs/amp_or_hc.h"
using namespace concurrency;

struct HoldsPointer {
  int *p;
};

int twice(int x) restrict(amp) { return 2 * x; }

struct Kernel {
  int factor = 2;
  void run(array<int, 1> &data) {
    parallel_for_each(data.get_extent(), [=, &data](index<1> i) restrict(amp) {
      // CHECK: diag-rule-captures.cpp:[[@LINE+1]]:17: error: a restrict(amp) lambda cannot capture 'this'
      data[i] = factor;
    });
  }
};

int main() {
  array<int, 1> data(4);
  int count = 1;
  int *pointer = &count;
  HoldsPointer holder{&count};
  // CHECK: diag-rule-captures.cpp:[[@LINE+1]]:42: error: a restrict(amp) lambda captures by reference only concurrency::array and graphics::texture; 'count' is captured by reference
  parallel_for_each(data.get_extent(), [&count, &data](index<1> i) restrict(amp) {
    data[i] = count;
  });
  parallel_for_each(data.get_extent(), [=, &data](index<1> i) restrict(amp) {
    // CHECK: diag-rule-captures.cpp:[[@LINE+1]]:16: error: variable 'pointer' of type 'int *' cannot be captured by a restrict(amp) lambda: a pointer cannot be a member
    data[i] = *pointer;
    // CHECK: diag-rule-captures.cpp:[[@LINE+1]]:15: error: variable 'holder' of type 'HoldsPointer' cannot be captured by a restrict(amp) lambda: member 'p' of 'HoldsPointer'
    data[i] = holder.p != nullptr;
  });
  Kernel k;
  k.run(data);
#ifdef FPTR
  // FPTR: diag-rule-captures.cpp:[[@LINE+1]]:{{[0-9]+}}: error: restrict(amp) cannot be applied to function pointers, function references or pointers to member functions
  int (*fp)(int) restrict(amp) = twice;
  return fp == nullptr;
#endif
  return 0;
}
