// The shared virtual memory example of hcc's wiki page "HSA Features" ("Shared
// Virtual Memory"): host arrays on the stack, pointers to them captured by
// value, no array_view and no copy; the host reads table_c afterwards.

// RUN: %hcc -std=c++amp -Xclang -fhsa-ext %s -o %t && %t | FileCheck %s
// CHECK: svm vector add: 0 errors

#include <amp.h>
#include <cstdio>

#define vecSize 2048

int main() {
  // Prepare input and output arrays on host
  int table_a[vecSize];
  int table_b[vecSize];
  int table_c[vecSize];
  for (int i = 0; i < vecSize; ++i) {
    table_a[i] = i;
    table_b[i] = 3 * i + 1;
    table_c[i] = -1;
  }

  // Obtain pointers to arrays
  int *p_a = &table_a[0];
  int *p_b = &table_b[0];
  int *p_c = &table_c[0];

  // launch kernel
  Concurrency::extent<1> e(vecSize);
  Concurrency::parallel_for_each(
      e, [=](Concurrency::index<1> idx) restrict(amp) {
        // p_a, p_b, p_c are captured by value [=]
        p_c[idx[0]] = p_a[idx[0]] + p_b[idx[0]];
      });

  int errors = 0;
  for (int i = 0; i < vecSize; ++i)
    errors += table_c[i] != table_a[i] + table_b[i];
  std::printf("svm vector add: %d errors\n", errors);
  return errors != 0;
}
