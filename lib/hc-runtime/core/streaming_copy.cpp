#include "core/streaming_copy.hpp"

#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace hc {
namespace detail {
namespace rt {

void streaming_memcpy(void *dst, const void *src, std::size_t bytes) {
#if defined(__x86_64__)
  char *to = static_cast<char *>(dst);
  const char *from = static_cast<const char *>(src);
  // Non-temporal 16-byte stores need a 16-byte aligned destination: the
  // head up to it is copied plainly (as is the tail below 64 bytes).
  std::size_t head =
      (16 - (reinterpret_cast<std::uintptr_t>(to) & 15)) & 15;
  if (head > bytes)
    head = bytes;
  std::memcpy(to, from, head);
  to += head;
  from += head;
  bytes -= head;
  // A cache line per step: four loads in flight, then four stores.
  const std::size_t lines = bytes / 64;
  for (std::size_t i = 0; i < lines; ++i, to += 64, from += 64) {
    const __m128i *in = reinterpret_cast<const __m128i *>(from);
    __m128i a = _mm_loadu_si128(in);
    __m128i b = _mm_loadu_si128(in + 1);
    __m128i c = _mm_loadu_si128(in + 2);
    __m128i d = _mm_loadu_si128(in + 3);
    __m128i *out = reinterpret_cast<__m128i *>(to);
    _mm_stream_si128(out, a);
    _mm_stream_si128(out + 1, b);
    _mm_stream_si128(out + 2, c);
    _mm_stream_si128(out + 3, d);
  }
  std::memcpy(to, from, bytes - lines * 64);
  // Non-temporal stores are weakly ordered: make them visible before the
  // caller hands the buffer to the DMA engine.
  _mm_sfence();
#else
  std::memcpy(dst, src, bytes);
#endif
}

} // namespace rt
} // namespace detail
} // namespace hc
