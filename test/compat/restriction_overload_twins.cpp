// Overloading on restriction: an amp function and a cpu (or unannotated)
// function of the same signature are two functions. Host code, and code
// that is both amp and cpu when compiled for the host, calls the cpu one;
// code compiled for the GPU calls the amp one. Covers free functions (amp
// then plain, plain then amp, amp against [[cpu]]), members defined in the
// class, a member declared in the class and defined outside, a conversion
// operator, and twins that differ in their return type.
//
// The GPU's choice is checked in the PTX on any machine. The CPU backend
// runs kernels from the host pass, where only the cpu functions exist, so
// there a kernel gets the cpu values (docs/compiler-plugins.md).

// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// At -O0 every function keeps its body: the device code holds the amp
// twins' values and none of the cpu twins'.
// RUN: %hcc -hc -O0 -Werror --offload-arch=sm_90 -save-temps=cwd -DKERNEL_SIDE=1 -c %s -o twins.o
// RUN: FileCheck --check-prefix=PTX %s < restriction_overload_twins-hcc-sm_90.ptx
// PTX-DAG: 1001;
// PTX-DAG: 1003;
// PTX-DAG: 1005;
// PTX-DAG: 1007;
// PTX-DAG: 1009;
// PTX-DAG: 1011;
// PTX-DAG: 1013;
// RUN: FileCheck --check-prefix=NOCPU %s < restriction_overload_twins-hcc-sm_90.ptx
// NOCPU-NOT: {{1002|1004|1006|1008|1010|1012|1014}};
// RUN: %hcc -hc %s -o %t \
// RUN:   %if cuda-backend %{ -DKERNEL_SIDE=1 %} %else %{ -DKERNEL_SIDE=0 %}
// RUN: %t | FileCheck %s
// CHECK: host OK
// CHECK: kernel OK

#include <hc.hpp>
#include <cstdio>
#include <type_traits>

int amp_first() [[hc]] { return 1001; }
int amp_first() { return 1002; }

int plain_first() { return 1004; }
int plain_first() [[hc]] { return 1003; }

int explicit_cpu() [[cpu]] { return 1006; }
int explicit_cpu() restrict(amp) { return 1005; }

struct Member {
  int get() const [[hc]] { return 1007; }
  int get() const { return 1008; }
  // Declared here, defined below.
  int split() const [[cpu]];
  int split() const [[hc]] { return 1009; }
};
int Member::split() const [[cpu]] { return 1010; }

struct Target {
  int from;
};
struct Source {
  operator Target() const [[hc]] { return Target{1011}; }
  operator Target() const { return Target{1012}; }
};

struct CpuResult { int v; };
struct AmpResult { int v; };
CpuResult typed() [[cpu]] { return {1014}; }
AmpResult typed() [[hc]] { return {1013}; }
void host_context() {
  static_assert(std::is_same<decltype(typed()), CpuResult>::value,
                "host code sees the cpu twin");
}

// Both amp and cpu: compiled twice, each side with its own twins.
int both_sides() [[cpu, hc]] { return amp_first() + 1; }

int main() {
  bool host_ok = amp_first() == 1002 && plain_first() == 1004 &&
                 explicit_cpu() == 1006 && Member{}.get() == 1008 &&
                 Member{}.split() == 1010 &&
                 static_cast<Target>(Source{}).from == 1012 &&
                 typed().v == 1014 && both_sides() == 1003;
  std::printf("host %s\n", host_ok ? "OK" : "WRONG");

  constexpr int N = 7;
  int out[N] = {};
  hc::array_view<int, 1> av(N, out);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> idx) [[hc]] {
    int r;
    switch (idx[0]) {
    case 0: r = amp_first(); break;
    case 1: r = plain_first(); break;
    case 2: r = explicit_cpu(); break;
    case 3: r = Member{}.get(); break;
    case 4: r = Member{}.split(); break;
    case 5: r = static_cast<Target>(Source{}).from; break;
    default: r = typed().v; break;
    }
    av[idx] = r;
  });
  av.synchronize();
  bool kernel_ok = true;
  for (int i = 0; i < N; ++i) {
    int want = 1001 + 2 * i + (KERNEL_SIDE ? 0 : 1);
    if (out[i] != want) {
      std::printf("kernel %d: %d, expected %d\n", i, out[i], want);
      kernel_ok = false;
    }
  }
  std::printf("kernel %s\n", kernel_ok ? "OK" : "WRONG");
  return host_ok && kernel_ok ? 0 : 1;
}
