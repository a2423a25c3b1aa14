// Host formatting of device printf records: the device stores the raw
// arguments; each conversion is printed here by the C library's snprintf
// with the argument read at the offset the shared format walk gives
// (printf_record.h), so the output is what printf on the host prints.
#include "core/printf_format.hpp"

#include "hc/detail/printf_record.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace hc {
namespace detail {
namespace rt {

namespace {

namespace pr = printf_record;

const char *const missing = "<missing>";

template <class T> bool read(const unsigned char *args, std::size_t size,
                             std::size_t offset, T &value) {
  if (offset + sizeof(T) > size)
    return false;
  std::memcpy(&value, args + offset, sizeof(T));
  return true;
}

template <class... V>
void append(std::string &out, const std::string &spec, V... values) {
  char small[128];
  int n = std::snprintf(small, sizeof small, spec.c_str(), values...);
  if (n < 0)
    return;
  if (static_cast<std::size_t>(n) < sizeof small) {
    out.append(small, static_cast<std::size_t>(n));
    return;
  }
  std::string big(static_cast<std::size_t>(n) + 1, '\0');
  std::snprintf(&big[0], big.size(), spec.c_str(), values...);
  out.append(big.data(), static_cast<std::size_t>(n));
}

// The conversion's text with '*' replaced by the star arguments and the
// length modifiers replaced by `length`, ready for snprintf.
std::string make_spec(const char *format, const pr::conversion &c,
                      const int *stars, const char *length) {
  std::string spec;
  unsigned star = 0;
  for (unsigned i = c.begin; i + 1 < c.end; ++i) {
    const char ch = format[i];
    if (ch == '*')
      spec += std::to_string(stars[star++]);
    else if (ch == 'h' || ch == 'l' || ch == 'L' || ch == 'j' || ch == 'z' ||
             ch == 't' || ch == 'q')
      continue;
    else
      spec += ch;
  }
  spec += length;
  spec += c.type;
  return spec;
}

// "hh" / "h" as written (the value is an int), "" otherwise.
const char *short_length(const char *format, const pr::conversion &c) {
  unsigned h = 0;
  for (unsigned i = c.begin; i + 1 < c.end; ++i)
    h += format[i] == 'h';
  return h >= 2 ? "hh" : h == 1 ? "h" : "";
}

} // namespace

std::string format_printf(const char *format, std::size_t format_size,
                          const unsigned char *args, std::size_t args_size,
                          const char *strings, std::size_t strings_size) {
  std::string out;
  // The record holds the NUL; never read past the block even without it.
  const std::size_t length = strnlen(format, format_size);
  const std::string fmt(format, length);
  const char *f = fmt.c_str();
  std::size_t next_string = 0;
  unsigned offset = 0;
  for (std::size_t i = 0; i < length;) {
    if (f[i] != '%') {
      const char *pct = std::strchr(f + i, '%');
      const std::size_t stop = pct ? static_cast<std::size_t>(pct - f) : length;
      out.append(f + i, stop - i);
      i = stop;
      continue;
    }
    const pr::conversion c = pr::parse_conversion(f, static_cast<unsigned>(i));
    unsigned star_at[2] = {0, 0}, value_at = 0;
    offset = pr::place_arguments(c, offset, star_at, &value_at);
    i = c.end;
    if (c.type == 0) { // not a conversion: printed as written
      out.append(f + c.begin, c.end - c.begin);
      continue;
    }
    if (c.type == '%') {
      out += '%';
      continue;
    }
    int stars[2] = {0, 0};
    bool ok = true;
    for (unsigned s = 0; s < c.star_args && s < 2; ++s)
      ok = ok && read(args, args_size, star_at[s], stars[s]);
    if (!ok) {
      out += missing;
      continue;
    }
    switch (c.type) {
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
      if (c.value_size == 8) {
        long long v;
        if (!read(args, args_size, value_at, v))
          out += missing;
        else
          append(out, make_spec(f, c, stars, "ll"), v);
      } else {
        int v;
        if (!read(args, args_size, value_at, v))
          out += missing;
        else
          append(out, make_spec(f, c, stars, short_length(f, c)), v);
      }
      break;
    case 'c': {
      int v;
      if (!read(args, args_size, value_at, v))
        out += missing;
      else
        append(out, make_spec(f, c, stars, ""), v);
      break;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
      double v;
      if (!read(args, args_size, value_at, v))
        out += missing;
      else
        append(out, make_spec(f, c, stars, ""), v);
      break;
    }
    case 'p': {
      std::uint64_t v;
      if (!read(args, args_size, value_at, v))
        out += missing;
      else
        append(out, make_spec(f, c, stars, ""),
               reinterpret_cast<void *>(static_cast<std::uintptr_t>(v)));
      break;
    }
    case 's': {
      if (next_string >= strings_size) {
        out += missing;
        break;
      }
      const char *s = strings + next_string;
      const std::size_t n = strnlen(s, strings_size - next_string);
      next_string += n + 1;
      append(out, make_spec(f, c, stars, ""), std::string(s, n).c_str());
      break;
    }
    case 'n': // writes through a device pointer: nothing to print
      break;
    }
  }
  return out;
}

} // namespace rt
} // namespace detail
} // namespace hc
