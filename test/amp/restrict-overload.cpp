// Overloading on restriction: f() restrict(amp) and f() restrict(cpu) of
// the same signature coexist (Clang's CUDA overloading: the amp one is
// __device__, the cpu one __host__). Host code calls the cpu overload.
//
// Kernels: in the device pass (the code a GPU runs) the amp overload is
// called; the PTX check below proves it on any machine. The CPU backend
// runs the kernel as host-pass code, where only the __host__ overload
// exists, so there the kernel calls the cpu overload. The run therefore
// expects the amp value only where kernels really run on a GPU
// (cuda-backend), and the cpu value otherwise.

// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %hcc -std=c++amp -Werror --offload-arch=sm_90 -save-temps=cwd -DKERNEL_SEES=1 -c %s -o overload.o
// RUN: FileCheck --check-prefix=PTX %s < restrict-overload-hcc-sm_90.ptx
// PTX: .entry
// PTX: 1001
// PTX-NOT: 2002

// RUN: %hcc -std=c++amp -Werror %s -o %t \
// RUN:   %if cuda-backend %{ -DKERNEL_SEES=1 %} %else %{ -DKERNEL_SEES=2 %}
// RUN: %t | FileCheck %s
// CHECK: host f()=2 w.g()=20
// CHECK: kernel OK

#include <amp.h>
#include <cstdio>
using namespace concurrency;

int f() restrict(amp) { return 1; }
int f() restrict(cpu) { return 2; }

struct Widget {
  int g() const restrict(cpu) { return 20; }
  int g() const restrict(amp) { return 10; }
};

int main() {
  int out[2] = {};
  array_view<int, 1> av(2, out);
  parallel_for_each(av.get_extent(), [=](index<1> i) restrict(amp) {
    Widget w;
    av[i] = i[0] == 0 ? f() * 1001 : w.g();
  });
  Widget w;
  std::printf("host f()=%d w.g()=%d\n", f(), w.g());
  bool ok = av[0] == KERNEL_SEES * 1001 && av[1] == KERNEL_SEES * 10;
  std::printf("kernel %s (%d %d)\n", ok ? "OK" : "WRONG", av[0], av[1]);
  return ok ? 0 : 1;
}
