#include "reference.hpp"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

namespace bench {

using namespace raw_cuda;

namespace {

// "cuda:1" -> 1; -1 for a path of another backend.
int cuda_ordinal(const std::string &path) {
  if (path.compare(0, 4, "cuda") != 0)
    return -1;
  if (path.size() == 4)
    return 0;
  if (path[4] != ':')
    return -1;
  return std::atoi(path.c_str() + 5);
}

} // namespace

std::unique_ptr<reference> reference::open(const std::string &device_path,
                                           const std::string &ref_dir,
                                           const std::string &cubin,
                                           std::string &why) {
  // Comparing a CPU run with a GPU kernel would mean nothing.
  int ordinal = cuda_ordinal(device_path);
  // Test-only: the lit tests run the reference path with a fake driver
  // (test/benchmarks/Inputs/fake_cuda.c) while ours runs on the CPU.
  const char *fake = std::getenv("HCC_BENCH_FAKE_REF");
  if (ordinal < 0 && fake && !std::strcmp(fake, "1"))
    ordinal = 0;
  if (ordinal < 0) {
    why = "our side runs on " + device_path + ", not on a CUDA GPU";
    return nullptr;
  }
  if (ref_dir.empty()) {
    why = "no reference directory (--ref-dir or HCC_BENCH_REF_DIR)";
    return nullptr;
  }
  std::string file = ref_dir + "/" + cubin;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    why = "cannot read " + file + " (run benchmarks/run-gpu.sh to build it)";
    return nullptr;
  }
  std::unique_ptr<reference> r(new reference);
  r->image_.assign(std::istreambuf_iterator<char>(in),
                   std::istreambuf_iterator<char>());
  r->image_.push_back('\0'); // PTX (if one is given) must be a C string
  r->cu_ = load(why);
  if (!r->cu_)
    return nullptr;
  const api &cu = *r->cu_;
  CUdevice dev;
  check(cu, "cuDeviceGet", cu.cuDeviceGet(&dev, ordinal));
  char name[256] = {};
  check(cu, "cuDeviceGetName", cu.cuDeviceGetName(name, sizeof name - 1, dev));
  r->device_name_ = name;
  // Retained and never released: the runtime keeps the same primary
  // context for the whole program too.
  check(cu, "cuDevicePrimaryCtxRetain",
        cu.cuDevicePrimaryCtxRetain(&r->ctx_, dev));
  check(cu, "cuCtxSetCurrent", cu.cuCtxSetCurrent(r->ctx_));
  check(cu, "cuStreamCreate",
        cu.cuStreamCreate(&r->stream_, CU_STREAM_NON_BLOCKING));
  return r;
}

reference::~reference() {
  // open() may have failed before the driver or the context existed.
  if (!cu_ || !ctx_)
    return;
  // Best effort: errors at teardown have nothing left to report to.
  cu_->cuCtxSetCurrent(ctx_);
  if (stream_)
    cu_->cuStreamSynchronize(stream_);
  for (CUdeviceptr p : allocations_)
    cu_->cuMemFree(p);
  if (module_)
    cu_->cuModuleUnload(module_);
  if (stream_)
    cu_->cuStreamDestroy(stream_);
}

CUmodule reference::load_module() {
  if (!module_)
    check(*cu_, "cuModuleLoadData",
          cu_->cuModuleLoadData(&module_, image_.data()));
  return module_;
}

CUfunction reference::function(const char *name) {
  CUfunction f;
  CUresult r = cu_->cuModuleGetFunction(&f, load_module(), name);
  check(*cu_, (std::string("cuModuleGetFunction ") + name).c_str(), r);
  return f;
}

void reference::launch(CUfunction f, unsigned grid_x, unsigned grid_y,
                       unsigned block_x, unsigned block_y, void **params) {
  launch(f, grid_x, grid_y, 1, block_x, block_y, 1, params);
}

void reference::launch(CUfunction f, unsigned grid_x, unsigned grid_y,
                       unsigned grid_z, unsigned block_x, unsigned block_y,
                       unsigned block_z, void **params) {
  check(*cu_, "cuLaunchKernel",
        cu_->cuLaunchKernel(f, grid_x, grid_y, grid_z, block_x, block_y,
                            block_z, 0, stream_, params, nullptr));
}

void reference::sync() {
  check(*cu_, "cuStreamSynchronize", cu_->cuStreamSynchronize(stream_));
}

CUdeviceptr reference::alloc(std::size_t bytes) {
  CUdeviceptr p;
  check(*cu_, "cuMemAlloc", cu_->cuMemAlloc(&p, bytes));
  allocations_.push_back(p);
  return p;
}

void reference::fill(CUdeviceptr p, float value, std::size_t count) {
  unsigned bits;
  std::memcpy(&bits, &value, sizeof bits);
  check(*cu_, "cuMemsetD32", cu_->cuMemsetD32(p, bits, count));
  // The memset went to the legacy stream, which our non-blocking stream
  // does not wait for: finish it before the kernels use the memory.
  check(*cu_, "cuCtxSynchronize", cu_->cuCtxSynchronize());
}

void reference::upload(CUdeviceptr dst, const void *src, std::size_t bytes) {
  check(*cu_, "cuMemcpyHtoD", cu_->cuMemcpyHtoD(dst, src, bytes));
  // From pageable memory the call may return before the DMA finished, on
  // the legacy stream: finish it before our stream's kernels read it.
  check(*cu_, "cuCtxSynchronize", cu_->cuCtxSynchronize());
}

void reference::download(void *dst, CUdeviceptr src, std::size_t bytes) {
  sync(); // the copy runs on the legacy stream, which does not wait for ours
  check(*cu_, "cuMemcpyDtoH", cu_->cuMemcpyDtoH(dst, src, bytes));
}

} // namespace bench
