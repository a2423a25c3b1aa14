// The device pass sends every allocation in kernels to hcc's own device
// heap: the PTX calls the __hcc_heap_* functions and declares neither the
// CUDA driver's malloc/free nor any operator new/delete; the module has the
// heap pointer the runtime sets. A module whose kernels allocate nothing
// carries neither the allocator nor the heap pointer (so the runtime
// creates no heap for it). The allocator also compiles for AMDGPU.
//
// Compile-only: checks what the compiler writes.
// UNSUPPORTED: gpu-lit
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/alloc.o
// RUN: FileCheck --check-prefix=ALLOC %s < %t/ptx_heap_calls-hcc-sm_90.ptx
// RUN: FileCheck --check-prefix=NEW %s < %t/ptx_heap_calls-hcc-sm_90.ptx
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -DNO_ALLOC -c %s -o %t/quiet.o
// RUN: FileCheck --check-prefix=QUIET %s < %t/ptx_heap_calls-hcc-sm_90.ptx
// RUN: %hcc --offload-arch=gfx90a -c %s -o %t/amd.o
// ALLOC-NOT: .extern .func {{.*}}malloc
// ALLOC-NOT: .extern .func {{.*}}_Zn
// ALLOC-NOT: .extern .func {{.*}}_Zd
// ALLOC-DAG: .weak .global .align 8 .b8 __hcc_device_heap[24]
// ALLOC-DAG: call{{.*}} __hcc_heap_malloc,
// ALLOC-DAG: call{{.*}} __hcc_heap_free,
// ALLOC-DAG: call{{.*}} __hcc_heap_calloc,
// ALLOC-DAG: call{{.*}} __hcc_heap_realloc,
// ALLOC-DAG: call{{.*}} __hcc_heap_new,
// ALLOC-DAG: call{{.*}} __hcc_heap_new_aligned,
// ALLOC-DAG: call{{.*}} __hcc_heap_new_nothrow,
// ALLOC-DAG: call{{.*}} __hcc_heap_delete{{(_sized)?}},
// ALLOC-DAG: call{{.*}} __hcc_heap_delete{{(_sized)?}}_aligned,
// The out-of-memory path of operator new ends the work-item.
// NEW: .func {{.*}}__hcc_heap_new(
// NEW: exit;
// NEW: {{^}}}
// QUIET-NOT: __hcc_device_heap
// QUIET-NOT: __hcc_heap_
// QUIET-NOT: malloc
#include <hc.hpp>
#include <cstdlib>
#include <new>

struct alignas(64) wide {
  int v[16];
};

int main() {
  hc::array_view<int, 1> v(64);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
#ifndef NO_ALLOC
    int *a = static_cast<int *>(malloc(sizeof(int)));
    int *b = static_cast<int *>(calloc(4, sizeof(int)));
    b = static_cast<int *>(realloc(b, 8 * sizeof(int)));
    int *c = new int(i[0]);
    int *d = new (std::nothrow) int[3];
    wide *w = new wide;
    *a = *c + b[0] + (d ? 1 : 0) + w->v[0];
    v[i] = *a;
    free(a);
    free(b);
    delete c;
    delete[] d;
    delete w;
#else
    v[i] = i[0];
#endif
  });
  return v[0];
}
