#include "raw_cuda.hpp"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <stdexcept>

namespace raw_cuda {

namespace {

// Binds every entry point; the first missing one makes the driver unusable.
bool bind(void *handle, api &cu, std::string &why) {
#define RAW_CUDA_BIND(member, symbol, params)                                  \
  cu.member = reinterpret_cast<CUresult(*) params>(dlsym(handle, symbol));     \
  if (!cu.member) {                                                            \
    why = std::string("the driver lacks ") + symbol;                           \
    return false;                                                              \
  }
  RAW_CUDA_ENTRY_POINTS(RAW_CUDA_BIND)
#undef RAW_CUDA_BIND
  return true;
}

} // namespace

const api *load(std::string &why) {
  // Loaded once per process: the runtime holds the same library open, and
  // the driver keeps threads that must not see it unloaded.
  static api cu;
  static const api *loaded = nullptr;
  static std::string failure;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *name = std::getenv("HCC_CUDA_LIBRARY");
    if (!name || !*name)
      name = "libcuda.so.1";
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *error = dlerror();
      failure = std::string("cannot load ") + name + ": " +
                (error ? error : "unknown error");
      return;
    }
    if (!bind(handle, cu, failure))
      return;
    if (CUresult r = cu.cuInit(0)) {
      failure = describe(cu, "cuInit", r);
      return;
    }
    loaded = &cu;
  });
  if (!loaded)
    why = failure;
  return loaded;
}

std::string describe(const api &cu, const char *call, CUresult result) {
  const char *name = nullptr;
  if (cu.cuGetErrorName(result, &name) != CUDA_SUCCESS || !name) {
    // The toolkit's link stub names nothing; these are why a machine has
    // no usable driver.
    switch (result) {
    case 34: name = "CUDA_ERROR_STUB_LIBRARY"; break;
    case 100: name = "CUDA_ERROR_NO_DEVICE"; break;
    default: name = "unnamed CUresult"; break;
    }
  }
  return std::string(call) + " failed with " + name + " (" +
         std::to_string(result) + ")";
}

void check(const api &cu, const char *call, CUresult result) {
  if (result != CUDA_SUCCESS)
    throw std::runtime_error(describe(cu, call, result));
}

} // namespace raw_cuda
