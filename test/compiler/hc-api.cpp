// Through the hc API: the kernels hc::parallel_for_each instantiates are
// checked and pruned like any other; a tiled kernel with tile_static memory
// keeps its group memory; the error names the lambda the user wrote.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/hc-api-hcc-sm_90.ptx
// RUN: not %hcc --offload-arch=sm_90 -DBAD -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=BAD %s

// CHECK-NOT: .extern
// CHECK-NOT: {{ main\(}}
// CHECK-DAG: .entry _ZN2hc6detail9hc_kernelIZ4main
// CHECK-DAG: .entry _ZN2hc6detail15hc_tiled_kernelIZ4main
// CHECK-DAG: .shared {{.*}}scratch
// CHECK-NOT: .extern

#include <hc.hpp>
#include <cstdio>

float host_only(float);

int main() {
  hc::array_view<float, 1> av(256);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> i) [[hc]] {
    av[i] = i[0] * 2.0f;
#ifdef BAD
    av[i] = host_only(av[i]);
    // BAD: hc-api.cpp:[[@LINE-1]]:13: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' calls 'host_only(float)', which has no definition for the device; call chain: hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1> -> {{.*}} -> main::'lambda'(hc::index<1>)::operator()(hc::index<1>) const -> host_only(float)
#endif
  });
  hc::parallel_for_each(av.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static float scratch[64];
    scratch[t.local[0]] = av[t.global];
    t.barrier.wait();
    av[t.global] = scratch[63 - t.local[0]];
  });
  std::printf("%f\n", av[1]);
}
