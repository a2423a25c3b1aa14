// malloc/free in kernels: hcc's device heap (docs/device-heap.md) against
// CUDA's built-in in-kernel malloc (benchmarks/reference/cuda_malloc.cu) on
// the same GPU.
//
// The table of hcc's wiki page "HSA Features" (MilThread): tiles of 256
// work-items, each allocating a 16-byte block 64 times, freeing it at once
// (WITH_DELETE=1) or keeping all (WITH_DELETE=0; freed afterwards by an untimed
// kernel), for 256, 1k, 4k, 16k and 64k work-items:
//
//   heap.<n>_delete_ms / heap.<n>_nodelete_ms   one kernel, host time
//   heap.allocs_per_s        64k work-items, no delete: allocations / s
//   heap.pairs_per_s         64k work-items, delete: malloc+free pairs / s
//   heap.overhead_pct        heap memory in use (pages + metadata) beyond
//                            the 16-byte blocks kept, 64k no delete (ours)
//   heap.mixed_ms            16k work-items, 32 blocks each of 16 B-4 KiB
//                            (random), 4 alive at a time: the mixed-size
//                            test of the GPU allocator survey of Winter et
//                            al. (PPoPP'21), against CUDA's malloc here
//
// Both heaps get 1 GiB (HCC_DEVICE_HEAP_SIZE, cuCtxSetLimit). A failed
// allocation on our side fails the benchmark.
#include "common/device.hpp"
#include "common/timing.hpp"

#include <hc/detail/device_heap_layout.h>

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <vector>

