// What the attributes mean in Clang's CUDA model: [[hc]] is __host__
// __device__ (kernels call it, and the CPU backend runs it from host code),
// [[cpu]] is __host__ only, both together are __host__ __device__. The
// attributes are implicit ones: hcc's reading, not what the user wrote.

// RUN: %clangxx -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version -Xclang --hipstdpar -fplugin=%hcc_clang_plugin -fsyntax-only -Xclang -ast-dump %s | FileCheck %s
// RUN: %clangxx -x cuda --cuda-device-only --offload-arch=sm_90 -nocudainc -nocudalib -Wno-unknown-cuda-version -Xclang --hipstdpar -fplugin=%hcc_clang_plugin -fsyntax-only -Xclang -ast-dump %s | FileCheck --check-prefixes=CHECK,DEVICE %s

int on_hc(int x) [[hc]] { return x; }
// CHECK-LABEL: FunctionDecl {{.*}} on_hc 'int (int)'
// CHECK: CUDADeviceAttr {{.*}} Implicit
// CHECK: CUDAHostAttr {{.*}} Implicit

int on_cpu(int x) [[cpu]] { return x; }
// CHECK-LABEL: FunctionDecl {{.*}} on_cpu 'int (int)'
// CHECK-NOT: CUDADeviceAttr
// CHECK: CUDAHostAttr {{.*}} Implicit
// The device pass also marks it for the pass plugin, which drops any body
// Clang emits for it anyway.
// DEVICE: AnnotateAttr {{.*}} Implicit "hcc.host_only"
// CHECK-NOT: CUDADeviceAttr

int on_both(int x) [[cpu, hc]] { return x; }
// CHECK-LABEL: FunctionDecl {{.*}} on_both 'int (int)'
// CHECK-NOT: "hcc.host_only"
// CHECK-DAG: CUDAHostAttr {{.*}} Implicit
// CHECK-DAG: CUDADeviceAttr {{.*}} Implicit
// An [[hc]] function that kernels of other translation units may call (not
// inline, not a template, not static: docs/driver.md).
// CHECK-DAG: AnnotateAttr {{.*}} Implicit "hcc.device_function"
// CHECK-NOT: "hcc.host_only"

template <class T> T in_template(T t) [[hc]] { return t; }
int use() { return in_template(1); }
// The instantiation inherits the attributes of the template; other
// translation units have their own instantiations.
// CHECK-LABEL: FunctionDecl {{.*}} in_template 'int (int)' implicit_instantiation
// CHECK-NOT: "hcc.device_function"
// CHECK: CUDADeviceAttr {{.*}} Implicit
// CHECK: CUDAHostAttr {{.*}} Implicit

auto lambda = [](int i) mutable [[hc]] { return i; };
// The attribute lands on the lambda's call operator.
// CHECK-LABEL: CXXMethodDecl {{.*}} operator() 'int (int)'
// CHECK: CUDADeviceAttr {{.*}} Implicit
// CHECK: CUDAHostAttr {{.*}} Implicit
