// Objects built by hcc register their images wherever they end up: in a
// static archive or in a shared library. The program defines
// __hcc_register_image itself to see the calls (no GPU needed).

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %hcc -c -DPART_LIB --offload-arch=sm_90 %s -o %t.dir/lib.o
// RUN: llvm-ar rcs %t.dir/libkern.a %t.dir/lib.o
// RUN: %hcc -DPART_MAIN --offload-arch=sm_90 %s -L%t.dir -lkern -o %t.dir/static.exe
// RUN: %t.dir/static.exe | FileCheck %s

// RUN: %hcc -shared -DPART_LIB --offload-arch=sm_90 %s -o %t.dir/libkern_shared.so
// RUN: %hcc -DPART_MAIN --offload-arch=sm_90 %s %t.dir/libkern_shared.so -o %t.dir/shared.exe
// RUN: %t.dir/shared.exe | FileCheck %s

// CHECK: registered sm_90 from {{.*}}libraries.cpp: has [[NAME:_Z12kernel_entryI6DoubleEv4ArgsIT_E]]
// CHECK-NOT: registered
// CHECK: library kernel: [[NAME]]

#include <hc/detail/image_registry.h>

#include <cstdio>
#include <cstring>

extern "C" const char *library_kernel_name();

#ifdef PART_LIB
template <class F> struct Args {
  F f;
  unsigned n;
};

template <class F> __attribute__((global)) void kernel_entry(Args<F> a) {
#ifdef __KALMAR_ACCELERATOR__
  unsigned i = __nvvm_read_ptx_sreg_tid_x();
  if (i < a.n)
    a.f(i);
#endif
}

struct Double {
  float *p;
  void operator()(unsigned i) const { p[i] *= 2; }
};

extern "C" const char *library_kernel_name() {
  return __builtin_get_device_side_mangled_name(kernel_entry<Double>);
}
#endif

#ifdef PART_MAIN
extern "C" void __hcc_register_image(const __hcc_image_desc *d) {
  const char *text = static_cast<const char *>(d->data);
  const char *entry = std::strstr(text, ".entry ");
  char name[128] = "none";
  if (entry)
    std::sscanf(entry + 7, "%127[A-Za-z0-9_]", name);
  std::printf("registered %s from %s: has %s\n", d->target, d->source, name);
}

int main() {
  std::printf("library kernel: %s\n", library_kernel_name());
  return 0;
}
#endif