namespace {

constexpr int tile = 256, iters = 64, block = 16;
constexpr unsigned long long heap_bytes = 1ull << 30;

// The reference's heap size: cuCtxSetLimit is not among raw_cuda's entry
// points (the test driver lacks it), so it is looked up here.
void set_cuda_malloc_heap(unsigned long long bytes) {
  const char *lib = std::getenv("HCC_CUDA_LIBRARY");
  void *h = dlopen(lib ? lib : "libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  using set_limit = int (*)(int, std::size_t);
  auto f = h ? reinterpret_cast<set_limit>(dlsym(h, "cuCtxSetLimit")) : nullptr;
  const int CU_LIMIT_MALLOC_HEAP_SIZE = 2;
  if (!f || f(CU_LIMIT_MALLOC_HEAP_SIZE, bytes) != 0)
    bench::note("ref: cannot set CUDA's malloc heap size; it keeps its default");
}

unsigned mixed_size(unsigned id, unsigned k) [[hc]] {
  unsigned h = id * 2654435761u ^ (k + 1) * 2246822519u;
  h ^= h >> 15;
  h *= 2654435761u;
  h ^= h >> 13;
  return 16 + h % (4096 - 16 + 1);
}

// Pages in use and the heap's geometry, read from the device heap itself
// (GPU only): {pages taken, page shift, pages}.
std::vector<unsigned> heap_usage(hc::accelerator_view view) {
  hc::array_view<unsigned, 1> out(3);
  out[0] = out[1] = out[2] = 0;
  hc::parallel_for_each(view, hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    // `out` is used in both passes: a lambda must capture the same things
    // in the host and the device pass (the layouts are compared at launch).
    unsigned pages = 0, shift = 0, count = 0;
#if HC_DEVICE_PASS
    if (hc::detail::device_heap::control *h = __hcc_device_heap.heap) {
      const unsigned *taken = reinterpret_cast<const unsigned *>(
          static_cast<std::uintptr_t>(h->page_taken));
      for (unsigned w = 0; w < (h->num_pages + 31) / 32; ++w)
        pages += __builtin_popcount(taken[w]);
      shift = h->page_shift;
      count = h->num_pages;
    }
    // A malloc keeps this module's heap (and __hcc_device_heap) alive.
    free(malloc(1));
#endif
    out[0] = pages;
    out[1] = shift;
    out[2] = count;
  }).wait();
  return {out[0], out[1], out[2]};
}

int run(const bench::options &o) {
  setenv("HCC_DEVICE_HEAP_SIZE", std::to_string(heap_bytes).c_str(), 0);
  bench::target t = bench::default_target();
  std::unique_ptr<bench::reference> ref =
      bench::open_reference("device_heap", t, o, "cuda_malloc.cubin");
  hc::accelerator_view view = t.view;
  std::vector<int> counts = o.quick ? std::vector<int>{256, 1024}
                                    : std::vector<int>{256, 1024, 4096, 16384,
                                                       65536};
  const int max_items = counts.back();
  const unsigned long long max_kept = 1ull * max_items * iters;
  bench::note("tile %d, %d allocations of %d bytes a work-item; heaps of %llu "
              "MiB; median of up to 5 repetitions (1 for CUDA's slowest)",
              tile, iters, block, heap_bytes >> 20);

  hc::array<std::uint64_t, 1> kept_array(hc::extent<1>(int(max_kept)), view);
  hc::array_view<std::uint64_t, 1> kept(kept_array);
  hc::array_view<unsigned, 1> failures(1);
  failures[0] = 0;

  raw_cuda::CUfunction loop = nullptr, free_all = nullptr, mixed = nullptr;
  raw_cuda::CUdeviceptr rkept = 0, rfail = 0;
  if (ref) {
    set_cuda_malloc_heap(heap_bytes);
    loop = ref->function("heap_loop");
    free_all = ref->function("heap_free_all");
    mixed = ref->function("heap_mixed");
    rkept = ref->alloc(max_kept * sizeof(std::uint64_t));
    rfail = ref->alloc(sizeof(unsigned));
    ref->fill(rfail, 0.0f, 1);
  }

  auto ours_loop = [&](int n, int with_delete) {
    double us = bench::time_us([&] {
      hc::parallel_for_each(view, hc::extent<1>(n).tile(tile),
                            [=](hc::tiled_index<1> ti) [[hc]] {
        unsigned id = ti.global[0];
        for (int k = 0; k < iters; ++k) {
          char *p = static_cast<char *>(malloc(block));
          if (!p) {
            hc::atomic_fetch_add(&failures[0], 1u);
            if (!with_delete)
              kept[id * iters + k] = 0;
            continue;
          }
          p[0] = static_cast<char>(id + k);
          if (with_delete)
            free(p);
          else
            kept[id * iters + k] = reinterpret_cast<std::uintptr_t>(p);
        }
      }).wait();
    });
    return us / 1000;
  };
  auto ours_free_all = [&](int n) {
    hc::parallel_for_each(view, hc::extent<1>(n * iters),
                          [=](hc::index<1> i) [[hc]] {
      free(reinterpret_cast<void *>(static_cast<std::uintptr_t>(kept[i])));
    }).wait();
  };
  auto ref_loop = [&](int n, int with_delete) {
    int it = iters, wd = with_delete, bl = block;
    void *params[] = {&it, &wd, &bl, &rkept, &rfail};
    double us = bench::time_us([&] {
      ref->launch(loop, unsigned(n / tile), 1, tile, 1, params);
      ref->sync();
    });
    return us / 1000;
  };
  auto ref_free_all = [&](int n) {
    unsigned long long count = 1ull * n * iters;
    void *params[] = {&rkept, &count};
    ref->launch(free_all, unsigned((count + 255) / 256), 1, 256, 1, params);
    ref->sync();
  };

  double ours_64k_delete = 0, ours_64k_keep = 0, ref_64k_delete = 0,
         ref_64k_keep = 0;
  std::vector<unsigned> usage;
  for (int with_delete : {1, 0}) {
    for (int n : counts) {
      // CUDA's malloc without delete takes seconds to half a minute at
      // 16k-64k work-items (the MilThread table): one run there.
      bool slow_ref = !with_delete && n >= 16384;
      int reps = o.quick ? 1 : 5, ref_reps = slow_ref ? 1 : reps;
      std::vector<double> ours, theirs;
      ours_loop(n, with_delete); // warm-up (and the heap's creation)
      if (!with_delete)
        ours_free_all(n);
      for (int r = 0; r < reps; ++r) {
        ours.push_back(ours_loop(n, with_delete));
        if (!with_delete) {
          if (r == 0 && n == max_items)
            usage = heap_usage(view);
          ours_free_all(n);
        }
      }
      if (ref) {
        if (!slow_ref) {
          ref_loop(n, with_delete);
          if (!with_delete)
            ref_free_all(n);
        }
        for (int r = 0; r < ref_reps; ++r) {
          theirs.push_back(ref_loop(n, with_delete));
          if (!with_delete)
            ref_free_all(n);
        }
      }
      double mine = bench::median(ours);
      std::optional<double> other =
          ref ? std::optional<double>(bench::median(theirs)) : std::nullopt;
      char name[64];
      std::snprintf(name, sizeof name, "heap.%s_%s_ms",
                    n >= 1024 ? (std::to_string(n / 1024) + "k").c_str()
                              : std::to_string(n).c_str(),
                    with_delete ? "delete" : "nodelete");
      const char *goal = nullptr;
      if (n == 65536)
        goal = with_delete ? "ratio<=0.10" : "ratio<=0.01";
      bench::metric(name, mine, other, bench::better::lower, goal);
      if (n == max_items) {
        (with_delete ? ours_64k_delete : ours_64k_keep) = mine;
        if (other)
          (with_delete ? ref_64k_delete : ref_64k_keep) = *other;
      }
    }
  }
  const double allocs = 1.0 * max_items * iters;
  bench::metric("heap.allocs_per_s", allocs / (ours_64k_keep / 1000),
                bench::ref_value(ref.get(), allocs / (ref_64k_keep / 1000)),
                bench::better::higher, nullptr);
  bench::metric("heap.pairs_per_s", allocs / (ours_64k_delete / 1000),
                bench::ref_value(ref.get(), allocs / (ref_64k_delete / 1000)),
                bench::better::higher, nullptr);
  if (usage.size() == 3 && usage[2]) {
    double page = double(1ull << usage[1]);
    double metadata = double(hc::detail::device_heap::layout_for(
                                 usage[1], usage[2]).arena);
    double payload = allocs * block;
    bench::note("64k, no delete: %u of %u pages of %.0f KiB in use, %.1f MiB "
                "of metadata, for %.1f MiB of blocks",
                usage[0], usage[2], page / 1024, metadata / 1048576,
                payload / 1048576);
    bench::metric("heap.overhead_pct",
                  100 * ((usage[0] * page + metadata) / payload - 1),
                  std::nullopt, bench::better::lower, nullptr);
  } else {
    bench::note("heap.overhead_pct: n/a (the heap is the process heap on %s)",
                t.path.c_str());
  }

  // Mixed sizes.
  const int mixed_items = o.quick ? 1024 : 16384, mixed_iters = 32;
  auto ours_mixed = [&] {
    double us = bench::time_us([&] {
      hc::parallel_for_each(view, hc::extent<1>(mixed_items).tile(tile),
                            [=](hc::tiled_index<1> ti) [[hc]] {
        unsigned id = ti.global[0];
        char *held[4] = {nullptr, nullptr, nullptr, nullptr};
        for (int k = 0; k < mixed_iters; ++k) {
          unsigned bytes = mixed_size(id, k);
          free(held[k % 4]);
          char *p = static_cast<char *>(malloc(bytes));
          if (!p) {
            hc::atomic_fetch_add(&failures[0], 1u);
          } else {
            p[0] = 1;
            p[bytes - 1] = 2;
          }
          held[k % 4] = p;
        }
        for (int k = 0; k < 4; ++k)
          free(held[k]);
      }).wait();
    });
    return us / 1000;
  };
  auto ref_mixed = [&] {
    int it = mixed_iters;
    void *params[] = {&it, &rfail};
    double us = bench::time_us([&] {
      ref->launch(mixed, unsigned(mixed_items / tile), 1, tile, 1, params);
      ref->sync();
    });
    return us / 1000;
  };
  bench::samples s = bench::alternate(
      1, o.quick ? 1 : 5, ours_mixed,
      ref ? std::function<double()>(ref_mixed) : nullptr);
  bench::metric("heap.mixed_ms", bench::median(s.ours),
                bench::ref_value(ref.get(), bench::median(s.ref)),
                bench::better::lower, nullptr);

  unsigned ref_failures = 0;
  if (ref)
    ref->download(&ref_failures, rfail, sizeof ref_failures);
  bench::note("failed allocations: ours %u, CUDA's malloc %s", failures[0],
              ref ? std::to_string(ref_failures).c_str() : "n/a");
  if (failures[0])
    throw std::runtime_error("allocations failed on our side");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run_main(argc, argv, "device_heap", "", run);
}
