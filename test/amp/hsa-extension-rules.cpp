// C++ AMP's HSA extension (-Xclang -fhsa-ext, as the original hcc spelled
// it): in C++ AMP mode, kernels may capture raw pointers by value and host
// objects by reference, and use them through shared virtual memory. Without
// the flag, C++ AMP 1.2's rules reject both captures at their line; the last
// of -fhsa-ext / -fno-hsa-ext decides.

// RUN: %hcc -std=c++amp -Xclang -fhsa-ext %s -o %t && %t | FileCheck %s
// RUN: not %hcc -std=c++amp -fsyntax-only %s 2>&1 | FileCheck --check-prefix=STRICT %s
// RUN: not %hcc -std=c++amp -Xclang -fhsa-ext -Xclang -fno-hsa-ext -fsyntax-only %s 2>&1 | FileCheck --check-prefix=STRICT %s
// CHECK: hsa extension: 0 errors

#include <amp.h>
#include <cstdio>

int main() {
  const int n = 256;
  int a[n], b[n], c[n];
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 2 * i;
    c[i] = -1;
  }
  int *pa = a, *pb = b;
  int offset = 7;
  concurrency::extent<1> e(n);
  concurrency::parallel_for_each(
      // STRICT-DAG: hsa-extension-rules.cpp:[[@LINE+1]]:{{[0-9]+}}: error: a restrict(amp) lambda captures by reference only
      e, [=, &c, &offset](concurrency::index<1> i) restrict(amp) {
        // STRICT-DAG: hsa-extension-rules.cpp:[[@LINE+1]]:{{[0-9]+}}: error: variable 'pa' of type 'int *' cannot be captured
        c[i[0]] = pa[i[0]] + pb[i[0]] + offset;
      });
  int errors = 0;
  for (int i = 0; i < n; ++i)
    errors += c[i] != 3 * i + 7;
  std::printf("hsa extension: %d errors\n", errors);
  return errors != 0;
}
