// C++ AMP 1.2 section 2.3: a call must reach a function whose restriction
// covers the caller's. restrict(amp) code cannot call cpu functions (a
// function without specifiers is restrict(cpu)), cpu code cannot call
// amp-only ones, restrict(amp, cpu) code needs a callee for each side, and
// an implicitly defined special member has the restrictions that all the
// special members it calls share. Errors at the call's line, C++ AMP mode
// only; diag-rule-valid.cpp holds the calls that are allowed.

// RUN: not %hcc -std=c++amp -fsyntax-only -ferror-limit=0 %s 2>&1 | FileCheck %s
// RUN: %hcc -hc -fsyntax-only %s

#include "Inputs/amp_or_hc.h"

int plain(int x) { return x; }
int amp_only(int x) restrict(amp) { return x; }
int amp_only_float(float x) restrict(amp) { return 1; }
int amp_only_float() restrict(cpu) { return 0; }

struct CpuDefault {
  CpuDefault() restrict(cpu) {}
};
struct Derived : CpuDefault {
  int value = 0;
};

int from_amp(int x) restrict(amp) {
  // CHECK: diag-rule-calls.cpp:[[@LINE+1]]:10: error: 'plain' (restrict(cpu)) cannot be called from restrict(amp) code ('from_amp')
  return plain(x);
}

int from_cpu(int x) {
  // CHECK: diag-rule-calls.cpp:[[@LINE+1]]:10: error: 'amp_only' (restrict(amp)) cannot be called from restrict(cpu) code ('from_cpu')
  return amp_only(x);
}

int from_both(float x) restrict(amp, cpu) {
  // No amp_only_float(float) for the cpu side.
  // CHECK: diag-rule-calls.cpp:[[@LINE+1]]:10: error: 'amp_only_float' (restrict(amp)) cannot be called from restrict(cpu, amp) code ('from_both')
  return amp_only_float(x);
}

int implicit_member() restrict(amp) {
  // CHECK: diag-rule-calls.cpp:[[@LINE+1]]:11: error: 'Derived::Derived' (restrict(cpu)) cannot be called from restrict(amp) code ('implicit_member')
  Derived d;
  // CHECK: diag-rule-calls.cpp:[[@LINE-25]]:3: note: implicitly restrict(cpu) because 'CpuDefault::CpuDefault' is restrict(cpu)
  return d.value;
}

struct CpuAssign {
  CpuAssign &operator=(const CpuAssign &) restrict(cpu) { return *this; }
};
struct HoldsCpuAssign { // implicit copy and move assignment: both cpu
  CpuAssign member;
};

void implicit_assignment(HoldsCpuAssign &to,
                         const HoldsCpuAssign &from) restrict(amp) {
  // CHECK: diag-rule-calls.cpp:[[@LINE+1]]:6: error: 'HoldsCpuAssign::operator=' (restrict(cpu)) cannot be called from restrict(amp) code ('implicit_assignment')
  to = from;
}

// A lambda at namespace scope.
auto global_lambda = [](int &x) restrict(amp, cpu) {
  // CHECK: diag-rule-calls.cpp:[[@LINE+1]]:3: error: 'plain' (restrict(cpu)) cannot be called from restrict(cpu, amp) code (a lambda)
  plain(x);
};

int main() {
  int out[1] = {0};
  concurrency::array_view<int, 1> av(1, out);
  concurrency::parallel_for_each(av.get_extent(),
                                 [=](concurrency::index<1> i) restrict(amp) {
    // CHECK: diag-rule-calls.cpp:[[@LINE+1]]:13: error: 'plain' (restrict(cpu)) cannot be called from restrict(amp) code (the lambda in 'main')
    av[i] = plain(i[0]);
  });
  return from_cpu(0) + from_both(0);
}
