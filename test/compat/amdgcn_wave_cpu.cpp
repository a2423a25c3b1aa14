// REQUIRES: cpu-backend
// RUN: %hcc -hc %s -o %t && %t
//
// hcc's __amdgcn_* wavefront operations on the CPU backend, where the
// work-item is lane 0 of a 32-lane wavefront whose other lanes are
// missing: calls that read lane 0 (or no lane) give lane 0's GPU result,
// calls that would read another lane throw hc::unsupported_feature.
#include <hc.hpp>

#include <cstdio>
#include <string>

static int failures = 0;
static void expect(const char *what, long long got, long long want) {
  if (got != want && failures++ < 20)
    std::printf("FAIL %s: %lld, expected %lld\n", what, got, want);
}

// Runs `op` in a one-work-item kernel and returns its result; `threw`
// says whether the kernel failed with unsupported_feature.
template <class Op> static int run(Op op, bool &threw) {
  hc::array_view<int, 1> out(1);
  out[0] = -12345;
  threw = false;
  try {
    hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
      out[0] = op(7);
    }).get();
  } catch (const hc::runtime_exception &e) {
    threw = std::string(e.what()).find("needs a GPU") != std::string::npos;
    if (!threw)
      std::printf("unexpected error: %s\n", e.what());
  }
  return out[0];
}

#define OWN(EXPR, WANT)                                                        \
  do {                                                                         \
    bool threw;                                                                \
    int got = run([](int v) [[hc]] { return static_cast<int>(EXPR); }, threw); \
    expect(#EXPR " threw", threw, false);                                      \
    expect(#EXPR, got, WANT);                                                  \
  } while (0)
#define THROWS(EXPR)                                                           \
  do {                                                                         \
    bool threw;                                                                \
    run([](int v) [[hc]] { return static_cast<int>(EXPR); }, threw);           \
    expect(#EXPR " threw", threw, true);                                       \
  } while (0)

int main() {
  OWN(hc::__amdgcn_ds_bpermute(0, v), 7);   // lane 0
  OWN(hc::__amdgcn_ds_bpermute(128, v), 7); // lane 32: wraps to 0
  THROWS(hc::__amdgcn_ds_bpermute(4, v));   // lane 1
  OWN(hc::__amdgcn_ds_permute(0, v), 7);
  THROWS(hc::__amdgcn_ds_permute(8, v));
  OWN(hc::__amdgcn_ds_swizzle(v, 0x8000), 7); // quad: lane 0 from 0
  THROWS(hc::__amdgcn_ds_swizzle(v, 0x8001)); // lane 0 from 1
  OWN(hc::__amdgcn_ds_swizzle(v, 0x001F), 7); // bit mode: and 31
  THROWS(hc::__amdgcn_ds_swizzle(v, 0x041F)); // bit mode: xor 1
  OWN(hc::__amdgcn_wave_sr1(v, true), 0);   // no source: bound_ctrl
  OWN(hc::__amdgcn_wave_sr1(v, false), 7);  // no source: keeps src
  THROWS(hc::__amdgcn_wave_sl1(v, false));  // from lane 1
  THROWS(hc::__amdgcn_wave_rr1(v));         // from lane 31
  THROWS(hc::__amdgcn_wave_rl1(v));         // from lane 1
  OWN(hc::__amdgcn_move_dpp(v, 0x111, 15, 15, true), 0);  // row_shr 1
  OWN(hc::__amdgcn_move_dpp(v, 0x111, 14, 15, true), 7);  // row 0 masked
  OWN(hc::__amdgcn_move_dpp(v, 0x00, 15, 15, false), 7);  // quad_perm 0
  THROWS(hc::__amdgcn_move_dpp(v, 0x140, 15, 15, false)); // mirror: lane 15
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
