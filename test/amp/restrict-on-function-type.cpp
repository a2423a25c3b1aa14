// A restriction specifier on a function *type* (a pointer to function, a
// template argument, a typedef, a parameter) rather than on a function
// being declared. Here function pointer types carry no restriction:
// restrict(cpu) there (C++ AMP 1.2 section 2.3.1: what they are anyway) is
// accepted and has no effect, restrict(amp) is an error in C++ AMP mode and
// ignored in hc mode. Restrictions on the functions around it keep their
// meaning.

// RUN: %hcc -std=c++amp -Werror %s -o %t && %t
// RUN: %hcc -hc -Werror %s -o %t.hc && %t.hc
// RUN: not %hcc -std=c++amp -fsyntax-only -DAMP_TYPE %s 2>&1 | FileCheck %s
// RUN: %hcc -hc -fsyntax-only -DAMP_TYPE %s

#include "Inputs/amp_or_hc.h"
#include <cstdio>
#include <functional>
#include <type_traits>

template <typename T> int kind_of(T) { return 1; }
template <typename T> struct Holder { T value; };

// An explicit instantiation naming a function pointer type twice.
template int kind_of<int (*)(int, int) restrict(cpu) throw()>(
    int (*arg)(int, int) restrict(cpu) throw());
// A reference-returning function type as a template argument.
template struct Holder<const int &(*)(int) restrict(cpu)>;

typedef int (*binary_fn)(int, int) restrict(cpu);
using unary_fn = int(int) restrict(cpu);

struct Calc {
  int twice(int x) restrict(amp, cpu) { return 2 * x; }
  // Conversion functions are functions, not function types.
  operator bool() const restrict(amp, cpu) { return true; }
  operator const int *() const restrict(cpu) { return nullptr; }
};
using member_fn = int (Calc::*)(int) restrict(cpu);

#ifdef AMP_TYPE
// CHECK: restrict-on-function-type.cpp:[[@LINE+1]]:37: error: restrict(amp) cannot be applied to function pointers, function references or pointers to member functions
template struct Holder<int (*)(int) restrict(amp, cpu)>;
#endif

int add(int a, int b) restrict(cpu) { return a + b; }
int negate(int a) { return -a; }
int apply(int (*fn)(int, int) restrict(cpu), int a, int b) { return fn(a, b); }
int triple(int x) restrict(amp, cpu) { return 3 * x; }

int main() {
  binary_fn f = add;
  unary_fn *g = negate;
  std::function<int(int) restrict(cpu)> h = negate;
  member_fn m = &Calc::twice;
  Calc c;
  static_assert(std::is_same<unary_fn, int(int)>::value,
                "a restriction does not change the function type");

  int out[4] = {};
  concurrency::array_view<int, 1> av(4, out);
  concurrency::parallel_for_each(
      av.get_extent(), [=](concurrency::index<1> i) restrict(amp) {
        av[i] = triple(i[0]);
      });
  av.synchronize();

  int checks = (f(2, 3) == 5) + (g(4) == -4) + (h(5) == -5) +
               ((c.*m)(6) == 12) + (apply(add, 1, 1) == 2) +
               (kind_of<binary_fn>(add) == 1) + (out[3] == 9) +
               (static_cast<bool>(c) &&
                static_cast<const int *>(c) == nullptr);
  if (checks != 8) {
    std::printf("FAILED: %d of 8 checks passed\n", checks);
    return 1;
  }
  return 0;
}
