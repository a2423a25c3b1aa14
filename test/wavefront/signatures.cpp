// RUN: %hcc -fsyntax-only %s
// The intrinsics have hcc's names, parameter and return types (hc.hpp of
// the original hcc), so code written against hcc compiles unchanged and
// takes their addresses or passes them around as hcc's did.
#include <hc.hpp>
#include <cstdint>
#include <type_traits>

using u32 = unsigned int;
using u64 = std::uint64_t;
using s64 = std::int64_t;
using ull = unsigned long long;

#define SIGNATURE(fn, type)                                                    \
  static_assert(std::is_same<decltype(&hc::fn), type>::value, #fn " has hcc's signature")

SIGNATURE(__popcount_u32_b32, u32 (*)(u32));
SIGNATURE(__popcount_u32_b64, u32 (*)(ull));
SIGNATURE(__bitextract_u32, u32 (*)(u32, u32, u32));
SIGNATURE(__bitextract_u64, u64 (*)(u64, u32, u32));
SIGNATURE(__bitextract_s32, int (*)(int, u32, u32));
SIGNATURE(__bitextract_s64, s64 (*)(s64, u32, u32));
SIGNATURE(__bitinsert_u32, u32 (*)(u32, u32, u32, u32));
SIGNATURE(__bitinsert_u64, u64 (*)(u64, u64, u32, u32));
SIGNATURE(__bitinsert_s32, int (*)(int, int, u32, u32));
SIGNATURE(__bitinsert_s64, s64 (*)(s64, s64, u32, u32));
SIGNATURE(__bitmask_b32, u32 (*)(u32, u32));
SIGNATURE(__bitmask_b64, u64 (*)(u32, u32));
SIGNATURE(__bitrev_b32, u32 (*)(u32));
SIGNATURE(__bitrev_b64, u64 (*)(u64));
SIGNATURE(__bitselect_b32, u32 (*)(u32, u32, u32));
SIGNATURE(__bitselect_b64, u64 (*)(u64, u64, u64));
SIGNATURE(__firstbit_u32_u32, u32 (*)(u32));
SIGNATURE(__firstbit_u32_u64, u32 (*)(ull));
SIGNATURE(__firstbit_u32_s32, u32 (*)(int));
SIGNATURE(__firstbit_u32_s64, u32 (*)(long long));
SIGNATURE(__lastbit_u32_u32, u32 (*)(u32));
SIGNATURE(__lastbit_u32_u64, u32 (*)(ull));
SIGNATURE(__lastbit_u32_s32, u32 (*)(int));
SIGNATURE(__lastbit_u32_s64, u32 (*)(ull)); // sic, as in hcc
SIGNATURE(__activelanecount_u32_b1, u32 (*)(u32));
SIGNATURE(__activelaneid_u32, u32 (*)());
SIGNATURE(__activelanemask_v4_b64_b1, u64 (*)(u32));
SIGNATURE(__wavesize, u32 (*)());
SIGNATURE(__lane_id, int (*)());
SIGNATURE(__ballot, u64 (*)(int));
SIGNATURE(__any, int (*)(int));
SIGNATURE(__all, int (*)(int));
SIGNATURE(__clock_u64, u64 (*)());
SIGNATURE(__cycle_u64, u64 (*)());
SIGNATURE(get_group_segment_size, u32 (*)());
SIGNATURE(get_static_group_segment_size, u32 (*)());

// Overloaded in hcc as here: pick each overload by its type.
static_assert(std::is_same<decltype(hc::__mul24(1, 2)), int>::value, "__mul24(int, int)");
static_assert(std::is_same<decltype(hc::__mul24(1u, 2u)), u32>::value, "__mul24(unsigned, unsigned)");
static_assert(std::is_same<decltype(hc::__mad24(1, 2, 3)), int>::value, "__mad24(int, int, int)");
static_assert(std::is_same<decltype(hc::__mad24(1u, 2u, 3u)), u32>::value, "__mad24(unsigned ...)");
static int (*const shfl_i)(int, int, int) = hc::__shfl;
static u32 (*const shfl_u)(u32, int, int) = hc::__shfl;
static float (*const shfl_f)(float, int, int) = hc::__shfl;
static int (*const up_i)(int, const u32, const int) = hc::__shfl_up;
static float (*const down_f)(float, const u32, const int) = hc::__shfl_down;
static u32 (*const xor_u)(u32, int, int) = hc::__shfl_xor;
// Default width: the wavefront size.
static_assert(std::is_same<decltype(hc::__shfl(1, 0)), int>::value, "__shfl default width");
static_assert(std::is_same<decltype(hc::__shfl_xor(1.0f, 1)), float>::value, "__shfl_xor default width");

int main() {
  return (shfl_i && shfl_u && shfl_f && up_i && down_f && xor_u) ? 0 : 1;
}
