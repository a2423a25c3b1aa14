// Errors: hcc's own, and clang's shown once with a failing exit status.

// RUN: not %hcc 2>&1 | FileCheck --check-prefix=NOINPUT %s
// NOINPUT: hcc: error: no input files

// RUN: not %hcc -c %s %S/Inputs/hello.cpp -o %t.o 2>&1 | FileCheck --check-prefix=MULTI %s
// MULTI: hcc: error: cannot specify -o when generating multiple output files

// RUN: not %hcc -c %t.does-not-exist.cpp 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: hcc: error: no such file or directory: '{{.*}}does-not-exist.cpp'

// RUN: not %hcc -c %s -o 2>&1 | FileCheck --check-prefix=MISSINGARG %s
// MISSINGARG: hcc: error: argument to '-o' is missing (expected 1 value)

// RUN: echo 'int x;' | not %hcc -x c++ -c - 2>&1 | FileCheck --check-prefix=STDIN %s
// STDIN: hcc: error: reading a C++ source from standard input is only supported with -E

// A host error is reported once, by the host pass; no device pass runs.
// RUN: not %hcc -c -DHOST_ERROR --offload-arch=sm_90 %s -o %t.o 2>&1 | FileCheck --check-prefix=HOST %s
// HOST: error: use of undeclared identifier 'undeclared_thing'
// HOST-NOT: error:
// HOST-NOT: sm_90

// Unknown flags go to clang, which rejects them.
// RUN: not %hcc -c -fno-such-flag-anywhere %s -o %t.o 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: error: unknown argument: '-fno-such-flag-anywhere'

// Link failures come back as a failing status with the linker's message.
// RUN: not %hcc --offload-arch=none %s -lno-such-library-anywhere -o %t 2>&1 | FileCheck --check-prefix=LINK %s
// LINK: no-such-library-anywhere

// After a failure in one source the others are still compiled, but nothing
// is linked.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not %hcc -v -DHOST_ERROR --offload-arch=none %s %S/Inputs/hello.cpp -o %t.dir/app 2>&1 | FileCheck --check-prefix=CONTINUE %s
// CONTINUE: "--cuda-host-only"{{.*}}errors.cpp"
// CONTINUE: error: use of undeclared identifier 'undeclared_thing'
// CONTINUE: "--cuda-host-only"{{.*}}hello.cpp"
// CONTINUE-NOT: lhc_runtime
// RUN: not ls %t.dir/app

#ifdef HOST_ERROR
int f() { return undeclared_thing; }
#endif
int g() { return 0; }
