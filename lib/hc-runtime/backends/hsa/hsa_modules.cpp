// Loading code objects into an agent (the best match for its ISA) and
// looking up kernels by name.
#include "backends/hsa/hsa_device.hpp"
#include "backends/hsa/hsa_isa.hpp"
#include "core/image_registry.hpp"
#include "hc/detail/exceptions.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

const hsa_device::loaded_image &
hsa_device::load_image(std::size_t index, const __hcc_image_desc &desc) {
  const void *data = desc.data;
  const std::size_t size = desc.size;
  const char *source = desc.source;
  auto found = images_.find(index);
  if (found != images_.end())
    return found->second;
  loaded_image image;
  try {
    image.metadata = read_code_object_metadata(data, size);
  } catch (const std::exception &e) {
    throw Kalmar::runtime_exception(
        std::string("hc runtime: AMDGPU image of ") + (source ? source : "?") +
            ": " + e.what(),
        Kalmar::E_FAIL_CODE);
  }
  hsa_code_object_reader_t reader{};
  hsa_status_t s =
      api_->hsa_code_object_reader_create_from_memory(data, size, &reader);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_code_object_reader_create_from_memory", s, source);
  s = api_->hsa_executable_create_alt(desc_.profile,
                                      HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &image.executable);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_create_alt", s, source);
  s = api_->hsa_executable_load_agent_code_object(image.executable, desc_.agent,
                                                  reader, nullptr, nullptr);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_load_agent_code_object", s, source);
  s = api_->hsa_executable_freeze(image.executable, nullptr);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_freeze", s, source);
  // Kernels that print, use the program's globals or allocate get what
  // the runtime provides them.
  hsa_module view(*this, image.executable, source);
  set_up_loaded_module(*this, view, desc);
  // The reader is needed only while loading; the executable (and with it
  // the code) stays for the program's life, like the CUDA modules.
  return images_.emplace(index, std::move(image)).first->second;
}

const hsa_kernel &hsa_device::kernel(const char *name, std::size_t args_size) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto cached = kernels_.find(name);
  if (cached != kernels_.end())
    return cached->second;

  // The image made for this agent's ISA; of several that fit, the one that
  // pins the most target-id features (gfx90a:xnack+ before gfx90a).
  std::vector<image> candidates = images_with_kernel(__hcc_image_hsaco, name);
  const image *best = nullptr;
  int best_score = -1;
  std::string available;
  for (const image &im : candidates) {
    int score = isa_match(im.desc.target, desc_.isa_name);
    available += std::string(available.empty() ? "" : ", ") + im.desc.target;
    if (score > best_score) {
      best = &im;
      best_score = score;
    }
  }
  std::string agent = agent_target_id(desc_.isa_name);
  if (!best)
    throw Kalmar::runtime_exception(
        "hc runtime: no AMDGPU image of kernel '" + std::string(name) +
            "' runs on " +
            std::string(info_.device_path.begin(), info_.device_path.end()) +
            " (" + agent +
            "); images: " + (available.empty() ? "none" : available) +
            ". Rebuild with --offload-arch=" + agent.substr(0, agent.find(':')),
        Kalmar::E_FAIL_CODE);

  const loaded_image &img = load_image(best->index, best->desc);
  const kernel_metadata *md = img.metadata.find_kernel(name);
  if (!md)
    throw Kalmar::runtime_exception(
        "hc runtime: kernel '" + std::string(name) +
            "' has no metadata in its AMDGPU image (" +
            (best->desc.source ? best->desc.source : "?") + ")",
        Kalmar::E_FAIL_CODE);
  hsa_kernel k;
  try {
    k.kernargs = plan_kernargs(*md, args_size);
  } catch (const std::exception &e) {
    throw Kalmar::runtime_exception(std::string("hc runtime: ") + e.what(),
                                    Kalmar::E_FAIL_CODE);
  }
  k.group_fixed = md->group_segment_fixed_size;
  // A kernel with a dynamic stack (recursion, calls through pointers) needs
  // scratch beyond its fixed size; 1 KiB per work-item, the HIP runtime's
  // default stack size.
  k.private_fixed =
      md->private_segment_fixed_size + (md->uses_dynamic_stack ? 1024u : 0u);
  hsa_executable_symbol_t symbol{};
  std::string kd = md->symbol.empty() ? std::string(name) + ".kd" : md->symbol;
  hsa_status_t s = api_->hsa_executable_get_symbol_by_name(
      img.executable, kd.c_str(), &desc_.agent, &symbol);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_get_symbol_by_name", s, kd);
  s = api_->hsa_executable_symbol_get_info(
      symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &k.object);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_symbol_get_info", s, kd);
  return kernels_.emplace(name, std::move(k)).first->second;
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
