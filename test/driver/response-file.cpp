// Build systems pass long command lines in response files.

// RUN: echo '-DFROM_RESPONSE_FILE=1 -c --offload-arch=sm_90' > %t.rsp
// RUN: %hcc -### @%t.rsp %s -o %t.o 2>&1 | FileCheck %s
// CHECK: "--cuda-host-only"{{.*}} "-DFROM_RESPONSE_FILE=1" {{.*}}"-c"
// CHECK: "--cuda-device-only"{{.*}} "-DFROM_RESPONSE_FILE=1"
// RUN: %hcc @%t.rsp %s -o %t.o

#if FROM_RESPONSE_FILE != 1
#error "response file not read"
#endif
