// End to end without a GPU: the program defines __hcc_register_image
// itself (it takes precedence over libhc_runtime's), and the constructors
// hcc generated hand it one descriptor per target before main runs.

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %hcc --offload-arch=sm_80,sm_90 %s -o %t.dir/exe
// RUN: %t.dir/exe | FileCheck %s

// Separate compilation gives the same result.
// RUN: %hcc -c --offload-arch=sm_80,sm_90 %s -o %t.dir/obj.o
// RUN: %hcc %t.dir/obj.o -o %t.dir/exe2
// RUN: %t.dir/exe2 | FileCheck %s

// CHECK: registered version=2 kind=ptx target=sm_80 source={{.*}}registration.cpp nul-terminated=yes kernel=yes
// CHECK: registered version=2 kind=ptx target=sm_90 source={{.*}}registration.cpp nul-terminated=yes kernel=yes
// CHECK: main: 2 images, host name _Z12kernel_entryIN12_GLOBAL__N_13IncEEv4ArgsIT_E

#include <hc/detail/image_registry.h>

#include <cstdio>
#include <cstring>

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

// Internal linkage on purpose: the name must still match on both sides.
namespace {
struct Inc {
  int *p;
  void operator()(unsigned i) const { p[i] += 1; }
};
} // namespace

static const char *kernelName() {
  return __builtin_get_device_side_mangled_name(kernel_entry<Inc>);
}

static int Registered = 0;

extern "C" void __hcc_register_image(const __hcc_image_desc *d) {
  const char *text = static_cast<const char *>(d->data);
  bool nul = text[d->size] == '\0' && std::strlen(text) == d->size;
  std::printf("registered version=%u kind=%s target=%s source=%s "
              "nul-terminated=%s kernel=%s\n",
              d->version, d->kind == __hcc_image_ptx ? "ptx" : "?", d->target,
              d->source, nul ? "yes" : "no",
              std::strstr(text, kernelName()) ? "yes" : "no");
  ++Registered;
}

int main() {
  std::printf("main: %d images, host name %s\n", Registered, kernelName());
  return 0;
}
