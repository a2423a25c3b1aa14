// hcc's printf packets (docs/printf.md, "Packet buffers"): hc::printf(queue,
// format, args...) appends one record of PrintfPackets to a buffer that the
// caller owns, on the host or in a kernel, exactly as hcc's runtime did with
// its own buffer. Nothing here prints: the caller reads the packets.
//
// A buffer of n packets:
//   [PRINTF_BUFFER_SIZE]         data.uli: n
//   [PRINTF_STRING_BUFFER]       data.ptr: a char buffer for copied strings
//   [PRINTF_STRING_BUFFER_SIZE]  data.uli: its size in bytes
//   [PRINTF_OFFSETS]             data.uia[0]: next free packet (starts at
//                                PRINTF_HEADER_SIZE), data.uia[1]: next free
//                                byte of the string buffer (starts at 0)
//   [PRINTF_HEADER_SIZE ...]     records
// A record is one PRINTF_UINT32_T packet holding the number of arguments
// (the format string included), then one packet per argument. Each string
// (char * / const char *) is copied into the string buffer and its packet
// points to the copy. Writers claim packets and string bytes with one
// 64-bit compare-and-swap of both offsets, so concurrent work-items never
// overlap.
#ifndef HC_DETAIL_PRINTF_PACKET_HPP
#define HC_DETAIL_PRINTF_PACKET_HPP

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace hc {

union PrintfPacketData {
  uint64_t uli;
  int64_t li;
  double d;
  void *ptr;
  const void *cptr;
  // Both offsets of the PRINTF_OFFSETS packet, claimed together.
  std::atomic<uint64_t> ali;
  uint32_t uia[2];

  PrintfPacketData() : uli(0) {}
};

enum PrintfPacketDataType {
  // Header packets.
  PRINTF_BUFFER_SIZE = 0,
  PRINTF_STRING_BUFFER = 1,
  PRINTF_STRING_BUFFER_SIZE = 2,
  PRINTF_OFFSETS = 3,
  PRINTF_HEADER_SIZE = 4,
  PRINTF_MIN_SIZE = 5,

  // Argument packets.
  PRINTF_UNUSED,
  PRINTF_UINT32_T,
  PRINTF_INT32_T,
  PRINTF_UINT64_T,
  PRINTF_INT64_T,
  PRINTF_HALF,
  PRINTF_FLOAT,
  PRINTF_DOUBLE,
  PRINTF_VOID_PTR,
  PRINTF_CONST_VOID_PTR,
  PRINTF_CHAR_PTR,
  PRINTF_CONST_CHAR_PTR
};

class PrintfPacket {
public:
  void clear() { type = PRINTF_UNUSED; }
  void set(uint32_t d) {
    type = PRINTF_UINT32_T;
    data.uli = d;
  }
  void set(int32_t d) {
    type = PRINTF_INT32_T;
    data.li = d;
  }
  void set(uint64_t d) {
    type = PRINTF_UINT64_T;
    data.uli = d;
  }
  void set(int64_t d) {
    type = PRINTF_INT64_T;
    data.li = d;
  }
  // unsigned long long / long long are other types than uint64_t / int64_t
  // where those are unsigned long / long (LP64).
  template <
      class U = unsigned long long,
      typename std::enable_if<!std::is_same<U, uint64_t>::value, int>::type = 0>
  void set(unsigned long long d) {
    type = PRINTF_UINT64_T;
    data.uli = d;
  }
  template <
      class U = long long,
      typename std::enable_if<!std::is_same<U, int64_t>::value, int>::type = 0>
  void set(long long d) {
    type = PRINTF_INT64_T;
    data.li = d;
  }
  // Half precision: _Float16, because Clang lets no function take an
  // __fp16 (hc::half) on x86 or NVPTX (printf() converts hc::half
  // arguments).
  void set(_Float16 d) {
    type = PRINTF_HALF;
    data.d = d;
  }
  void set(float d) {
    type = PRINTF_FLOAT;
    data.d = d;
  }
  void set(double d) {
    type = PRINTF_DOUBLE;
    data.d = d;
  }
  void set(void *d) {
    type = PRINTF_VOID_PTR;
    data.ptr = d;
  }
  void set(const void *d) {
    type = PRINTF_CONST_VOID_PTR;
    data.cptr = d;
  }
  void set(char *d) {
    type = PRINTF_CHAR_PTR;
    data.ptr = d;
  }
  void set(const char *d) {
    type = PRINTF_CONST_CHAR_PTR;
    data.cptr = d;
  }

  PrintfPacketDataType type;
  PrintfPacketData data;
};

enum PrintfError {
  PRINTF_SUCCESS = 0,
  PRINTF_BUFFER_OVERFLOW = 1,
  PRINTF_STRING_BUFFER_OVERFLOW = 2,
  PRINTF_UNKNOWN_ERROR = 3,
  PRINTF_BUFFER_NULLPTR = 4
};

// The length of a NUL-terminated string (usable in kernels).
static inline unsigned int string_length(const char *str) {
  unsigned int size = 0;
  while (str[size] != '\0')
    size++;
  return size;
}

// Copies len chars (usable in kernels).
static inline void copy_n(char *dest, const char *src, const unsigned int len) {
  for (unsigned int i = 0; i < len; i++)
    dest[i] = src[i];
}

namespace detail {
// An argument as a packet holds it: hc::half (__fp16, which no function
// can take by value on x86 or NVPTX) as _Float16, arrays as pointers.
template <class T> auto packet_value(const T &v) {
  if constexpr (std::is_same<T, __fp16>::value)
    return static_cast<_Float16>(v);
  else
    return v;
}

template <class T>
struct is_printf_string
    : std::integral_constant<bool, std::is_same<T, const char *>::value ||
                                       std::is_same<T, char *>::value> {};
} // namespace detail

// The bytes a string argument takes in the string buffer (NUL included);
// 0 for other arguments.
template <typename T> std::size_t mem_size_if_string(T s) {
  if constexpr (detail::is_printf_string<T>::value)
    return string_length(s) + 1;
  else
    return 0;
}

// Counts the arguments and the string bytes they need.
static inline void countArg(unsigned int &, unsigned int &) {}
template <typename T, typename... Rest>
static inline void countArg(unsigned int &count_arg, unsigned int &count_char,
                            const T t, const Rest &...rest) {
  ++count_arg;
  count_char += mem_size_if_string<T>(t);
  countArg(count_arg, count_char, rest...);
}

// After queue[poffset].set(arg): a string argument is copied to the string
// buffer at soffset (advanced past it) and the packet points to the copy.
template <typename T>
PrintfError process_str_batch(PrintfPacket *queue, int poffset,
                              unsigned int &soffset, T arg) {
  const bool string_packet = queue[poffset].type == PRINTF_CHAR_PTR ||
                             queue[poffset].type == PRINTF_CONST_CHAR_PTR;
  if constexpr (detail::is_printf_string<T>::value) {
    if (!string_packet)
      return PRINTF_UNKNOWN_ERROR;
    const unsigned int len = string_length(arg);
    char *strings = static_cast<char *>(queue[PRINTF_STRING_BUFFER].data.ptr);
    if (!strings ||
        soffset + len + 1 > queue[PRINTF_STRING_BUFFER_SIZE].data.uli)
      return PRINTF_STRING_BUFFER_OVERFLOW;
    copy_n(&strings[soffset], arg, len + 1);
    queue[poffset].set(&strings[soffset]);
    soffset += len + 1;
    return PRINTF_SUCCESS;
  } else {
    return string_packet ? PRINTF_UNKNOWN_ERROR : PRINTF_SUCCESS;
  }
}

// Stores the arguments in the packets from poffset on.
template <typename T>
static inline PrintfError set_batch(PrintfPacket *queue, int poffset,
                                    unsigned int &soffset, const T t) {
  queue[poffset].set(t);
  return process_str_batch<T>(queue, poffset, soffset, t);
}
template <typename T, typename... Rest>
static inline PrintfError set_batch(PrintfPacket *queue, int poffset,
                                    unsigned int &soffset, const T t,
                                    Rest... rest) {
  queue[poffset].set(t);
  PrintfError err = process_str_batch<T>(queue, poffset, soffset, t);
  if (err != PRINTF_SUCCESS)
    return err;
  return set_batch(queue, poffset + 1, soffset, rest...);
}

// Appends one record (the argument count, then all: the format string and
// its arguments) to the packet buffer queue. PRINTF_BUFFER_NULLPTR without
// a buffer, PRINTF_BUFFER_OVERFLOW / PRINTF_STRING_BUFFER_OVERFLOW when the
// record or its strings do not fit (nothing is written then).
template <typename... All>
static inline PrintfError printf(PrintfPacket *queue, const All &...all) {
  unsigned int count_arg = 0;
  unsigned int count_char = 0;
  countArg(count_arg, count_char, detail::packet_value(all)...);

  if (!queue)
    return PRINTF_BUFFER_NULLPTR;
  PrintfPacketData &offsets = queue[PRINTF_OFFSETS].data;
  const uint64_t packets = queue[PRINTF_BUFFER_SIZE].data.uli;
  const uint64_t string_bytes = queue[PRINTF_STRING_BUFFER_SIZE].data.uli;
  if (count_arg + 1 + offsets.uia[0] > packets)
    return PRINTF_BUFFER_OVERFLOW;
  if (!queue[PRINTF_STRING_BUFFER].data.ptr ||
      count_char + offsets.uia[1] > string_bytes)
    return PRINTF_STRING_BUFFER_OVERFLOW;

  // Claim count_arg + 1 packets and count_char string bytes at once.
  PrintfPacketData old_off, try_off;
  old_off.uli = offsets.ali.load();
  do {
    try_off.uia[0] = old_off.uia[0] + count_arg + 1;
    try_off.uia[1] = old_off.uia[1] + count_char;
  } while (!offsets.ali.compare_exchange_weak(old_off.uli, try_off.uli));

  const unsigned int poffset = old_off.uia[0];
  unsigned int soffset = old_off.uia[1];
  if (poffset + count_arg + 1 > packets)
    return PRINTF_BUFFER_OVERFLOW;
  if (soffset + count_char > string_bytes)
    return PRINTF_STRING_BUFFER_OVERFLOW;
  if (set_batch(queue, poffset, soffset, count_arg,
                detail::packet_value(all)...) != PRINTF_SUCCESS)
    return PRINTF_STRING_BUFFER_OVERFLOW;
  return PRINTF_SUCCESS;
}

} // namespace hc

#endif // HC_DETAIL_PRINTF_PACKET_HPP
