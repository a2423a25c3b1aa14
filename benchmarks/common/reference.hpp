// The reference side of a benchmark: raw driver calls on the GPU that runs
// our kernels, with kernels nvcc compiled from benchmarks/reference/*.cu.
//
// It uses the device's primary context, the one the hc runtime uses too, so
// both sides share one context and one GPU, and a non-blocking stream of its
// own like the runtime's queues. All calls are made from the thread that
// opened it.
#ifndef HCC_BENCH_REFERENCE_HPP
#define HCC_BENCH_REFERENCE_HPP

#include "raw_cuda.hpp"

#include <memory>
#include <string>
#include <vector>

namespace bench {

class reference {
public:
  // `device_path` is the hc path of the accelerator our side runs on
  // ("cuda:0"); `cubin` the file name (no directory) of the reference
  // kernels in `ref_dir`. The cubin is read here, not loaded: loading is
  // load_module(), which first_launch times. Null, with the reason in `why`,
  // when there can be no reference: our side is not on a CUDA GPU, no
  // reference directory was given, the cubin is missing, or there is no
  // usable driver.
  static std::unique_ptr<reference> open(const std::string &device_path,
                                         const std::string &ref_dir,
                                         const std::string &cubin,
                                         std::string &why);
  ~reference();
  reference(const reference &) = delete;
  reference &operator=(const reference &) = delete;

  const raw_cuda::api &cu() const { return *cu_; }
  const std::string &device_name() const { return device_name_; }

  // Loads the cubin read by open() (once); later calls return the module.
  raw_cuda::CUmodule load_module();
  // A kernel of the module (loads it first if needed).
  raw_cuda::CUfunction function(const char *name);

  // One launch on the reference stream; `params` as cuLaunchKernel takes
  // them (one pointer per kernel parameter).
  void launch(raw_cuda::CUfunction f, unsigned grid_x, unsigned grid_y,
              unsigned block_x, unsigned block_y, void **params);
  // The same with a third dimension (3-D grids and blocks).
  void launch(raw_cuda::CUfunction f, unsigned grid_x, unsigned grid_y,
              unsigned grid_z, unsigned block_x, unsigned block_y,
              unsigned block_z, void **params);
  void sync();

  // Device memory, freed with the reference.
  raw_cuda::CUdeviceptr alloc(std::size_t bytes);
  void fill(raw_cuda::CUdeviceptr p, float value, std::size_t count);
  void upload(raw_cuda::CUdeviceptr dst, const void *src, std::size_t bytes);
  void download(void *dst, raw_cuda::CUdeviceptr src, std::size_t bytes);

private:
  reference() = default;

  const raw_cuda::api *cu_ = nullptr;
  raw_cuda::CUcontext ctx_ = nullptr;
  raw_cuda::CUstream stream_ = nullptr;
  raw_cuda::CUmodule module_ = nullptr;
  std::vector<char> image_;
  std::vector<raw_cuda::CUdeviceptr> allocations_;
  std::string device_name_;
};

} // namespace bench

#endif // HCC_BENCH_REFERENCE_HPP
