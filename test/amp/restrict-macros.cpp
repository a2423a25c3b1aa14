// Restriction specifiers spelled by macros of a user header, used in the
// main file where the specifier must move (before a trailing return type,
// with an exception specification after it, after 'mutable'), also when
// command-line macros spell the rest of the declarator. The main file is
// rewritten before the preprocessor enters its headers; their macros are
// read ahead. 'register', which Visual C++ accepted, compiles too.

// RUN: %hcc -std=c++amp -Werror %s -o %t -DCV=const -DREF= -DEXCEPTION_SPEC="throw(int)" -DLEADING= -DCAPTURE="[]" -DMUTABLE=mutable && %t
// RUN: %hcc -std=c++amp -Werror %s -o %t.2 -DCV= -DREF="&" -DEXCEPTION_SPEC= -DLEADING= -DCAPTURE="[=]" -DMUTABLE= && %t.2
// RUN: not %hcc -std=c++amp -fsyntax-only %s -DCV= -DREF= -DEXCEPTION_SPEC= -DLEADING= -DCAPTURE="[]" -DMUTABLE= -DWRONG_ORDER 2>&1 | FileCheck %s

#include "Inputs/restriction_macros.h"
#include "Inputs/amp_or_hc.h"
#include <cstdio>

struct Adder {
  int base = 1;
  LEADING auto add(int x) CV REF GPU_AND_CPU -> int {
    return base + x;
  }
};

auto twice(int x) CPU_EXPLICIT EXCEPTION_SPEC -> decltype(x + x) { return x + x; }
auto thrice(int x) GPU_ONLY -> int { return 3 * x; }
int (*pointer)(int) CPU_EXPLICIT EXCEPTION_SPEC = nullptr;

#ifdef WRONG_ORDER
// CHECK: restrict-macros.cpp:[[@LINE+1]]:19: error: in C++ AMP a lambda's restriction specifier comes after 'mutable'
auto wrong = []() GPU_AND_CPU mutable { return 0; };
#endif

int main() {
  register int seven = 7;
  auto lambda = CAPTURE(int x) MUTABLE CPU_EXPLICIT EXCEPTION_SPEC -> int {
    return x + 1;
  };
  int out[1] = {};
  concurrency::array_view<int, 1> av(1, out);
  concurrency::parallel_for_each(
      av.get_extent(), [=](concurrency::index<1> i) GPU_ONLY {
        Adder a;
        av[i] = a.add(i[0]) + thrice(2);
      });
  av.synchronize();
  Adder a;
  int checks = (a.add(seven) == 8) + (twice(4) == 8) + (lambda(1) == 2) +
               (out[0] == 7) + (pointer == nullptr);
  if (checks != 5) {
    std::printf("FAILED: %d of 5 checks passed\n", checks);
    return 1;
  }
  return 0;
}
