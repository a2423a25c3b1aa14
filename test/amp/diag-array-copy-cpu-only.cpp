// C++ AMP 1.2 chapter 5: an array's copy constructor and destructor are
// restrict(cpu); amp code reaches arrays by reference only. A class that
// copies an array into a member from an amp constructor is an error at the
// member's initializer, in C++ AMP mode; local references and pointers to
// arrays stay usable in amp code.

// RUN: not %hcc -std=c++amp -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: %hcc -std=c++amp -fsyntax-only -DVALID_ONLY %s

#include <amp.h>
using namespace concurrency;

#ifndef VALID_ONLY
struct HoldsCopy {
  // CHECK: diag-array-copy-cpu-only.cpp:[[@LINE+1]]:55: error: 'hc::array<int>::array' (restrict(cpu)) cannot be called from restrict(cpu, amp) code ('HoldsCopy::HoldsCopy')
  HoldsCopy(array<int> &a) restrict(amp, cpu) : m(a) {}
  array<int> m;
};
#endif

int read_through_reference(array<int> &a) restrict(amp) {
  array<int> &r = a;
  array<int> *p = &a;
  return r[0] + (*p)[1];
}

int main() {
  array<int> data(4);
  array<int> copy(data); // cpu code copies freely
  return copy.get_extent()[0] == 4 ? 0 : 1;
}
