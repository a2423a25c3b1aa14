// RUN: %hcc -hc %s -o %t && %t
//
// hcc's results for the bit-field intrinsics where its definitions relied
// on its GPUs' shifts (taken modulo the operand's width): an unsigned
// __bitextract whose field reaches past the top bit, and __bitinsert_u64
// (a 32-bit mask, so at most 31 bits inserted). In a kernel and on the
// host, against references computed here with explicit modulo shifts.
#include <hc.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

using u32 = std::uint32_t;
using u64 = std::uint64_t;

static u32 extract32(u32 x, u32 off, u32 w) {
  off &= 31;
  w &= 31;
  if (w == 0)
    return 0;
  return (x << ((32 - off - w) & 31)) >> (32 - w);
}
static u64 extract64(u64 x, u32 off, u32 w) {
  off &= 63;
  w &= 63;
  if (w == 0)
    return 0;
  return (x << ((64 - off - w) & 63)) >> (64 - w);
}
static u64 insert64(u64 base, u64 field, u32 off, u32 w) {
  off &= 63;
  w &= 63;
  const u64 mask = (u64(1) << (w % 32)) - 1; // hcc's 32-bit 1 << w
  return (base & ~(mask << off)) | ((field & mask) << off);
}

int main() {
  const int n = 64 * 64;
  std::vector<u32> x32(n), off(n), wid(n);
  std::vector<u64> x64(n), y64(n);
  u64 s = 0x2545F4914F6CDD1Dull;
  for (int i = 0; i < n; ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    x32[i] = static_cast<u32>(s);
    x64[i] = s * 0x9E3779B97F4A7C15ull;
    y64[i] = ~s;
    off[i] = i / 64; // every offset and width of 0 .. 63
    wid[i] = i % 64;
  }
  hc::array_view<const u32, 1> a32(n, x32), ao(n, off), aw(n, wid);
  hc::array_view<const u64, 1> a64(n, x64), b64(n, y64);
  hc::array_view<u32, 1> e32(n);
  hc::array_view<u64, 1> e64(n), i64(n);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    e32[i] = hc::__bitextract_u32(a32[i], ao[i], aw[i]);
    e64[i] = hc::__bitextract_u64(a64[i], ao[i], aw[i]);
    i64[i] = hc::__bitinsert_u64(a64[i], b64[i], ao[i], aw[i]);
  }).wait();

  int failures = 0;
  auto check = [&](const char *what, int i, u64 kernel, u64 host, u64 want) {
    if ((kernel != want || host != want) && failures++ < 20)
      std::printf("FAIL %s (offset %u width %u): kernel %#llx host %#llx, "
                  "expected %#llx\n",
                  what, off[i], wid[i], (unsigned long long)kernel,
                  (unsigned long long)host, (unsigned long long)want);
  };
  for (int i = 0; i < n; ++i) {
    check("__bitextract_u32", i, e32[i],
          hc::__bitextract_u32(x32[i], off[i], wid[i]),
          extract32(x32[i], off[i], wid[i]));
    check("__bitextract_u64", i, e64[i],
          hc::__bitextract_u64(x64[i], off[i], wid[i]),
          extract64(x64[i], off[i], wid[i]));
    check("__bitinsert_u64", i, i64[i],
          hc::__bitinsert_u64(x64[i], y64[i], off[i], wid[i]),
          insert64(x64[i], y64[i], off[i], wid[i]));
  }
  // By hand: bits 0..3 of the value land in bits 4..7 when the field
  // (bits 28..35) wraps; a 40-bit insert puts 8 bits.
  if (hc::__bitextract_u32(0xFu, 28, 8) != 0xF0u ||
      hc::__bitinsert_u64(0, ~u64(0), 0, 40) != 0xFFu) {
    std::printf("FAIL hand-computed cases\n");
    ++failures;
  }
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
