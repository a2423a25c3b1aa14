// The link: objects and linker flags in the user's order, then the runtime.

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %hcc -c --offload-arch=none %s -o %t.dir/a.o
// RUN: %hcc -### %t.dir/a.o -L%t.dir -lfoo -Wl,--as-needed -Xlinker -zdefs -pthread -rdynamic -o %t.dir/app 2>&1 | FileCheck %s
// CHECK-NOT: --cuda
// CHECK: "{{[^"]*}}clang++{{[^"]*}}" "{{[^"]*}}a.o" "-L{{[^"]*}}" "-lfoo" "-Wl,--as-needed" "-Xlinker" "-zdefs" "-pthread" "-rdynamic" "-L[[LIB:[^"]+]]" "-Wl,-rpath,[[LIB]]" "-lhc_runtime" "-lpthread" "-ldl" "-o" "{{[^"]*}}app"

// Sources are compiled to temporary objects that take their place.
// RUN: %hcc -### %t.dir/a.o %s -lbar --offload-arch=sm_90 -o %t.dir/app 2>&1 | FileCheck --check-prefix=MIXED %s
// MIXED: "--cuda-host-only"
// MIXED: ld.lld{{[^"]*}}" "-r" {{.*}} "-o" "[[OBJ:[^"]+]]"
// MIXED: clang++{{[^"]*}}" "{{[^"]*}}a.o" "[[OBJ]]" "-lbar" {{.*}}"-lhc_runtime"

// Compile-only flags stay out of the link; link-only flags out of compiles.
// RUN: %hcc -### %s -DFOO -I%t.dir -std=c++17 -Wl,-z,now -o %t.dir/app --offload-arch=none 2>&1 | FileCheck --check-prefix=SPLIT %s
// SPLIT: "--cuda-host-only"
// SPLIT-NOT: -Wl,-z,now
// SPLIT: "-DFOO" "-I{{[^"]*}}" "-std=c++17"
// SPLIT-NOT: -Wl,-z,now
// SPLIT: "-c"
// SPLIT-NEXT: "{{[^"]*}}clang++{{[^"]*}}" "{{[^"]*}}.o" "-Wl,-z,now" "-L

// -shared: PIC host code, -shared at the link.
// RUN: %hcc -### -shared %s -o %t.dir/lib.so --offload-arch=sm_90 2>&1 | FileCheck --check-prefix=SHARED %s
// SHARED: "--cuda-host-only"{{.*}} "-fPIC" "-c"
// SHARED: "-x" "c" "-fPIC"
// SHARED: clang++{{[^"]*}}" "-shared" "{{[^"]*}}.o" {{.*}}"-lhc_runtime"

// An actual link of a CPU-only program (needs libhc_runtime in the tree).
// RUN: %hcc --offload-arch=none %s -o %t.dir/app && %t.dir/app

int main() { return 0; }
