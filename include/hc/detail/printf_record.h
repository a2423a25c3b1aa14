// printf from GPU kernels: the buffer shared by the device (which appends
// records) and the runtime (which prints them), and the format-string walk
// both sides use (docs/printf.md).
//
// Compiled three ways: by the device pass (NVPTX: __hcc_vprintf in
// printf_device.hpp writes records), by the runtime (g++: the CUDA backend
// prints them) and by the unit tests (which write records on the host).
//
// The buffer is one allocation of pinned host memory mapped into the GPU:
//
//   control  (64 bytes)  reserved, consumed, capacity, dropped
//   ring     (capacity bytes, a multiple of 16)
//
// Positions are byte counts since the start (monotonic, 64-bit), taken
// modulo capacity to address the ring. A writer claims [at, at + size) with
// one fetch-add on `reserved`, waits until the reader has consumed enough
// for the claim to fit (at + size - consumed <= capacity), writes the body,
// then the header with `size` last. The reader prints records in position
// order, zeroes their bytes (so an unpublished header reads as size 0) and
// advances `consumed`. The earliest claim always fits once everything before
// it is consumed, so writers never deadlock each other; they only wait for
// the reader (docs/printf.md: the CUDA backend's drain thread).
//
// A record: header (16 bytes), then the format string with its NUL, the
// argument block exactly as Clang passed it to vprintf (each argument at its
// natural alignment, float promoted to double), then the string of every %s
// (NUL-terminated, at most max_string bytes each), padded to 16 bytes. The
// body may wrap around the end of the ring; a header never does.
#ifndef HC_DETAIL_PRINTF_RECORD_H
#define HC_DETAIL_PRINTF_RECORD_H

// Host-and-device when Clang compiles CUDA (both hcc passes), plain
// functions for g++ (the runtime, unit tests).
#if defined(__CUDA__) || defined(__HIP__)
#define HC_PRINTF_HD __attribute__((host, device))
#else
#define HC_PRINTF_HD
#endif

