// The kernel of hsa_fake_dispatch_test: a code object (gfx90a, v5) built by
// clang at build time, whose metadata the HSA backend lays the kernarg
// segment out from. The argument is a 24-byte block passed by value, like
// hcc's argument blocks; it reads the grid so that the metadata lists the
// hidden arguments.
#include <gpuintrin.h>

struct block {
  int *out;
  int value;
  int pad[3];
};

extern "C" __attribute__((global)) void fake_kernel(block b) {
  b.out[__gpu_block_id_x() * __gpu_num_threads_x() + __gpu_thread_id_x()] =
      b.value + static_cast<int>(__gpu_num_blocks_x());
}
