// Discovery of the CUDA devices.
#include "backends/cuda/cuda_backend.hpp"

#include "backends/cuda/cuda_device.hpp"

#include <algorithm>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// One device, or null (with a note) if the driver cannot describe it.
cuda_device *make_device(const std::shared_ptr<const driver_api> &api,
                         int ordinal) {
  std::string where = "cuda:" + std::to_string(ordinal);
  auto failed = [&](const char *call, CUresult r) {
    note(error_message(*api, call, r, where) + "; device skipped");
    return nullptr;
  };
  CUdevice handle = 0;
  CUresult r = api->cuDeviceGet(&handle, ordinal);
  if (r != CUDA_SUCCESS)
    return failed("cuDeviceGet", r);
  char name[256] = {0};
  r = api->cuDeviceGetName(name, sizeof name - 1, handle);
  if (r != CUDA_SUCCESS)
    return failed("cuDeviceGetName", r);
  std::size_t memory = 0;
  r = api->cuDeviceTotalMem(&memory, handle);
  if (r != CUDA_SUCCESS)
    return failed("cuDeviceTotalMem_v2", r);

  struct {
    CUdevice_attribute attribute;
    const char *what;
    int value;
  } attributes[] = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "major", 0},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "minor", 0},
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "SMs", 0},
      {CU_DEVICE_ATTRIBUTE_WARP_SIZE, "warp", 0},
      {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "threads", 0},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, "shared", 0},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "optin", 0},
      {CU_DEVICE_ATTRIBUTE_INTEGRATED, "integrated", 0},
  };
  for (auto &a : attributes) {
    r = api->cuDeviceGetAttribute(&a.value, a.attribute, handle);
    if (r != CUDA_SUCCESS)
      return failed("cuDeviceGetAttribute", r);
  }
  int major = attributes[0].value, minor = attributes[1].value;
  int sms = attributes[2].value, warp = attributes[3].value;
  int threads = attributes[4].value, shared = attributes[5].value;
  int optin = attributes[6].value;

  device_info info;
  for (const char *p = name; *p; ++p)
    info.description += static_cast<wchar_t>(static_cast<unsigned char>(*p));
  info.device_path = L"cuda:" + std::to_wstring(ordinal);
  info.backend = "cuda";
  info.shares_host_memory_per_launch = true;
  info.dedicated_memory_kb = memory / 1024;
  info.version = (static_cast<unsigned>(major) << 16) |
                 static_cast<unsigned>(minor);
  info.compute_units = sms > 0 ? static_cast<unsigned>(sms) : 1;
  info.max_tile_size =
      threads > 0 ? std::min(1024u, static_cast<unsigned>(threads)) : 1024u;
  info.max_tile_static_bytes =
      static_cast<std::size_t>(std::max(optin, shared));
  info.wavefront_size = warp > 0 ? static_cast<unsigned>(warp) : 32;
  info.is_emulated = false;
  info.has_display = false;
  info.supports_double_precision = true;
  info.supports_limited_double_precision = true;
  info.supports_cpu_shared_memory = false;
  info.is_host_memory = false;
  // Pageable memory access (HMM, or hardware coherence as on Grace
  // Hopper): kernels can follow any host pointer, so references to arrays
  // need no relocation. Unknown to the driver: assume not.
  int pageable = 0;
  if (api->cuDeviceGetAttribute(&pageable,
                                CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
                                handle) != CUDA_SUCCESS)
    pageable = 0;
  info.reads_host_memory = pageable != 0;
  // Atomic operations of kernels on host memory (docs/platform-atomics.md):
  // done by the link (PCIe atomics, NVLink-C2C), or on pages that pageable
  // memory access migrates to the GPU. Without either, an atomic on
  // page-locked host memory traps (CUDA_ERROR_ILLEGAL_INSTRUCTION).
  int native_atomics = 0;
  if (api->cuDeviceGetAttribute(
          &native_atomics, CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED,
          handle) != CUDA_SUCCESS)
    native_atomics = 0;
  info.platform_atomics = native_atomics != 0 || info.reads_host_memory;

  note(where + ": " + name + ", sm_" + std::to_string(major * 10 + minor) +
       ", " + std::to_string(sms) + " SMs, " + std::to_string(memory >> 20) +
       " MiB, " + std::to_string(info.max_tile_static_bytes) +
       " bytes of group memory per tile" +
       (info.reads_host_memory ? ", reads pageable host memory" : "") +
       (info.platform_atomics ? "" : ", no atomics on host memory"));
  auto dev = std::make_unique<cuda_device>(api, ordinal, handle,
                                           std::move(info), major * 10 + minor);
  cuda_device *kept = dev.get();
  keep_for_program(std::move(dev));
  return kept;
}

std::vector<device *> discover_devices(std::shared_ptr<const driver_api> api) {
  CUresult r = api->cuInit(0);
  if (r != CUDA_SUCCESS) {
    note(error_message(*api, "cuInit", r, api->library) +
         "; no CUDA devices");
    return {};
  }
  int version = 0;
  api->cuDriverGetVersion(&version);
  int count = 0;
  r = api->cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS) {
    note(error_message(*api, "cuDeviceGetCount", r, api->library) +
         "; no CUDA devices");
    return {};
  }
  note(api->library + ": CUDA driver " + std::to_string(version / 1000) + "." +
       std::to_string(version % 1000 / 10) + ", " + std::to_string(count) +
       " device(s)");
  std::vector<device *> devices;
  for (int ordinal = 0; ordinal < count; ++ordinal)
    if (cuda_device *d = make_device(api, ordinal))
      devices.push_back(d);
  return devices;
}

class cuda_backend final : public backend {
public:
  explicit cuda_backend(symbol_lookup lookup) : lookup_(std::move(lookup)) {}

  const char *name() const override { return "cuda"; }

  std::vector<device *> discover() override {
    return discover_with_driver<driver_api>(
        "cuda", "no CUDA devices",
        [this](std::string &why) {
          return lookup_ ? bind_driver(lookup_, "test driver", why)
                         : load_driver(why);
        },
        [](std::shared_ptr<const driver_api> api) {
          return discover_devices(std::move(api));
        });
  }

private:
  symbol_lookup lookup_;
};

} // namespace

std::unique_ptr<backend> make_backend_with(symbol_lookup lookup) {
  return std::make_unique<cuda_backend>(std::move(lookup));
}

} // namespace cuda

std::unique_ptr<backend> make_cuda_backend() {
  return std::make_unique<cuda::cuda_backend>(cuda::symbol_lookup());
}

} // namespace rt
} // namespace detail
} // namespace hc
