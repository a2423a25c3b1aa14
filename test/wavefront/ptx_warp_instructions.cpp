// The device pass maps hc's wavefront functions and bit intrinsics to PTX
// warp and bit instructions (no calls left): lane id and active mask
// registers, shfl.sync in all four modes with the sub-section width encoded
// in the c operand (segment mask (32 - width) << 8, clamp lane 31, or 0 for
// up), vote.sync, brev/popc/clz/bfe, the timer registers, and the shared
// memory size registers behind the group segment size queries.
//
// Compile-only: checks what the compiler writes, which the GPU run of the
// suite (scripts/gpu-lit.sh, no compiler there) cannot replay.
// UNSUPPORTED: gpu-lit

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/ptx_warp_instructions-hcc-sm_90.ptx

// CHECK-NOT: .extern .func
// CHECK-DAG: mov.u32 {{%r[0-9]+}}, %laneid;
// CHECK-DAG: activemask.b32
// CHECK-DAG: mov.u32 {{%r[0-9]+}}, %lanemask_lt;
// CHECK-DAG: vote.sync.ballot.b32
// CHECK-DAG: vote.sync.any.pred
// CHECK-DAG: vote.sync.all.pred
// width 8: c = (32 - 8) << 8 | 31 = 6175 (idx, down, bfly), 6144 (up)
// CHECK-DAG: shfl.sync.idx.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 3, 6175,
// CHECK-DAG: shfl.sync.down.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 6175,
// CHECK-DAG: shfl.sync.up.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 6144,
// CHECK-DAG: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 6175,
// default width 32: c = 31 (idx), 0 (up)
// CHECK-DAG: shfl.sync.idx.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 31,
// CHECK-DAG: shfl.sync.up.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 0,
// CHECK-DAG: brev.b32
// CHECK-DAG: brev.b64
// CHECK-DAG: popc.b32
// CHECK-DAG: popc.b64
// CHECK-DAG: clz.b32
// CHECK-DAG: bfe.u32
// CHECK-DAG: %globaltimer
// CHECK-DAG: %clock64
// CHECK-DAG: mov.u32 {{%r[0-9]+}}, %total_smem_size;
// CHECK-DAG: mov.u32 {{%r[0-9]+}}, %dynamic_smem_size;
// CHECK-NOT: .extern .func

#include <hc.hpp>
#include <cstdint>

int main() {
  hc::array_view<int, 1> v(256);
  hc::array_view<std::uint64_t, 1> w(256);
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    int x = v[t.global];
    unsigned u = static_cast<unsigned>(x);
    int r = hc::__lane_id() + static_cast<int>(hc::__activelaneid_u32());
    r += hc::__any(x) + hc::__all(x);
    r += hc::__shfl(x, 3, 8) + hc::__shfl_down(x, 1u, 8) +
         hc::__shfl_up(x, 2u, 8) + hc::__shfl_xor(x, 4, 8);
    r += hc::__shfl(x, 0) + hc::__shfl_up(x, 1u);
    r += static_cast<int>(hc::__bitrev_b32(u) + hc::__popcount_u32_b32(u) +
                          hc::__firstbit_u32_u32(u) +
                          hc::__bitextract_u32(u, 5, 7));
    r += static_cast<int>(hc::get_group_segment_size() +
                          hc::get_static_group_segment_size());
    v[t.global] = r;
    std::uint64_t q = w[t.global];
    w[t.global] = hc::__ballot(x) + hc::__bitrev_b64(q) +
                  hc::__popcount_u32_b64(q) + hc::__clock_u64() +
                  hc::__cycle_u64();
  });
  return v[0];
}
