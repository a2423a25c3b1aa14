// std::atomic in kernels compiles to PTX with the C++ memory order and
// system scope (docs/platform-atomics.md): loads, stores, compare-exchange
// and fences as LLVM lowers them, read-modify-writes through hcc's
// PlatformAtomics pass (LLVM 22 alone emits them relaxed at GPU scope:
// "atom.global.add.u32"). seq_cst = fence.sc.sys + the acquire form, as
// LLVM does for cmpxchg. A read-modify-write whose result is unused and
// whose order is relaxed or release is a red (not exch: red has none).
// tile_static (.shared) atomics get cta scope. 8/16-bit and/or/xor are widened to their 32-bit word;
// other 8/16-bit and float read-modify-writes are compare-exchange loops at
// system scope. -mllvm -hcc-platform-atomics=false shows what LLVM does.
//
// Compile-only: checks what the compiler writes, which the GPU run of the
// suite (scripts/gpu-lit.sh, no compiler there) cannot replay.
// UNSUPPORTED: gpu-lit

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -std=c++20 -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/ptx_memory_orders-hcc-sm_90.ptx
// RUN: FileCheck --check-prefix=NEG %s < %t/ptx_memory_orders-hcc-sm_90.ptx
// RUN: %hcc -std=c++20 -save-temps=cwd --offload-arch=sm_70 -c %s -o %t/out70.o
// RUN: FileCheck --check-prefix=SM70 %s < %t/ptx_memory_orders-hcc-sm_70.ptx
// RUN: %hcc -std=c++20 -save-temps=cwd --offload-arch=sm_60 -DRELAXED_ONLY -c %s -o %t/out60.o
// RUN: FileCheck --check-prefix=SM60 %s < %t/ptx_memory_orders-hcc-sm_60.ptx
// RUN: %hcc -std=c++20 -save-temps=cwd --offload-arch=sm_90 -mllvm -hcc-platform-atomics=false -c %s -o %t/off.o
// RUN: FileCheck --check-prefix=OFF %s < %t/ptx_memory_orders-hcc-sm_90.ptx

#include <hc.hpp>

#include <atomic>

