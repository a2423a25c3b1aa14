// RUN: %hcc %s -o %t && %t
// hc's bit intrinsics (__popcount, __bitextract, __bitinsert, __bitmask,
// __bitrev, __bitselect, __firstbit, __lastbit) and __mul24 / __mad24, in a
// kernel and on the host, against bit-by-bit references written here.
// Edge cases: offsets and widths are taken modulo the bit count (32 / 64
// mean 0), width 0 extracts 0 and inserts nothing, fields reaching past the
// top bit (unsigned extract: hcc's result on its GPUs; signed extract: the
// sign bit; insert and mask: bits dropped), __bitinsert_u64 inserting at
// most 31 bits as hcc's did,
// -1 (0xFFFFFFFF) from __firstbit / __lastbit when there is no such bit,
// and 24-bit operands taken from larger values (sign-extended for int).
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// --- references: one bit at a time ------------------------------------------

template <class U> static U bit(U x, unsigned i) { return (x >> i) & 1u; }

template <class U> static U ref_extract(U x, unsigned off, unsigned w,
                                        bool is_signed) {
  const unsigned bits = sizeof(U) * 8;
  off &= bits - 1;
  w &= bits - 1;
  if (w == 0)
    return 0;
  unsigned top = off + w - 1 < bits - 1 ? off + w - 1 : bits - 1;
  U sign = is_signed ? bit(x, top) : 0;
  U r = 0;
  for (unsigned i = 0; i < bits; ++i) {
    U b = (i < w && off + i < bits) ? bit(x, off + i) : sign;
    r |= b << i;
  }
  return r;
}

// hcc's unsigned extract: the value shifted left by (bits - off - w) modulo
// bits (AMD GPUs and x86 take shift counts modulo the width), then right
// by bits - w, bit by bit.
template <class U> static U ref_extract_hcc(U x, unsigned off, unsigned w) {
  const unsigned bits = sizeof(U) * 8;
  off &= bits - 1;
  w &= bits - 1;
  if (w == 0)
    return 0;
  const unsigned left = (bits - off - w) & (bits - 1), right = bits - w;
  U r = 0;
  for (unsigned j = 0; j + right < bits; ++j) {
    const unsigned p = j + right; // bit of the left-shifted value
    if (p >= left)
      r |= bit(x, p - left) << j;
  }
  return r;
}

template <class U> static U ref_insert(U base, U ins, unsigned off,
                                       unsigned w) {
  const unsigned bits = sizeof(U) * 8;
  off &= bits - 1;
  w &= bits - 1;
  U r = base;
  for (unsigned i = 0; i < w && off + i < bits; ++i) {
    r &= ~(U(1) << (off + i));
    r |= bit(ins, i) << (off + i);
  }
  return r;
}

template <class U> static U ref_mask(unsigned off, unsigned w) {
  return ref_insert<U>(0, ~U(0), off, w);
}

template <class U> static U ref_rev(U x) {
  const unsigned bits = sizeof(U) * 8;
  U r = 0;
  for (unsigned i = 0; i < bits; ++i)
    r |= bit(x, i) << (bits - 1 - i);
  return r;
}

template <class U> static U ref_select(U m, U a, U b) {
  U r = 0;
  for (unsigned i = 0; i < sizeof(U) * 8; ++i)
    r |= (bit(m, i) ? bit(a, i) : bit(b, i)) << i;
  return r;
}

template <class U> static u32 ref_first(U x) { // from the top
  const unsigned bits = sizeof(U) * 8;
  for (unsigned i = 0; i < bits; ++i)
    if (bit(x, bits - 1 - i))
      return i;
  return 0xFFFFFFFFu;
}
template <class U> static u32 ref_first_signed(U x) {
  return ref_first<U>(bit(x, sizeof(U) * 8 - 1) ? U(~x) : x);
}

template <class U> static u32 ref_last(U x) {
  for (unsigned i = 0; i < sizeof(U) * 8; ++i)
    if (bit(x, i))
      return i;
  return 0xFFFFFFFFu;
}

template <class U> static u32 ref_pop(U x) {
  u32 c = 0;
  for (unsigned i = 0; i < sizeof(U) * 8; ++i)
    c += static_cast<u32>(bit(x, i));
  return c;
}

static u32 ref_mul24u(u32 x, u32 y) {
  return static_cast<u32>(u64(x & 0xFFFFFFu) * u64(y & 0xFFFFFFu));
}
static u32 ref_mul24s(u32 x, u32 y) {
  std::int64_t a = x & 0xFFFFFF, b = y & 0xFFFFFF;
  if (a & 0x800000) a -= 0x1000000;
  if (b & 0x800000) b -= 0x1000000;
  return static_cast<u32>(static_cast<u64>(a * b));
}

// --- the intrinsics, one case -------------------------------------------------

