// [[hc]] functions across translation units (docs/driver.md, "Device
// functions across translation units"): the device pass keeps every
// non-inline [[hc]] definition with external linkage for other images
// (`.visible .func`), this module's own kernels calling an internal copy;
// a kernel may call an [[hc]] function declared without a body (`.extern
// .func`, linked when the image is loaded). Not kept: static and inline
// functions, and one that reaches host-only code (no error: no kernel here
// calls it). With -fno-gpu-rdc, and for AMD GPUs, calling a function of
// another translation unit is an error that says so.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/device-function-linkage-hcc-sm_90.ptx
// CHECK-DAG: .visible .func {{.*}}[[EXPORTED:_Z8exportedB3ampi]](
// CHECK-DAG: .extern .func {{.*}}_Z8importedB3ampi
// CHECK-DAG: .visible .entry
// RUN: FileCheck --check-prefix=NOEXPORT %s < %t/device-function-linkage-hcc-sm_90.ptx
// NOEXPORT-NOT: .visible .func {{.*}}static_helper
// NOEXPORT-NOT: .visible .func {{.*}}inline_helper
// NOEXPORT-NOT: .func {{.*}}reaches_host
// NOEXPORT: .visible .entry

// RUN: not %hcc -fno-gpu-rdc --offload-arch=sm_90 -c %s -o %t/no-rdc.o 2>&1 | FileCheck --check-prefix=NORDC %s
// NORDC: device-function-linkage.cpp:[[#LAUNCH:]]:{{[0-9]+}}: error: kernel '{{.*}}' calls 'imported(int)', which is not defined in this translation unit; with -fno-gpu-rdc, kernels call only the {{.*}} functions of their own translation unit (define it there, for instance inline in a header)

// RUN: not %hcc --offload-arch=gfx90a -c %s -o %t/amd.o 2>&1 | FileCheck --check-prefix=AMD %s
// AMD: device-function-linkage.cpp:[[#LAUNCH:]]:{{[0-9]+}}: error: kernel '{{.*}}' calls 'imported(int)', which is not defined in this translation unit; kernels for AMD GPUs call only the {{.*}} functions of their own translation unit

#include <hc.hpp>

int host_only(int);

int imported(int x) [[hc]];
static int static_helper(int x) [[hc]] { return x + 1; }
inline int inline_helper(int x) [[hc]] { return x + 2; }
int exported(int x) [[hc]] { return static_helper(x) * inline_helper(x); }
int reaches_host(int x) [[hc]] { return host_only(x); }

void launch(hc::array_view<int, 1> out) {
  hc::parallel_for_each(out.get_extent(), [=](hc::index<1> i) [[hc]] {
    out[i] = exported(i[0]) + imported(i[0]);
  });
}
