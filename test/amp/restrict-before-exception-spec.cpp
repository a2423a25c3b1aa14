// A restriction specifier in front of an exception specification, as C++ AMP
// code writes it (`void f() restrict(cpu) throw()`), compiles in C++ AMP mode
// with every exception specification: throw(), Visual C++'s throw(type),
// noexcept, noexcept(expr), also before a trailing return type; overloads
// on the restriction still pick the right side (a kernel on the CPU backend
// runs host-pass code and gets the cpu overload: docs/amp.md).

// The other order is Visual C++'s syntax error, in C++ AMP mode only:
// RUN: not %hcc -std=c++amp -fsyntax-only -DKERNEL_SEES=1 -DWRONG_ORDER %s 2>&1 | FileCheck --check-prefix=ORDER %s
// RUN: %hcc -std=c++amp -Werror %s -o %t \
// RUN:   %if cuda-backend %{ -DKERNEL_SEES=2 %} %else %{ -DKERNEL_SEES=1 %}
// RUN: %t | FileCheck %s
// CHECK: exception specifications: cpu=1 kernel=ok 3 4 5 6

#include <amp.h>
#include <cstdio>

#ifndef KERNEL_SEES // builds that do not pick a backend (static image checks)
#define KERNEL_SEES 1
#endif
using namespace concurrency;

struct Side {
  int which() restrict(cpu) throw() { return 1; }
  int which() restrict(amp) { return 2; }
};

int no_throw(int x) restrict(amp, cpu) noexcept { return x + 3; }
int conditional(int x) restrict(amp, cpu) noexcept(sizeof(int) == 4) {
  return x + 4;
}
int typed_throw(int x) restrict(cpu) throw(int) { return x + 5; }
auto trailing(int x) restrict(amp, cpu) noexcept -> int { return x + 6; }

#ifdef WRONG_ORDER
// ORDER: restrict-before-exception-spec.cpp:[[@LINE+1]]:28: error: in C++ AMP a restriction specifier comes before the exception specification
int wrong_order() noexcept restrict(amp, cpu) { return 0; }
#endif

int main() {
  Side s;
  int on_device[4] = {};
  array_view<int, 1> out(4, on_device);
  parallel_for_each(out.get_extent(), [=](index<1> i) restrict(amp) {
    Side d;
    int v[4] = {d.which(), no_throw(0), conditional(0), trailing(0)};
    out[i] = v[i[0]];
  });
  out.synchronize();
  std::printf("exception specifications: cpu=%d kernel=%s %d %d %d %d\n",
              s.which(), on_device[0] == KERNEL_SEES ? "ok" : "wrong",
              on_device[1], on_device[2], typed_throw(0), on_device[3]);
  bool ok = s.which() == 1 && on_device[0] == KERNEL_SEES && on_device[1] == 3 &&
            on_device[2] == 4 && typed_throw(0) == 5 && on_device[3] == 6;
  return ok ? 0 : 1;
}