enum {
  POP32, POP64, EXT_U32, EXT_S32, EXT_U64, EXT_S64, INS_U32, INS_S32,
  INS_U64, INS_S64, MASK32, MASK64, REV32, REV64, SEL32, SEL64, FIRST_U32,
  FIRST_U64, FIRST_S32, FIRST_S64, LAST_U32, LAST_U64, LAST_S32, LAST_S64,
  MUL24U, MUL24S, MAD24U, MAD24S, SLOTS
};

struct input {
  u32 x32, y32, z32;
  u64 x64, y64, z64;
  unsigned off, wid;
};

static void compute(const input &in, u64 *r) [[cpu]] [[hc]] {
  const int sx = static_cast<int>(in.x32), sy = static_cast<int>(in.y32);
  const std::int64_t lx = static_cast<std::int64_t>(in.x64),
                     ly = static_cast<std::int64_t>(in.y64);
  r[POP32] = hc::__popcount_u32_b32(in.x32);
  r[POP64] = hc::__popcount_u32_b64(in.x64);
  r[EXT_U32] = hc::__bitextract_u32(in.x32, in.off, in.wid);
  r[EXT_S32] = static_cast<u32>(hc::__bitextract_s32(sx, in.off, in.wid));
  r[EXT_U64] = hc::__bitextract_u64(in.x64, in.off, in.wid);
  r[EXT_S64] = static_cast<u64>(hc::__bitextract_s64(lx, in.off, in.wid));
  r[INS_U32] = hc::__bitinsert_u32(in.x32, in.y32, in.off, in.wid);
  r[INS_S32] = static_cast<u32>(hc::__bitinsert_s32(sx, sy, in.off, in.wid));
  r[INS_U64] = hc::__bitinsert_u64(in.x64, in.y64, in.off, in.wid);
  r[INS_S64] = static_cast<u64>(hc::__bitinsert_s64(lx, ly, in.off, in.wid));
  r[MASK32] = hc::__bitmask_b32(in.off, in.wid);
  r[MASK64] = hc::__bitmask_b64(in.off, in.wid);
  r[REV32] = hc::__bitrev_b32(in.x32);
  r[REV64] = hc::__bitrev_b64(in.x64);
  r[SEL32] = hc::__bitselect_b32(in.x32, in.y32, in.z32);
  r[SEL64] = hc::__bitselect_b64(in.x64, in.y64, in.z64);
  r[FIRST_U32] = hc::__firstbit_u32_u32(in.x32);
  r[FIRST_U64] = hc::__firstbit_u32_u64(in.x64);
  r[FIRST_S32] = hc::__firstbit_u32_s32(sx);
  r[FIRST_S64] = hc::__firstbit_u32_s64(lx);
  r[LAST_U32] = hc::__lastbit_u32_u32(in.x32);
  r[LAST_U64] = hc::__lastbit_u32_u64(in.x64);
  r[LAST_S32] = hc::__lastbit_u32_s32(sx);
  r[LAST_S64] = hc::__lastbit_u32_s64(in.x64);
  r[MUL24U] = hc::__mul24(in.x32, in.y32);
  r[MUL24S] = static_cast<u32>(hc::__mul24(sx, sy));
  r[MAD24U] = hc::__mad24(in.x32, in.y32, in.z32);
  r[MAD24S] = static_cast<u32>(hc::__mad24(sx, sy, static_cast<int>(in.z32)));
}

static void reference(const input &in, u64 *r) {
  r[POP32] = ref_pop(in.x32);
  r[POP64] = ref_pop(in.x64);
  r[EXT_U32] = ref_extract_hcc(in.x32, in.off, in.wid);
  r[EXT_S32] = ref_extract(in.x32, in.off, in.wid, true);
  r[EXT_U64] = ref_extract_hcc(in.x64, in.off, in.wid);
  r[EXT_S64] = ref_extract(in.x64, in.off, in.wid, true);
  r[INS_U32] = r[INS_S32] = ref_insert(in.x32, in.y32, in.off, in.wid);
  r[INS_U64] = ref_insert(in.x64, in.y64, in.off, (in.wid & 63u) & 31u);
  r[INS_S64] = ref_insert(in.x64, in.y64, in.off, in.wid);
  r[MASK32] = ref_mask<u32>(in.off, in.wid);
  r[MASK64] = ref_mask<u64>(in.off, in.wid);
  r[REV32] = ref_rev(in.x32);
  r[REV64] = ref_rev(in.x64);
  r[SEL32] = ref_select(in.x32, in.y32, in.z32);
  r[SEL64] = ref_select(in.x64, in.y64, in.z64);
  r[FIRST_U32] = ref_first(in.x32);
  r[FIRST_U64] = ref_first(in.x64);
  r[FIRST_S32] = ref_first_signed(in.x32);
  r[FIRST_S64] = ref_first_signed(in.x64);
  r[LAST_U32] = r[LAST_S32] = ref_last(in.x32);
  r[LAST_U64] = r[LAST_S64] = ref_last(in.x64);
  r[MUL24U] = ref_mul24u(in.x32, in.y32);
  r[MUL24S] = ref_mul24s(in.x32, in.y32);
  r[MAD24U] = ref_mul24u(in.x32, in.y32) + in.z32;
  r[MAD24S] = ref_mul24s(in.x32, in.y32) + in.z32;
}

