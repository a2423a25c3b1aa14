#include "backends/cuda/cuda_driver.hpp"

#include "core/svm_visibility.hpp"

#include "core/environment.hpp"
#include "hc/detail/exceptions.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

std::string driver_api::error_name(CUresult result) const {
  const char *name = nullptr;
  if (cuGetErrorName && cuGetErrorName(result, &name) == CUDA_SUCCESS && name)
    return name;
  if (const char *builtin = builtin_error_name(result))
    return builtin;
  return "CUresult " + std::to_string(result);
}

std::string driver_api::error_string(CUresult result) const {
  const char *text = nullptr;
  if (cuGetErrorString && cuGetErrorString(result, &text) == CUDA_SUCCESS &&
      text)
    return text;
  return std::string();
}

std::shared_ptr<const driver_api> bind_driver(const symbol_lookup &lookup,
                                              const std::string &library,
                                              std::string &why) {
  auto api = std::make_shared<driver_api>();
  api->library = library;
  entry_point_binder bind(lookup);
#define HCC_CUDA_BIND_REQUIRED(member, symbol, params)                         \
  bind.required(api->member, symbol);
  HCC_CUDA_REQUIRED_ENTRY_POINTS(HCC_CUDA_BIND_REQUIRED)
#undef HCC_CUDA_BIND_REQUIRED
#define HCC_CUDA_BIND_OPTIONAL(member, symbol, params)                         \
  bind.optional(api->member, symbol);
  HCC_CUDA_OPTIONAL_ENTRY_POINTS(HCC_CUDA_BIND_OPTIONAL)
#undef HCC_CUDA_BIND_OPTIONAL
  if (!bind.complete(library, "driver too old?", why))
    return nullptr;
  if (!api->cuEventElapsedTime)
    api->cuEventElapsedTime = api->cuEventElapsedTime_v1;
  return api;
}

std::shared_ptr<const driver_api> load_driver(std::string &why) {
  std::string name = driver_library_name("HCC_CUDA_LIBRARY", "libcuda.so.1");
  symbol_lookup lookup = open_driver_library(name, why);
  return lookup ? bind_driver(lookup, name, why) : nullptr;
}

const char *builtin_error_name(CUresult result) {
  switch (result) {
  case CUDA_SUCCESS: return "CUDA_SUCCESS";
  case CUDA_ERROR_INVALID_VALUE: return "CUDA_ERROR_INVALID_VALUE";
  case CUDA_ERROR_OUT_OF_MEMORY: return "CUDA_ERROR_OUT_OF_MEMORY";
  case CUDA_ERROR_NOT_INITIALIZED: return "CUDA_ERROR_NOT_INITIALIZED";
  case CUDA_ERROR_DEINITIALIZED: return "CUDA_ERROR_DEINITIALIZED";
  case CUDA_ERROR_STUB_LIBRARY: return "CUDA_ERROR_STUB_LIBRARY";
  case CUDA_ERROR_NO_DEVICE: return "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_INVALID_DEVICE: return "CUDA_ERROR_INVALID_DEVICE";
  case CUDA_ERROR_INVALID_IMAGE: return "CUDA_ERROR_INVALID_IMAGE";
  case CUDA_ERROR_INVALID_CONTEXT: return "CUDA_ERROR_INVALID_CONTEXT";
  case CUDA_ERROR_NO_BINARY_FOR_GPU: return "CUDA_ERROR_NO_BINARY_FOR_GPU";
  case CUDA_ERROR_INVALID_PTX: return "CUDA_ERROR_INVALID_PTX";
  case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    return "CUDA_ERROR_UNSUPPORTED_PTX_VERSION";
  case CUDA_ERROR_INVALID_HANDLE: return "CUDA_ERROR_INVALID_HANDLE";
  case CUDA_ERROR_NOT_FOUND: return "CUDA_ERROR_NOT_FOUND";
  case CUDA_ERROR_NOT_READY: return "CUDA_ERROR_NOT_READY";
  case CUDA_ERROR_ILLEGAL_ADDRESS: return "CUDA_ERROR_ILLEGAL_ADDRESS";
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
    return "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
  case CUDA_ERROR_LAUNCH_TIMEOUT: return "CUDA_ERROR_LAUNCH_TIMEOUT";
  case CUDA_ERROR_LAUNCH_FAILED: return "CUDA_ERROR_LAUNCH_FAILED";
  case CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED:
    return "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED";
  case CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED:
    return "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED";
  case CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED:
    return "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED";
  case CUDA_ERROR_NOT_SUPPORTED: return "CUDA_ERROR_NOT_SUPPORTED";
  case CUDA_ERROR_UNKNOWN: return "CUDA_ERROR_UNKNOWN";
  default: return nullptr;
  }
}

std::string format_error(const char *call, CUresult result, const char *name,
                         const char *description) {
  std::string text = std::string(call ? call : "CUDA call") + " failed with ";
  text += name ? std::string(name) : "CUresult " + std::to_string(result);
  text += " (" + std::to_string(result) + ")";
  if (description && *description)
    text += std::string(": ") + description;
  return text;
}

std::string error_message(const driver_api &api, const char *call,
                          CUresult result, const std::string &context) {
  std::string name = api.error_name(result);
  std::string description = api.error_string(result);
  std::string text = "hc runtime: ";
  if (!context.empty())
    text += context + ": ";
  text += format_error(call, result, name.c_str(), description.c_str());
  // The usual cause in hc programs: host memory the kernel reached through
  // something other than its captured pointers (docs/svm.md).
  if (result == CUDA_ERROR_ILLEGAL_ADDRESS)
    text += "; the kernel accessed memory the GPU cannot reach: host memory "
            "is visible to kernels through the pointers and references they "
            "capture (and the first words those point to) and the global "
            "variables they use, not through pointers stored deeper in host "
            "data (docs/svm.md)" +
            svm::fault_suspects(context);
  return text;
}

void throw_error(const driver_api &api, const char *call, CUresult result,
                 const std::string &context) {
  std::string message = error_message(api, call, result, context);
  if (result == CUDA_ERROR_OUT_OF_MEMORY)
    throw Kalmar::out_of_memory(message);
  throw Kalmar::runtime_exception(message, Kalmar::E_FAIL_CODE);
}

void note(const std::string &message) { rt::note("cuda", message); }

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