namespace hc {
namespace detail {
namespace printf_record {

using u32 = unsigned int;
using u64 = unsigned long long;

struct control {
  u64 reserved; // bytes claimed by writers (device fetch-add)
  u64 consumed; // bytes printed and zeroed by the reader (host)
  u64 capacity; // bytes of the ring
  u64 dropped;  // records that did not fit in the ring at all
  u64 unused[4];
};
static_assert(sizeof(control) == 64, "the ring starts 64 bytes in");

struct header {
  u32 size;         // whole record, multiple of 16; 0 until published
  u32 format_size;  // bytes of the format string, NUL included
  u32 args_size;    // bytes of the argument block
  u32 strings_size; // bytes of the %s strings, NULs included
};
static_assert(sizeof(header) == 16, "headers are 16-byte slots");

// The longest %s copied into a record; longer strings are cut there.
constexpr u32 max_string = 4096;

// One conversion specification of a format string.
struct conversion {
  u32 begin = 0;      // offset of '%'
  u32 end = 0;        // one past the conversion character
  char type = 0;      // 'd', 's', '%', ...; 0: not a conversion (text)
  u32 value_size = 0; // bytes of the value argument: 0, 4 or 8
  u32 star_args = 0;  // '*' width / precision: ints before the value
  bool is_string = false;
};

HC_PRINTF_HD inline u32 align_up(u32 v, u32 a) { return (v + a - 1) / a * a; }

// Parses the conversion that starts at format[pos] == '%'. Flags, width,
// precision (digits or '*'), length modifiers hh h l ll L j z t q, then the
// conversion character. An unknown or missing character makes the whole
// sequence text (type 0), as it is printed literally.
HC_PRINTF_HD inline conversion parse_conversion(const char *format, u32 pos) {
  conversion c;
  c.begin = pos;
  u32 i = pos + 1;
  while (format[i] == '-' || format[i] == '+' || format[i] == ' ' ||
         format[i] == '#' || format[i] == '0' || format[i] == '\'')
    ++i;
  if (format[i] == '*') {
    ++c.star_args;
    ++i;
  } else {
    while (format[i] >= '0' && format[i] <= '9')
      ++i;
  }
  if (format[i] == '.') {
    ++i;
    if (format[i] == '*') {
      ++c.star_args;
      ++i;
    } else {
      while (format[i] >= '0' && format[i] <= '9')
        ++i;
    }
  }
  bool wide = false; // l, ll, j, z, t, q: 64-bit integers
  for (;;) {
    const char m = format[i];
    if (m == 'l' || m == 'j' || m == 'z' || m == 't' || m == 'q') {
      wide = true;
      ++i;
    } else if (m == 'h' || m == 'L') {
      ++i;
    } else {
      break;
    }
  }
  const char t = format[i];
  c.end = t ? i + 1 : i;
  switch (t) {
  case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
    c.type = t;
    c.value_size = wide ? 8 : 4;
    break;
  case 'c':
    c.type = t;
    c.value_size = 4;
    break;
  case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
    c.type = t;
    c.value_size = 8;
    break;
  case 's':
    c.type = t;
    c.value_size = 8;
    c.is_string = true;
    break;
  case 'p': case 'n':
    c.type = t;
    c.value_size = 8;
    break;
  case '%':
    c.type = t;
    c.star_args = 0;
    break;
  default:
    c.type = 0; // text
    c.star_args = 0;
    break;
  }
  return c;
}

// Offsets of a conversion's arguments in the argument block: `offset` is
// where the previous argument ended; returns where this one ends. Star
// arguments are ints; every argument sits at its natural alignment, as in
// the struct Clang builds for vprintf.
HC_PRINTF_HD inline u32 place_arguments(const conversion &c, u32 offset,
                                        u32 *star_offsets, u32 *value_offset) {
  for (u32 s = 0; s < c.star_args; ++s) {
    offset = align_up(offset, 4);
    if (star_offsets)
      star_offsets[s] = offset;
    offset += 4;
  }
  if (c.value_size) {
    offset = align_up(offset, c.value_size);
    if (value_offset)
      *value_offset = offset;
    offset += c.value_size;
  }
  return offset;
}

HC_PRINTF_HD inline u32 string_length(const char *s, u32 limit) {
  u32 n = 0;
  while (n < limit && s[n])
    ++n;
  return n;
}

HC_PRINTF_HD inline const char *string_argument(const char *args, u32 offset) {
  const char *p = nullptr;
  __builtin_memcpy(&p, args + offset, sizeof p);
  return p ? p : "(null)";
}

// Sizes of the record for (format, args): header fields, size included.
HC_PRINTF_HD inline header measure(const char *format, const char *args) {
  header h;
  h.format_size = string_length(format, 0xFFFFFFF0u) + 1;
  h.args_size = 0;
  h.strings_size = 0;
  u32 offset = 0;
  for (u32 i = 0; format[i]; ++i) {
    if (format[i] != '%')
      continue;
    const conversion c = parse_conversion(format, i);
    u32 value = 0;
    offset = place_arguments(c, offset, nullptr, &value);
    if (c.is_string && args)
      h.strings_size += string_length(string_argument(args, value), max_string) + 1;
    i = c.end - 1;
  }
  h.args_size = args ? offset : 0;
  h.size = align_up(16 + h.format_size + h.args_size + h.strings_size, 16);
  return h;
}

// --- writing (device; the unit tests on the host) ---------------------------

HC_PRINTF_HD inline void pause_writer() {
#if defined(__NVPTX__) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  __nvvm_nanosleep(500);
#elif defined(__AMDGCN__)
  __builtin_amdgcn_s_sleep(8); // about 8 x 64 clocks
#endif
}

// Copies n bytes to ring position `at` (wrapping).
HC_PRINTF_HD inline u64 put(char *ring, u64 capacity, u64 at, const char *src,
                            u32 n) {
  u64 index = at % capacity;
  for (u32 k = 0; k < n; ++k) {
    ring[index] = src[k];
    if (++index == capacity)
      index = 0;
  }
  return at + n;
}

// Appends one record for vprintf(format, args) to the buffer. Returns 0, or
// -1 when the record is larger than the whole ring (counted in `dropped`).
HC_PRINTF_HD inline int write_record(control *ctl, const char *format,
                                     const char *args) {
  const header h = measure(format, args);
  const u64 capacity = ctl->capacity;
  if (h.size > capacity) {
    __atomic_fetch_add(&ctl->dropped, 1ull, __ATOMIC_RELAXED);
    return -1;
  }
  const u64 at = __atomic_fetch_add(&ctl->reserved, u64(h.size), __ATOMIC_RELAXED);
  while (at + h.size - __atomic_load_n(&ctl->consumed, __ATOMIC_ACQUIRE) > capacity)
    pause_writer();
  char *ring = reinterpret_cast<char *>(ctl) + sizeof(control);
  u64 p = put(ring, capacity, at + sizeof(header), format, h.format_size);
  p = put(ring, capacity, p, args, h.args_size);
  u32 offset = 0;
  for (u32 i = 0; format[i]; ++i) {
    if (format[i] != '%')
      continue;
    const conversion c = parse_conversion(format, i);
    u32 value = 0;
    offset = place_arguments(c, offset, nullptr, &value);
    if (c.is_string && args) {
      const char *s = string_argument(args, value);
      const u32 n = string_length(s, max_string);
      p = put(ring, capacity, p, s, n);
      p = put(ring, capacity, p, "", 1);
    }
    i = c.end - 1;
  }
  header *slot = reinterpret_cast<header *>(ring + at % capacity);
  slot->format_size = h.format_size;
  slot->args_size = h.args_size;
  slot->strings_size = h.strings_size;
  // The body and the other fields reach the host before the size does.
#if defined(__NVPTX__)
  __nvvm_membar_sys();
#endif
  // AMDGPU: the release store below is system-scope (Clang's default for
  // __atomic builtins), which writes back the L2 before the store.
  __atomic_store_n(&slot->size, h.size, __ATOMIC_RELEASE);
  return 0;
}

} // namespace printf_record
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_PRINTF_RECORD_H
