// C++ AMP's restrictions on amp code that a GPU really imposes are errors
// in C++ AMP mode too, at the line: a dynamic_cast in restrict(amp) code
// (the pass plugin, naming the kernel), a throw or a try in restrict(amp)
// code (Clang's own errors, as for any __host__ __device__ function), and
// calling a restrict(cpu) function (diag-cpu-from-amp.cpp). Recursion, virtual calls, char/short and
// pointers are hcc's relaxed rules and compile.

// RUN: not %hcc -std=c++amp --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %hcc -std=c++amp --offload-arch=sm_90 -DTRY -c %s -o %t.o 2>&1 | FileCheck --check-prefix=TRY %s
// RUN: not %hcc -std=c++amp --offload-arch=sm_90 -DTHROW -c %s -o %t.o 2>&1 | FileCheck --check-prefix=THROW %s
// RUN: %hcc -std=c++amp --offload-arch=sm_90 -DRELAXED -c %s -o %t.o
// CHECK-NOT: Stack dump

#include <amp.h>
using namespace concurrency;

struct Base {
  virtual ~Base() restrict(amp, cpu) {}
  virtual int f() const restrict(amp, cpu) { return 1; }
};
struct Derived : Base {
  int f() const restrict(amp, cpu) override { return 2; }
};

int fact(int n) restrict(amp, cpu) { return n <= 1 ? 1 : n * fact(n - 1); }

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
    // TRY: diag-amp-restrictions.cpp:[[@LINE+1]]:5: error: cannot use 'try' in __host__ __device__ function
    try {
      av[i] = 1;
    } catch (...) {
    }
#elif defined(THROW)
    if (i[0] > 8)
      // THROW: diag-amp-restrictions.cpp:[[@LINE+1]]:7: error: cannot use 'throw' in __host__ __device__ function
      throw 1;
#else
    Derived d;
    Base *b = &d;
    // CHECK: diag-amp-restrictions.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}main::'lambda'(hc::index<1>){{.*}}' uses dynamic_cast; GPUs have no run-time type information
    av[i] = dynamic_cast<Derived *>(b) != nullptr;
#endif
  });
  return 0;
}
// CHECK: 1 error generated when compiling for sm_90.