// Every kernel writes its results so nothing is optimised away.
int main() {
  std::atomic<int> *ai = nullptr;
  std::atomic<unsigned> *au = nullptr;
  std::atomic<long long> *all = nullptr;
  std::atomic<unsigned long long> *aull = nullptr;
  std::atomic<char> *ac = nullptr;
  std::atomic<short> *as = nullptr;
  std::atomic<float> *af = nullptr;
  std::atomic<double> *ad = nullptr;
  std::atomic<int *> *ap = nullptr;
  std::atomic<bool> *ab = nullptr;
  std::atomic_flag *flag = nullptr;
  int *out = nullptr;
  float *fout = nullptr;

#ifndef RELAXED_ONLY
  // Loads, stores, fences: LLVM's own lowering.
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    int r = ai->load(std::memory_order_relaxed);
    r += ai->load(std::memory_order_acquire);
    r += ai->load(std::memory_order_consume);
    r += ai->load(std::memory_order_seq_cst);
    ai->store(r, std::memory_order_relaxed);
    ai->store(r + 1, std::memory_order_release);
    ai->store(r + 2, std::memory_order_seq_cst);
    std::atomic_thread_fence(std::memory_order_acq_rel);
    out[i[0]] = r;
  });
  // CHECK-LABEL: .entry
  // CHECK: ld.relaxed.sys.global.b32
  // CHECK: ld.acquire.sys.global.b32
  // CHECK: ld.acquire.sys.global.b32
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: ld.acquire.sys.global.b32
  // CHECK: st.relaxed.sys.global.b32
  // CHECK: st.release.sys.global.b32
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: st.release.sys.global.b32
  // CHECK: fence.acq_rel.sys;

  // fetch_add in every order.
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    int r = ai->fetch_add(1, std::memory_order_relaxed);
    r += ai->fetch_add(2, std::memory_order_acquire);
    r += ai->fetch_add(3, std::memory_order_release);
    r += ai->fetch_add(4, std::memory_order_acq_rel);
    r += ai->fetch_add(5, std::memory_order_seq_cst);
    r += (*ai)++;
    out[i[0]] = r;
  });
  // CHECK-LABEL: .entry
  // CHECK: atom.relaxed.sys.add.u32
  // CHECK: atom.acquire.sys.add.u32
  // CHECK: atom.release.sys.add.u32
  // CHECK: atom.acq_rel.sys.add.u32
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: atom.acquire.sys.add.u32
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: atom.acquire.sys.add.u32
  // SM70-LABEL: .entry
  // SM70: atom.relaxed.sys.add.u32
  // SM70: atom.acquire.sys.add.u32
  // SM70: atom.release.sys.add.u32
  // SM70: atom.acq_rel.sys.add.u32
  // SM70: fence.sc.sys;
  // SM70-NEXT: atom.acquire.sys.add.u32
  // OFF-LABEL: .entry
  // OFF: atom.global.add.u32
  // OFF-NOT: atom.{{.*}}.sys.add

  // Every operation and type with an instruction, and compare-exchange.
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    long long r = au->fetch_sub(1u, std::memory_order_acq_rel);
    r += au->fetch_and(6u, std::memory_order_acq_rel);
    r += au->fetch_or(7u, std::memory_order_acq_rel);
    r += au->fetch_xor(8u, std::memory_order_acq_rel);
    r += au->exchange(9u, std::memory_order_acq_rel);
    r += all->fetch_add(10, std::memory_order_acq_rel);
    // (fetch_max/fetch_min are C++26: the builtins std::atomic is made of)
    long long *pll = reinterpret_cast<long long *>(all);
    r += __atomic_fetch_max(pll, 11, __ATOMIC_ACQ_REL);
    r += __atomic_fetch_min(pll, 12, __ATOMIC_ACQ_REL);
    r += __atomic_fetch_max(reinterpret_cast<unsigned long long *>(aull), 13ull,
                            __ATOMIC_ACQ_REL);
    r += ap->fetch_add(1, std::memory_order_acq_rel) != nullptr;
    r += af->fetch_add(1.0f, std::memory_order_acq_rel);
    r += ad->fetch_add(1.0, std::memory_order_acq_rel);
    r += af->exchange(2.0f, std::memory_order_acq_rel);
    int expected = 0;
    r += ai->compare_exchange_strong(expected, 14, std::memory_order_acq_rel,
                                     std::memory_order_acquire);
    out[i[0]] = int(r);
  });
  // CHECK-LABEL: .entry
  // CHECK: atom.acq_rel.sys.add.u32
  // CHECK: atom.acq_rel.sys.and.b32
  // CHECK: atom.acq_rel.sys.or.b32
  // CHECK: atom.acq_rel.sys.xor.b32
  // CHECK: atom.acq_rel.sys.exch.b32
  // CHECK: atom.acq_rel.sys.add.u64
  // CHECK: atom.acq_rel.sys.max.s64
  // CHECK: atom.acq_rel.sys.min.s64
  // CHECK: atom.acq_rel.sys.max.u64
  // atomic<int*>::fetch_add
  // CHECK: atom.acq_rel.sys.add.u64
  // libstdc++'s atomic<float/double>::fetch_add is a compare-exchange loop
  // CHECK: atom.acq_rel.sys.global.cas.b32
  // CHECK: atom.acq_rel.sys.global.cas.b64
  // CHECK: atom.acq_rel.sys.exch.b32
  // CHECK: atom.acq_rel.sys.global.cas.b32

  // 8- and 16-bit: bool, char, short, atomic_flag.
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    int r = ac->fetch_add(1, std::memory_order_acquire);
    r += as->fetch_or(2, std::memory_order_release);
    r += ac->fetch_and(3, std::memory_order_relaxed);
    r += ab->exchange(true);
    r += flag->test_and_set();
    flag->clear(std::memory_order_release);
    r += as->load(std::memory_order_acquire);
    out[i[0]] = r;
  });
  // CHECK-LABEL: .entry
  // CHECK: atom.acquire.sys.global.cas.b32
  // CHECK: atom.release.sys.or.b32
  // CHECK: atom.relaxed.sys.and.b32
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: atom.acquire.sys.global.cas.b32
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: atom.acquire.sys.global.cas.b32
  // CHECK: st.release.sys.global.b8
  // CHECK: ld.acquire.sys.global.b16
#endif

  // hc's own atomic_* functions: relaxed, system scope on global memory
  // (results unused: red), cta scope on tile_static memory.
  hc::parallel_for_each(hc::extent<1>(64).tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int count;
    tile_static float sum;
    if (t.local[0] == 0) {
      count = 0;
      sum = 0;
    }
    t.barrier.wait();
    hc::atomic_fetch_add(&count, 1);
    hc::atomic_fetch_add(&sum, 0.5f);
    t.barrier.wait();
    hc::atomic_fetch_add(out, count);
    hc::atomic_fetch_max(out + 1, t.global[0]);
    hc::atomic_exchange(fout, sum);
    out[2 + t.global[0]] = hc::atomic_fetch_inc(out + 100);
  });
  // CHECK-LABEL: .entry
  // CHECK: red.relaxed.cta.shared.add.u32
  // CHECK: red.relaxed.cta.shared.add.f32
  // (.global: reductions on generic addresses are versioned on
  // isspacep.global; the backend folds the test for kernel arguments.)
  // CHECK: red.relaxed.sys{{(.global)?}}.add.u32
  // CHECK: red.relaxed.sys{{(.global)?}}.max.s32
  // red has no exch: atom even though the result is unused
  // CHECK: atom.relaxed.sys.exch.b32
  // CHECK: atom.relaxed.sys.add.u32
  // sm_60/61 have scopes but no memory orders: atom.sys.
  // SM60-LABEL: .entry
  // SM60: red.cta.shared.add.u32
  // SM60: red.sys{{(.global)?}}.add.u32
  // SM60: atom.sys.add.u32

  // Nothing left for the backend to lower without order and scope.
  // NEG-NOT: {{[[:space:]](atom|red)(\.global|\.shared)?\.(add|exch|and|or|xor|min|max|inc|dec)}}
  return 0;
}
