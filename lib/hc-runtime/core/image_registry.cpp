// The registry of device code images (__hcc_register_image).
//
// Images are registered by static constructors of user objects and shared
// libraries, possibly before this library's own statics are initialised and
// from several threads (dlopen). Hence a function-local registry created on
// first use and never destroyed, guarded by its own mutex.
#include "core/image_registry.hpp"

#include "core/environment.hpp"
#include "hc/detail/abi_names.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>

namespace hc {
namespace detail {
namespace rt {
namespace {

struct entry {
  image img;
  bool scanned = false; // kernel names extracted yet?
  std::unordered_set<std::string> kernels;
  bool functions_scanned = false; // device functions extracted yet?
  std::unordered_set<std::string> defined;
  std::vector<std::string> external;
};

struct registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<entry>> entries;
};

// The device functions of `e`, read once (the caller holds the mutex).
entry &with_functions(entry &e) {
  if (!e.functions_scanned && e.img.desc.kind == __hcc_image_ptx &&
      e.img.desc.data) {
    image_device_functions f = ptx_device_functions(
        static_cast<const char *>(e.img.desc.data), e.img.desc.size);
    e.defined.insert(f.defined.begin(), f.defined.end());
    e.external = std::move(f.external);
  }
  e.functions_scanned = true;
  return e;
}

bool same_target(const __hcc_image_desc &a, const __hcc_image_desc &b) {
  return a.kind == b.kind && a.target && b.target &&
         std::strcmp(a.target, b.target) == 0;
}

registry &the_registry() {
  static registry *instance = new registry;
  return *instance;
}

} // namespace

std::vector<image> registered_images() {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<image> out;
  for (auto &e : r.entries)
    out.push_back(e->img);
  return out;
}

std::vector<image> images_with_kernel(unsigned kind, const char *kernel_name) {
  std::vector<image> out;
  if (!kernel_name)
    return out;
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (auto &e : r.entries) {
    if (e->img.desc.kind != kind)
      continue;
    if (!e->scanned) {
      // Lazily: most programs launch a few kernels of a few images, and
      // scanning large PTX text at startup would slow every program down.
      for (std::string &name : kernel_names_in(e->img.desc))
        e->kernels.insert(std::move(name));
      e->scanned = true;
    }
    if (e->kernels.count(kernel_name))
      out.push_back(e->img);
  }
  return out;
}

std::vector<image> images_to_link_with(const image &root) {
  std::vector<image> out;
  if (root.desc.kind != __hcc_image_ptx)
    return out;
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (root.index >= r.entries.size())
    return out;
  std::unordered_set<std::size_t> in_set{root.index};
  std::vector<entry *> pending{r.entries[root.index].get()};
  while (!pending.empty()) {
    entry &needing = with_functions(*pending.back());
    pending.pop_back();
    for (const std::string &name : needing.external) {
      if (needing.defined.count(name))
        continue;
      for (auto &candidate : r.entries) {
        if (!same_target(candidate->img.desc, root.desc) ||
            !with_functions(*candidate).defined.count(name))
          continue;
        if (in_set.insert(candidate->img.index).second) {
          out.push_back(candidate->img);
          pending.push_back(candidate.get());
        }
        break;
      }
    }
  }
  return out;
}

} // namespace rt
} // namespace detail
} // namespace hc

extern "C" void __hcc_register_image(const struct __hcc_image_desc *desc) {
  using namespace hc::detail::rt;
  // Called before main(): report bad descriptors, never throw or abort.
  if (!desc) {
    warn(std::string(hc::abi::register_image) +
         " called with a null descriptor; ignored");
    return;
  }
  if (desc->version < 1u || desc->version > __HCC_IMAGE_DESC_VERSION) {
    warn("device code image from " +
         std::string(desc->source ? desc->source : "an unknown object") +
         " has descriptor version " + std::to_string(desc->version) +
         " (expected " + std::to_string(__HCC_IMAGE_DESC_VERSION) +
         "); ignored. Rebuild it with this hcc.");
    return;
  }
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto e = std::make_unique<entry>();
  // Copy: the caller's descriptor may be temporary. Version 1 objects end
  // before host_globals.
  if (desc->version >= 2u) {
    e->img.desc = *desc;
  } else {
    std::memcpy(&e->img.desc, desc,
                offsetof(struct __hcc_image_desc, host_globals));
    e->img.desc.host_globals = nullptr;
  }
  e->img.index = r.entries.size();
  r.entries.push_back(std::move(e));
}
