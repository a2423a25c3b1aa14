// RUN: %hcc -hc %s -o %t && %t
// hcc's packet form of printf: hc::printf(queue, format, args...) appends a
// record (argument count, then one typed PrintfPacket per argument, strings
// copied into the buffer's string area) to a caller's buffer, from many
// work-items of a kernel and from the host, without overlapping; full
// buffers give PRINTF_BUFFER_OVERFLOW / PRINTF_STRING_BUFFER_OVERFLOW, a
// null one PRINTF_BUFFER_NULLPTR. (Packets are printed by nobody: the
// caller reads them. hcc's printf buffer is the runtime's, absent here.)
#include <hc.hpp>
#include <hc_am.hpp>
#include <hc_printf.hpp>

#include <cstdio>
#include <cstring>
#include <vector>

using namespace hc;

#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::printf("FAILED line %d: %s\n", __LINE__, #c);                       \
      return 1;                                                                \
    }                                                                          \
  } while (0)

// A buffer of n packets and a string area of bytes, as hcc's runtime set
// its own up.
static PrintfPacket *make_buffer(accelerator &acc, unsigned n, unsigned bytes) {
  auto *q = static_cast<PrintfPacket *>(am_alloc(n * sizeof(PrintfPacket), acc, amHostCoherent));
  q[PRINTF_BUFFER_SIZE].type = PRINTF_BUFFER_SIZE;
  q[PRINTF_BUFFER_SIZE].data.uli = n;
  q[PRINTF_STRING_BUFFER].type = PRINTF_STRING_BUFFER;
  q[PRINTF_STRING_BUFFER].data.ptr = am_alloc(bytes, acc, amHostCoherent);
  q[PRINTF_STRING_BUFFER_SIZE].type = PRINTF_STRING_BUFFER_SIZE;
  q[PRINTF_STRING_BUFFER_SIZE].data.uli = bytes;
  q[PRINTF_OFFSETS].type = PRINTF_OFFSETS;
  q[PRINTF_OFFSETS].data.uia[0] = PRINTF_HEADER_SIZE;
  q[PRINTF_OFFSETS].data.uia[1] = 0;
  return q;
}

int main() {
  accelerator acc;
  const int items = 64;
  // Each record: count, format, int, double, string = 5 packets.
  PrintfPacket *q = make_buffer(acc, PRINTF_HEADER_SIZE + 5 * items, 18 * items);
  std::vector<int> errors(items, -1);
  array_view<int, 1> err(items, errors.data());
  parallel_for_each(extent<1>(items), [=](index<1> i) [[hc]] {
    err[i] = hc::printf(q, "item %d %f %s", i[0], 0.5 * i[0], "abc");
  }).wait();
  err.synchronize();
  for (int e : errors)
    CHECK(e == PRINTF_SUCCESS);
  CHECK(q[PRINTF_OFFSETS].data.uia[0] == PRINTF_HEADER_SIZE + 5u * items);
  // "item %d %f %s" (13 + 1) and "abc" (3 + 1) per record.
  CHECK(q[PRINTF_OFFSETS].data.uia[1] == 18u * items);
  std::vector<int> seen(items, 0);
  const char *strings = static_cast<const char *>(q[PRINTF_STRING_BUFFER].data.ptr);
  for (int r = 0; r < items; ++r) {
    const PrintfPacket *p = q + PRINTF_HEADER_SIZE + 5 * r;
    CHECK(p[0].type == PRINTF_UINT32_T && p[0].data.uli == 4);
    CHECK(p[1].type == PRINTF_CHAR_PTR && std::strcmp((const char *)p[1].data.cptr, "item %d %f %s") == 0);
    CHECK(p[2].type == PRINTF_INT32_T && p[2].data.li >= 0 && p[2].data.li < items);
    CHECK(p[3].type == PRINTF_DOUBLE && p[3].data.d == 0.5 * p[2].data.li);
    CHECK(p[4].type == PRINTF_CHAR_PTR && std::strcmp((const char *)p[4].data.cptr, "abc") == 0);
    // The strings are copies in the string area (so char *, as in hcc).
    CHECK((const char *)p[4].data.cptr >= strings && (const char *)p[4].data.cptr < strings + 18 * items);
    ++seen[p[2].data.li];
  }
  for (int s : seen)
    CHECK(s == 1);

  // The host, types of every size, and the limits.
  PrintfPacket *h = make_buffer(acc, PRINTF_HEADER_SIZE + 8, 12);
  char mutable_str[] = "xy";
  CHECK(hc::printf(h, "%u %lld %f", 7u, -3LL, hc::half(1.5f)) == PRINTF_SUCCESS);
  CHECK(h[PRINTF_HEADER_SIZE + 2].type == PRINTF_UINT32_T && h[PRINTF_HEADER_SIZE + 3].type == PRINTF_INT64_T);
  CHECK(h[PRINTF_HEADER_SIZE + 4].type == PRINTF_HALF && h[PRINTF_HEADER_SIZE + 4].data.d == 1.5);
  CHECK(hc::printf(h, "ab", "cdefghijk") == PRINTF_STRING_BUFFER_OVERFLOW);
  CHECK(hc::printf(h, mutable_str) == PRINTF_STRING_BUFFER_OVERFLOW); // 11 of 12 bytes used
  CHECK(hc::printf(h, "", 1, 2, 3) == PRINTF_BUFFER_OVERFLOW);
  CHECK(hc::printf(static_cast<PrintfPacket *>(nullptr), "x") == PRINTF_BUFFER_NULLPTR);
  am_free(q[PRINTF_STRING_BUFFER].data.ptr);
  am_free(q);
  am_free(h[PRINTF_STRING_BUFFER].data.ptr);
  am_free(h);
  std::printf("packets ok\n");
  return 0;
}