int main() {
  const u32 v32[] = {0u, 1u, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu,
                     0x00800000u, 0x12345678u, 0xDEADBEEFu, 0x00FFFFFFu};
  const u64 v64[] = {0u, 1u, ~u64(0), u64(1) << 63, ~u64(0) >> 1,
                     0x0000000100000000ull, 0x0123456789ABCDEFull,
                     0xFEDCBA9876543210ull, 0x00000000FFFFFFFFull};
  const unsigned ow[] = {0, 1, 2, 7, 8, 16, 24, 31, 32, 33,
                         40, 63, 64, 65, 100, 255, 0xFFFFFFFFu};
  std::vector<input> cases;
  const int nv = sizeof(v32) / sizeof(v32[0]);
  for (int v = 0; v < nv; ++v)
    for (unsigned o : ow)
      for (unsigned w : ow)
        cases.push_back({v32[v], v32[(v + 3) % nv], v32[(v + 5) % nv], v64[v],
                         v64[(v + 4) % nv], v64[(v + 7) % nv], o, w});
  u64 s = 0x9E3779B97F4A7C15ull; // xorshift: more values
  auto next = [&s] { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; };
  for (int i = 0; i < 4096; ++i) {
    u64 a = next(), b = next(), c = next(), d = next();
    cases.push_back({static_cast<u32>(a), static_cast<u32>(b >> 32),
                     static_cast<u32>(c), a >> (d & 31), b, c,
                     static_cast<unsigned>(d >> 40) % 80,
                     static_cast<unsigned>(d >> 20) % 80});
  }
  const int n = static_cast<int>(cases.size());

  std::vector<u64> got(static_cast<std::size_t>(n) * SLOTS, 0);
  {
    hc::array_view<const input, 1> vin(n, cases);
    hc::array_view<u64, 1> vout(n * SLOTS, got);
    hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
      compute(vin[i], &vout[i[0] * SLOTS]);
    });
    vout.synchronize();
  }

  int failures = 0;
  for (int c = 0; c < n; ++c) {
    u64 expect[SLOTS], host[SLOTS];
    reference(cases[c], expect);
    compute(cases[c], host);
    for (int k = 0; k < SLOTS; ++k) {
      u64 dev = got[static_cast<std::size_t>(c) * SLOTS + k];
      if ((dev != expect[k] || host[k] != expect[k]) && failures++ < 20)
        std::fprintf(stderr,
                     "case %d slot %d (x32 %#x x64 %#llx off %u wid %u): "
                     "kernel %#llx host %#llx expected %#llx\n",
                     c, k, cases[c].x32, (unsigned long long)cases[c].x64,
                     cases[c].off, cases[c].wid, (unsigned long long)dev,
                     (unsigned long long)host[k],
                     (unsigned long long)expect[k]);
    }
  }
  CHECK(failures == 0);

  // A few by hand, from the definitions.
  CHECK(hc::__bitextract_u32(0xABCD1234u, 8, 8) == 0x12u);
  CHECK(hc::__bitextract_s32(0x00008000, 12, 4) == -8);
  CHECK(hc::__bitextract_u32(0xFFFFFFFFu, 0, 32) == 0u); // width 32 is 0
  CHECK(hc::__bitextract_s32(static_cast<int>(0x80000000u), 28, 8) == -8);
  CHECK(hc::__bitinsert_u32(0xFFFFFFFFu, 0u, 4, 8) == 0xFFFFF00Fu);
  CHECK(hc::__bitinsert_u64(0u, ~u64(0), 30, 40) == (u64(0xFF) << 30));
  CHECK(hc::__bitinsert_s64(0, -1, 30, 40) ==
        static_cast<std::int64_t>(((u64(1) << 40) - 1) << 30));
  CHECK(hc::__bitextract_u32(0xFu, 28, 8) == 0xF0u); // as hcc gave
  CHECK(hc::__bitmask_b32(4, 4) == 0xF0u);
  CHECK(hc::__bitmask_b64(60, 8) == 0xF000000000000000ull);
  CHECK(hc::__firstbit_u32_u32(0u) == 0xFFFFFFFFu);
  CHECK(hc::__firstbit_u32_s32(-1) == 0xFFFFFFFFu);
  CHECK(hc::__firstbit_u32_s32(-2) == 31u);
  CHECK(hc::__firstbit_u32_u64(1u) == 63u);
  CHECK(hc::__lastbit_u32_u64(u64(1) << 40) == 40u);
  CHECK(hc::__lastbit_u32_s32(0) == 0xFFFFFFFFu);
  CHECK(hc::__mul24(0x01000003u, 5u) == 15u);
  CHECK(hc::__mul24(0x00FFFFFF, 2) == -2);
  CHECK(hc::__mad24(-3, 4, 100) == 88);
  return 0;
}
