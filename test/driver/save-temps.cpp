// -save-temps keeps the intermediate files next to the output and says
// where; paths with spaces and quotes survive the .incbin embedding.

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %hcc -save-temps --offload-arch=sm_90 -c %s -o %t.dir/out.o 2>&1 | FileCheck --check-prefix=MSG %s
// MSG: hcc: -save-temps: intermediate files kept in '{{.*}}.dir': save-temps-hcc-host.o save-temps-hcc-sm_90.ptx save-temps-hcc-images.c save-temps-hcc-images.o
// RUN: ls %t.dir | FileCheck --check-prefix=FILES %s
// FILES: out.o
// FILES-NEXT: save-temps-hcc-host.o
// FILES-NEXT: save-temps-hcc-images.c
// FILES-NEXT: save-temps-hcc-images.o
// FILES-NEXT: save-temps-hcc-sm_90.ptx
// RUN: FileCheck --check-prefix=PTX %s < %t.dir/save-temps-hcc-sm_90.ptx
// PTX: .entry _Z12kernel_entryI4FillEvT_

// RUN: mkdir -p "%t.dir/odd dir \"quoted\""
// RUN: %hcc -save-temps --offload-arch=sm_90 -c %s -o "%t.dir/odd dir \"quoted\"/out.o"
// RUN: llvm-objcopy --dump-section=.hcc_images=%t.images "%t.dir/odd dir \"quoted\"/out.o"
// RUN: FileCheck --check-prefix=PTX %s < %t.images

// -save-temps=cwd keeps them in the current directory.
// RUN: rm -rf %t.cwd && mkdir -p %t.cwd && cd %t.cwd
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t.dir/out2.o
// RUN: ls %t.cwd | FileCheck --check-prefix=CWD %s
// CWD: save-temps-hcc-sm_90.ptx

// Without -save-temps nothing is left behind, even after a failure.
// RUN: rm -rf %t.tmp && mkdir -p %t.tmp
// RUN: env TMPDIR=%t.tmp %hcc --offload-arch=sm_90 -c %s -o %t.dir/out3.o
// RUN: env TMPDIR=%t.tmp not %hcc --offload-arch=sm_90 -c -DBREAK %s -o %t.dir/out4.o
// RUN: ls -A %t.tmp | count 0

template <class F> __attribute__((global)) void kernel_entry(F f) { f(); }
struct Fill {
  int *p;
  void operator()() const { *p = 1; }
};
const char *name() { return __builtin_get_device_side_mangled_name(kernel_entry<Fill>); }
#ifdef BREAK
#error "broken on purpose"
#endif
