// -v prints hcc's version and then each command before it runs.

// RUN: %hcc -v -c %s -o %t.o --offload-arch=sm_90 2>&1 | FileCheck %s
// CHECK: hcc version 4.0.{{[0-9][0-9][0-9][0-9]}}
// CHECK: "{{[^"]*}}clang++{{[^"]*}}" "-x" "cuda" "--cuda-host-only"
// CHECK: "{{[^"]*}}clang++{{[^"]*}}" "-x" "cuda" "--cuda-device-only"
// CHECK: # hcc: wrote "{{.*}}.c"
// CHECK: ld.lld{{[^"]*}}" "-r"
// RUN: llvm-nm %t.o | FileCheck --check-prefix=NM %s
// NM: __hcc_register_image

template <class F> __attribute__((global)) void kernel_entry(F f) { f(); }
struct Store {
  int *p;
  void operator()() const { *p = 2; }
};
const char *name() { return __builtin_get_device_side_mangled_name(kernel_entry<Store>); }
