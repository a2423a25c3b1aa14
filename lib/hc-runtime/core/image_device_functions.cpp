// Reading which device functions a PTX image defines for other images and
// which it calls from them (docs/driver.md, "Device functions across
// translation units").
#include "core/image_registry.hpp"
#include "core/ptx_text.hpp"

#include <cstring>

namespace hc {
namespace detail {
namespace rt {
namespace {

// The directive before `.func` on its line: ".extern", ".visible", ".weak"
// or "" (a function of the image alone).
std::string linkage_before(const char *text, std::size_t func) {
  std::size_t end = func;
  while (end > 0 && is_ptx_blank(text[end - 1]))
    --end;
  std::size_t begin = end;
  while (begin > 0 && text[begin - 1] != '\n' && !is_ptx_blank(text[begin - 1]))
    --begin;
  return std::string(text + begin, end - begin);
}

} // namespace

image_device_functions ptx_device_functions(const char *text,
                                            std::size_t size) {
  image_device_functions out;
  static const char directive[] = ".func";
  const std::size_t length = sizeof(directive) - 1;
  for (std::size_t i = 0; i + length < size; ++i) {
    if (std::memcmp(text + i, directive, length) != 0 ||
        (i > 0 && !is_ptx_space(text[i - 1])))
      continue;
    std::size_t p = i + length;
    if (!is_ptx_space(text[p]) && text[p] != '(')
      continue; // part of another token
    std::string linkage = linkage_before(text, i);
    bool defined = linkage == ".visible" || linkage == ".weak";
    if (!defined && linkage != ".extern")
      continue;
    while (p < size && is_ptx_space(text[p]))
      ++p;
    if (p < size && text[p] == '(') { // the return value's parameter
      while (p < size && text[p] != ')')
        ++p;
      ++p;
      while (p < size && is_ptx_space(text[p]))
        ++p;
    }
    std::size_t begin = p;
    while (p < size && is_ptx_name_char(text[p]))
      ++p;
    if (p == begin)
      continue;
    (defined ? out.defined : out.external)
        .emplace_back(text + begin, p - begin);
    i = p;
  }
  return out;
}

} // namespace rt
} // namespace detail
} // namespace hc
