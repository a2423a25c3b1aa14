// Driver flags of the original hcc: -hc-function-calls and
// -amdgpu-function-calls (device code always has real function calls
// here) are accepted and dropped; -famp selects C++ AMP mode like
// -std=c++amp.

// RUN: %hcc -hc -hc-function-calls %s -o %t && %t
// RUN: %hcc -hc -amdgpu-function-calls -fsyntax-only %s
// RUN: %hcc -### -hc -hc-function-calls -amdgpu-function-calls -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=function-calls
// CHECK: "--cuda-host-only"
// RUN: %hcc -### -famp -c %s -o %t.o 2>&1 | FileCheck --check-prefix=AMP %s --implicit-check-not=-famp
// AMP: "--cuda-host-only"{{.*}}"-D__HCC_AMP__=1"

#include <hc.hpp>

__attribute__((noinline)) float axpy(float a, float x, float y) [[hc]] {
  return a * x + y;
}

int main() {
  float x[4] = {1, 2, 3, 4}, y[4] = {1, 1, 1, 1};
  hc::array_view<float, 1> vx(4, x), vy(4, y);
  hc::parallel_for_each(vy.get_extent(), [=](hc::index<1> i) [[hc]] {
    vy[i] = axpy(2.0f, vx[i], vy[i]);
  });
  vy.synchronize();
  for (int i = 0; i < 4; ++i)
    if (y[i] != 2.0f * (i + 1) + 1)
      return 1;
  return 0;
}
