// C++ AMP's restrictions on amp code are errors in C++ AMP mode, at the
// line: a dynamic_cast, a throw or a try in restrict(amp) code, and
// calling a restrict(cpu) function (diag-cpu-from-amp.cpp); the other rules
// of C++ AMP's chapter 2 are tested by the diag-rule-*.cpp files.
// Recursion, virtual calls, char/short and pointers are hcc's relaxed
// rules in hc mode, where the same code compiles.

// RUN: not %hcc -std=c++amp --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %hcc -std=c++amp --offload-arch=sm_90 -DTRY -c %s -o %t.o 2>&1 | FileCheck --check-prefix=TRY %s
// RUN: not %hcc -std=c++amp --offload-arch=sm_90 -DTHROW -c %s -o %t.o 2>&1 | FileCheck --check-prefix=THROW %s
// RUN: %hcc -hc --offload-arch=sm_90 -DRELAXED -c %s -o %t.o
// CHECK-NOT: Stack dump

#if defined(RELAXED)
#include <hc.hpp> // <amp.h> is C++ AMP mode's header
using namespace hc;
#else
#include <amp.h>
using namespace concurrency;
#endif

struct Base {
  virtual ~Base() restrict(amp, cpu) {}
  virtual int f() const restrict(amp, cpu) { return 1; }
};
struct Derived : Base {
  int f() const restrict(amp, cpu) override { return 2; }
};

#if defined(RELAXED)
int fact(int n) restrict(amp, cpu) { return n <= 1 ? 1 : n * fact(n - 1); }
#endif

int main() {
  int out[4] = {};
  array_view<int, 1> av(4, out);
  parallel_for_each(av.get_extent(), [=](index<1> i) restrict(amp) {
#if defined(RELAXED)
    char c = static_cast<char>(i[0]);
    short s = c * 2;
    Derived d;
    const Base *b = &d;
    av[i] = fact(s) + b->f();
#elif defined(TRY)
    // TRY: diag-amp-restrictions.cpp:[[@LINE+1]]:5: error: exception handling (try) is not supported in restrict(amp) code
    try {
      av[i] = 1;
    } catch (...) {
    }
#elif defined(THROW)
    if (i[0] > 8)
      // THROW: diag-amp-restrictions.cpp:[[@LINE+1]]:7: error: exception handling (throw) is not supported in restrict(amp) code
      throw 1;
#else
    Base *b = nullptr;
    // CHECK: diag-amp-restrictions.cpp:[[@LINE+1]]:13: error: dynamic_cast is not supported in restrict(amp) code
    av[i] = dynamic_cast<Derived *>(b) != nullptr;
#endif
  });
  return 0;
}
// CHECK: error{{s?}} generated when compiling for host.
