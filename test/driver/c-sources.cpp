// .c files are compiled as C by clang, once, without a device pass; C and
// C++ standards go to the sources they fit.

// RUN: %hcc -### -c %S/Inputs/plain.c -o %t.o 2>&1 | FileCheck --check-prefix=CMD %s
// CMD: "{{[^"]*}}clang++{{[^"]*}}" "-x" "c" "-c" "-o" "{{[^"]*}}.o" "{{[^"]*}}plain.c"
// CMD-NOT: cuda
// CMD-NOT: ld.lld

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cd %t.dir && %hcc -std=c11 -std=c++17 -c %S/Inputs/plain.c %s --offload-arch=none
// RUN: %hcc -std=c11 -std=c++17 %S/Inputs/plain.c %s --offload-arch=none -o %t.dir/app
// RUN: %t.dir/app
// RUN: %hcc -### -std=c11 -std=c++17 %S/Inputs/plain.c %s 2>&1 | FileCheck --check-prefix=STD %s
// STD: "-x" "c" "-std=c11" "-c"
// STD-NOT: c++17
// STD: "--cuda-host-only"
// STD-NOT: c11
// STD-SAME: "-std=c++17"

extern "C" int plain_c_function(void);
int main() { return plain_c_function() == 42 ? 0 : 1; }
