// hcc -c embeds the PTX of each target in the object's .hcc_images section
// under local symbols, with a constructor that registers it.

// RUN: %hcc -c %s -o %t.o --offload-arch=sm_80,sm_90
// RUN: llvm-readelf -S %t.o | FileCheck --check-prefix=SECTION %s
// SECTION: .hcc_images PROGBITS
// RUN: llvm-nm %t.o | FileCheck --check-prefix=SYMS %s
// SYMS-DAG: U __hcc_register_image
// SYMS-DAG: r __hcc_image_{{[0-9a-f]+}}_0
// SYMS-DAG: r __hcc_image_{{[0-9a-f]+}}_1
// SYMS-DAG: t __hcc_register_images_{{[0-9a-f]+}}
// RUN: llvm-readelf --sections %t.o | FileCheck --check-prefix=CTOR %s
// CTOR: .init_array

// The section holds the PTX, NUL-terminated, one image per target, and the
// kernel's name in it is the one the host asks for.
// RUN: llvm-objcopy --dump-section=.hcc_images=%t.images %t.o
// RUN: FileCheck --check-prefix=PTX %s < %t.images
// PTX: .target sm_80
// PTX: .visible .entry [[KERNEL:_Z12kernel_entryI6SquareEv4ArgsIT_E]](
// PTX: .target sm_90
// PTX: .visible .entry [[KERNEL]](
// RUN: llvm-strings %t.o | FileCheck --check-prefix=HOSTNAME %s
// HOSTNAME: _Z12kernel_entryI6SquareEv4ArgsIT_E

// A source without kernels gets no image and no constructor.
// RUN: %hcc -c %S/Inputs/hello.cpp -o %t.nokernel.o --offload-arch=sm_90
// RUN: llvm-nm %t.nokernel.o | FileCheck --check-prefix=NOIMAGE %s
// NOIMAGE-NOT: __hcc
// NOIMAGE: main

template <class F> struct Args {
  F f;
  unsigned n;
};

template <class F> __attribute__((global)) void kernel_entry(Args<F> a) {
#ifdef __KALMAR_ACCELERATOR__
  unsigned i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
               __nvvm_read_ptx_sreg_tid_x();
  if (i < a.n)
    a.f(i);
#endif
}

struct Square {
  int *p;
  void operator()(unsigned i) const { p[i] = i * i; }
};

const char *square_kernel_name() {
  return __builtin_get_device_side_mangled_name(kernel_entry<Square>);
}
