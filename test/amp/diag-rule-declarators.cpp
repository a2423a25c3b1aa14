// C++ AMP 1.2's grammar and typing of restriction specifiers (sections 2.1
// and 2.3.1), errors in C++ AMP mode at the offending line; hc mode, which
// reads the same code as the original hcc did, compiles it:
//  - a restriction follows a function's or lambda's parameter list, never
//    an object's declarator;
//  - a lambda's restriction comes after 'mutable';
//  - a function's restriction is part of its type: a redeclaration may not
//    go from restrict(amp, cpu) to one of them, or back (a declaration
//    without restriction still merges with any, as in the original hcc);
//  - function pointers and references are restrict(cpu): cpu code may not
//    take one to a restrict(amp) function.

// RUN: %hcc -std=c++amp -Werror %s -o %t && %t
// RUN: not %hcc -std=c++amp -fsyntax-only -DOBJECT %s 2>&1 | FileCheck --check-prefix=OBJECT %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DMUTABLE %s 2>&1 | FileCheck --check-prefix=MUTABLE %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DREDECLARED %s 2>&1 | FileCheck --check-prefix=REDECLARED %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DREFERENCE %s 2>&1 | FileCheck --check-prefix=REFERENCE %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DMACRO_IN_FRONT %s 2>&1 | FileCheck --check-prefix=MACRO_IN_FRONT %s
// RUN: %hcc -hc -fsyntax-only -Wno-ignored-attributes -DOBJECT -DMUTABLE -DREDECLARED -DREFERENCE %s

#include "Inputs/amp_or_hc.h"
#include "Inputs/restriction_macros.h"
#include <cstdio>

#ifdef MACRO_IN_FRONT
// A restriction macro of a header, in front of the name.
// MACRO_IN_FRONT: diag-rule-declarators.cpp:[[@LINE+1]]:5: error: a restriction specifier follows the parameter list of a function or lambda
int CPU_EXPLICIT in_front() { return 0; }
#endif

typedef int binary_fn(int, int);
int add(int a, int b) { return a + b; }
int on_gpu(int x) restrict(amp) { return x + 1; }
int anywhere(int x) restrict(amp, cpu) { return x + 2; }

struct Widget {
  int both() const restrict(amp, cpu);
  int plain() const;
};
int Widget::both() const restrict(amp, cpu) { return 1; }
// No restriction on the declaration: the original hcc's merge.
int Widget::plain() const restrict(amp, cpu) { return 2; }

#ifdef REDECLARED
struct Gadget {
  int test() restrict(amp, cpu);
};
int Gadget::test() restrict(amp) { return 1; }
// REDECLARED: diag-rule-declarators.cpp:[[@LINE-1]]:13: error: 'Gadget::test' is declared restrict(amp) here and restrict(amp, cpu) before: a function's restriction specifiers are part of its type
// REDECLARED: diag-rule-declarators.cpp:[[@LINE-4]]:7: note: previous declaration is here
#endif

int main() {
  // Valid: restriction after the parameter list, after 'mutable' for a
  // lambda; cpu code points at cpu (or amp-and-cpu) functions.
  binary_fn *fn = add;
  int (*to_both)(int) = anywhere;
  int counter = 0;
  auto bump = [counter]() mutable restrict(amp, cpu) { return ++counter; };
  Widget w;
#ifdef OBJECT
  // OBJECT: diag-rule-declarators.cpp:[[@LINE+1]]:20: error: a restriction specifier follows the parameter list of a function or lambda
  binary_fn *other restrict(cpu) = add;
#endif
#ifdef MUTABLE
  // MUTABLE: diag-rule-declarators.cpp:[[@LINE+1]]:21: error: in C++ AMP a lambda's restriction specifier comes after 'mutable'
  auto wrong = []() restrict(amp, cpu) mutable { return 0; };
#endif
#ifdef REFERENCE
  // REFERENCE: diag-rule-declarators.cpp:[[@LINE+1]]:24: error: 'on_gpu' (restrict(amp)) cannot be pointed to or referred to from cpu code: function pointers and references are restrict(cpu)
  int (&to_gpu)(int) = on_gpu;
#endif

  int out[1] = {};
  concurrency::array_view<int, 1> av(1, out);
  concurrency::parallel_for_each(
      av.get_extent(), [=](concurrency::index<1> i) restrict(amp) {
        av[i] = on_gpu(i[0]) + anywhere(1);
      });
  av.synchronize();
  int checks = (fn(1, 2) == 3) + (to_both(1) == 3) + (bump() == 1) +
               (w.both() + w.plain() == 3) + (out[0] == 4);
  if (checks != 5) {
    std::printf("FAILED: %d of 5 checks passed\n", checks);
    return 1;
  }
  return 0;
}
