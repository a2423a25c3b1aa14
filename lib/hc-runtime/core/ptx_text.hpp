// Character classes of PTX text, for the runtime's readers of device images
// (kernel entries, device functions) and the renaming of linked images.
#ifndef HC_RUNTIME_CORE_PTX_TEXT_HPP
#define HC_RUNTIME_CORE_PTX_TEXT_HPP

namespace hc {
namespace detail {
namespace rt {

inline bool is_ptx_blank(char c) { return c == ' ' || c == '\t'; }

inline bool is_ptx_space(char c) {
  return is_ptx_blank(c) || c == '\n' || c == '\r';
}

// PTX identifiers: letters, digits, _ $ and, after Clang mangling, '.'.
inline bool is_ptx_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.';
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
