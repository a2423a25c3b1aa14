// A call deep in the call graph is reported where it is written, with the
// chain of calls that leads there from the kernel.

// RUN: not %hcc --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck %s

#include "kernel.h"

float host_only(float);

struct Filter {
  float apply(float x) const {
    return host_only(x) * 0.5f;
    // CHECK: diag-call-chain.cpp:[[@LINE-1]]:12: error: kernel 'kernel_entry<main::'lambda'(unsigned int)>' calls 'host_only(float)', which has no definition for the device; call chain: kernel_entry<main::'lambda'(unsigned int)> -> main::'lambda'(unsigned int)::operator()(unsigned int) const -> step(float) -> Filter::apply(float) const -> host_only(float)
  }
};

float step(float x) { return Filter().apply(x) + 1.0f; }

int main() {
  float *p = nullptr;
  launch([=](unsigned i) { p[i] = step(p[i]); }, 64);
}
