// The shape of an hc kernel without the hc runtime: one __global__ template
// instantiated per functor, taking one by-value argument block, as
// hc::parallel_for_each does. launch() only names the kernel (which is what
// makes Clang emit it); nothing here runs.
#ifndef HCC_TEST_COMPILER_KERNEL_H
#define HCC_TEST_COMPILER_KERNEL_H

#ifdef __KALMAR_ACCELERATOR__
#include <gpuintrin.h>
#endif

template <class F> struct Args {
  F f;
  unsigned n;
};

template <class F> __attribute__((global)) void kernel_entry(Args<F> a) {
#ifdef __KALMAR_ACCELERATOR__
  unsigned i = __gpu_block_id_x() * __gpu_num_threads_x() + __gpu_thread_id_x();
  if (i < a.n)
    a.f(i);
#else
  (void)a;
#endif
}

template <class F> const char *launch(const F &, unsigned) {
  return __builtin_get_device_side_mangled_name(kernel_entry<F>);
}

#endif
