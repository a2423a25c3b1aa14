// Static checks of AMDGPU code objects, no AMD GPU needed
// (scripts/check-amdgpu-images.py, docs/backends.md): for an object built
// for three AMDGPU targets, one valid code object v5 per target whose
// amdhsa.kernels are exactly the kernels the host code launches by name
// (including kernels with internal linkage: a lambda in a static function,
// a functor in an anonymous namespace), clean disassembly, and the HSA
// backend's kernarg layout agreeing with LLVM's metadata.
// UNSUPPORTED: gpu-lit
// (LLVM tools and python inspect the compiler's output: CI only.)

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %hcc -c --offload-arch=sm_90,gfx90a,gfx942,gfx1100 %s -o %t.dir/images.o
// RUN: %check-amdgpu-images --targets gfx90a,gfx942,gfx1100 %t.dir/images.o | FileCheck %s
// CHECK: ok   {{.*}}images.o: 4 kernel(s) x 3 target(s)

// Target-id features: the image says them in its metadata and ELF flags.
// RUN: %hcc -c --offload-arch=gfx90a:xnack-:sramecc+,gfx1100 %s -o %t.dir/tid.o
// RUN: %check-amdgpu-images --targets gfx90a:sramecc+:xnack-,gfx1100 %t.dir/tid.o | FileCheck --check-prefix=TID %s
// TID: ok   {{.*}}tid.o: 4 kernel(s) x 2 target(s)

// A missing target and a wrong one are reported.
// RUN: not %check-amdgpu-images --targets gfx90a,gfx942,gfx1100,gfx1030 %t.dir/images.o | FileCheck --check-prefix=MISSING %s
// MISSING: FAIL {{.*}}images.o: AMDGPU images for ['gfx1100', 'gfx90a', 'gfx942'], expected ['gfx1030', 'gfx1100', 'gfx90a', 'gfx942']

// The sizes the runtime passes: the argument block (sizeof the kernel's
// kernel_args, printed by the program itself) at offset 0, then the 256
// bytes of code object v5's implicit arguments; tile_static bytes as the
// fixed group segment (the runtime adds the dynamic part at dispatch).
// RUN: cd %t.dir && %hcc --offload-arch=gfx90a -save-temps %s -o %t.dir/prog
// RUN: %t.dir/prog > %t.dir/sizes.txt
// RUN: %hcc-hsaco-info %t.dir/images-static-hcc-gfx90a.hsaco >> %t.dir/sizes.txt
// RUN: FileCheck --check-prefix=SIZES --input-file=%t.dir/sizes.txt %s
// SIZES: args [[#ARGS:]]
// SIZES: code-object {{.*}}images-static-hcc-gfx90a.hsaco target=amdgcn-amd-amdhsa--gfx90a version=1.2 cov=5
// SIZES-DAG: kernel _ZN2hc6detail15hc_tiled_kernelI{{.*}}Reduce{{.*}} kernarg=[[#ARGS+256]] align=16 explicit=0+[[#ARGS]] group=1024 {{.*}}wavefront=64 hidden=block_count_x@[[#ARGS]],{{.*}}grid_dims@[[#ARGS+64]]
// SIZES-DAG: kernel _ZN2hc6detail9hc_kernelI{{.*}}Scale{{.*}} kernarg=[[#ARGS+256]] align=16 explicit=0+[[#ARGS]] group=0

#include <hc.hpp>

#include <cstdio>

namespace {
// Internal linkage: the host names it with the TU's cuid.
struct Scale {
  hc::array_view<float, 1> v;
  float factor;
  void operator()(hc::index<1> i) const [[hc]] { v[i] *= factor; }
};
} // namespace

struct Reduce {
  hc::array_view<float, 1> v;
  float factor;
  void operator()(hc::tiled_index<1> t) const [[hc]] {
    tile_static float s[256]; // 1024 bytes of group memory
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    if (t.local[0] == 0)
      v[t.global] = s[255] * factor;
  }
};

static void in_static_function(hc::array_view<float, 1> v) {
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] += 1.0f;
  });
}

template <class T> void templated(hc::array_view<T, 1> v) {
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = v[i] * T(2);
  });
}

int main() {
  hc::array_view<float, 1> v(256);
  hc::parallel_for_each(v.get_extent(), Scale{v, 2.0f});
  hc::parallel_for_each(v.get_extent().tile(256), Reduce{v, 0.5f});
  in_static_function(v);
  templated(v);
  v.synchronize();
  // Both functors have the same layout (a view and a float).
  std::printf("args %zu\n", sizeof(hc::detail::kernel_args<Scale, 1>));
  return sizeof(hc::detail::kernel_args<Scale, 1>) ==
                 sizeof(hc::detail::kernel_args<Reduce, 1>)
             ? 0
             : 1;
}
