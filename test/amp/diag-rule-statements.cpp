// C++ AMP 1.2 section 2.4.3: what restrict(amp) function bodies may not
// contain. Each is an error at its line in C++ AMP mode; hc mode compiles
// the same code (relaxed rules). diag-rule-valid.cpp holds what is allowed.

// RUN: not %hcc -std=c++amp -fsyntax-only -ferror-limit=0 %s 2>&1 | FileCheck %s
// RUN: %hcc -hc -DHC -fsyntax-only %s

#include "Inputs/amp_or_hc.h"
#include <cstdlib>
#include <typeinfo>

int global_counter = 0;
static const int folded = 3;
struct Holder {
  static int shared;
};
int Holder::shared = 0;
struct Poly {
  virtual ~Poly() {}
};
int helper(int x) restrict(amp) { return x; }

int body(int x, Poly *poly) restrict(amp, cpu) {
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:14: error: static, extern and thread_local variables are not supported in restrict(amp) code ('calls')
  static int calls;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:8: error: global and static variables are not supported in restrict(amp) code ('global_counter')
  x += global_counter;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:16: error: global and static variables are not supported in restrict(amp) code ('shared')
  x += Holder::shared;
  // A constant folded into the code is no use of the variable; its address is.
  x += folded;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:23: error: global and static variables are not supported in restrict(amp) code ('folded')
  const int *where = &folded;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:3: error: goto is not supported in restrict(amp) code
  goto done;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:1: error: labels are not supported in restrict(amp) code
done:
#ifndef HC // Clang's own error in the device pass of hc mode
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:3: error: exception handling (try) is not supported in restrict(amp) code
  try {
    // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:5: error: exception handling (throw) is not supported in restrict(amp) code
    throw 1;
  } catch (...) {
  }
#endif
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:8: error: dynamic_cast is not supported in restrict(amp) code
  x += dynamic_cast<Poly *>(poly) != nullptr;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:8: error: typeid is not supported in restrict(amp) code
  x += typeid(*poly) == typeid(Poly);
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:8: error: string literals are not supported in restrict(amp) code
  x += "text"[0];
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:14: error: integer constant out of the 32-bit range restrict(amp) code supports
  x += (int)(0x1ffffffffL & 1);
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:13: error: floating-point constant out of the range of its type
  float f = 3.5e38f;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:12: error: casting from 'int' to 'int *' is not supported in restrict(amp) code
  int *p = reinterpret_cast<int *>(x);
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:8: error: casting from 'int *' to 'long' is not supported in restrict(amp) code
  x += (long)p;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:13: error: casting from 'int' to 'int *' is not supported in restrict(amp) code
  int *&r = (int *&)x;
  bool flag = true;
  bool *b = &flag;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:3: error: pointer arithmetic on a pointer to bool is not supported in restrict(amp) code
  ++b;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:9: error: function pointers and references are not supported in restrict(amp) code ('helper')
  x += &helper != nullptr;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:12: error: new expressions are not supported in restrict(amp) code
  int *q = new int(1);
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:3: error: delete expressions are not supported in restrict(amp) code
  delete q;
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:19: error: 'malloc' (restrict(cpu)) cannot be called from restrict(cpu, amp) code
  int *m = (int *)malloc(sizeof(int));
  // CHECK: diag-rule-statements.cpp:[[@LINE+1]]:3: error: 'free' (restrict(cpu)) cannot be called from restrict(cpu, amp) code
  free(m);
  return x + (int)f;
}

// Recursion, direct or through other functions.
int odd(int n) restrict(amp);
int even(int n) restrict(amp) { return n == 0 ? 1 : odd(n - 1); }
// CHECK: diag-rule-statements.cpp:[[@LINE+1]]:58: error: recursion is not supported in restrict(amp) code: this call of 'even' is inside the calls it makes
int odd(int n) restrict(amp) { return n == 0 ? 0 : even(n - 1); }
