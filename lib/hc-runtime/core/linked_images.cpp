// Modules linked from several PTX images (linked_images.hpp).
#include "core/linked_images.hpp"

#include "core/ptx_text.hpp"
#include "core/svm_globals.hpp"

#include <cstring>

namespace hc {
namespace detail {
namespace rt {
namespace {

// `text` with every whole identifier `from` replaced by `to`.
std::string rename_identifier(const std::string &text, const char *from,
                              const std::string &to) {
  const std::size_t length = std::strlen(from);
  std::string out;
  out.reserve(text.size());
  std::size_t done = 0;
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + length)) {
    bool starts = at == 0 || !is_ptx_name_char(text[at - 1]);
    bool ends =
        at + length == text.size() || !is_ptx_name_char(text[at + length]);
    if (!starts || !ends)
      continue;
    out.append(text, done, at - done);
    out += to;
    done = at + length;
  }
  out.append(text, done, std::string::npos);
  return out;
}

std::string linked_name(const char *symbol, std::size_t position) {
  return std::string(symbol) + "_linked_" + std::to_string(position);
}

} // namespace

std::string linked_ptx_text(const __hcc_image_desc &desc,
                            std::size_t position) {
  if (!desc.data)
    return std::string();
  std::string text(static_cast<const char *>(desc.data), desc.size);
  if (position == 0)
    return text;
  text =
      rename_identifier(text, svm::host_global_slots_symbol,
                        linked_name(svm::host_global_slots_symbol, position));
  return rename_identifier(
      text, svm::host_global_names_symbol,
      linked_name(svm::host_global_names_symbol, position));
}

void set_up_linked_module(device_impl &dev, loaded_module &module,
                          const __hcc_image_desc &root,
                          const std::vector<image> &linked) {
  set_up_loaded_module(dev, module, root);
  for (std::size_t i = 0; i < linked.size(); ++i) {
    std::string slots = linked_name(svm::host_global_slots_symbol, i + 1);
    std::string names = linked_name(svm::host_global_names_symbol, i + 1);
    svm::host_globals_attach(dev, module, linked[i].desc, slots.c_str(),
                             names.c_str());
  }
}

} // namespace rt
} // namespace detail
} // namespace hc
