// CPU<->GPU ping-pong round trip through platform atomics on host memory
// (docs/platform-atomics.md), against a raw CUDA program doing the same
// (benchmarks/reference/atomics_pingpong.cu: ld.acquire.sys/st.release.sys
// in PTX on cuMemHostAlloc'd mapped memory).
//
//   atomics.pingpong_us   one round trip: the host stores ping = r (release),
//                         the single GPU work-item sees it (acquire) and
//                         stores pong = r (release), the host sees it
//                         (acquire). Median over samples of `trips` round
//                         trips each, kernel launch excluded (timed from the
//                         kernel's first pong). Goal: within 2x of ref.
//   atomics.device_add_gops  relaxed atomic adds per second (10^9) on device
//                         memory, 4096 counters: hc::atomic_fetch_add on a
//                         raw am_alloc pointer (system scope,
//                         red.relaxed.sys) against CUDA's atomicAdd (GPU
//                         scope); launch and wait included. Report only.
//   atomics.array_add_gops  the same on the elements of an hc::array
//                         captured by reference (device scope, as
//                         atomicAdd). Goal: >= 0.95x.
//   atomics.view_add_gops  the same through an array_view of that array
//                         captured by value. Goal: >= 0.95x.
//
// Ours: std::atomic<int> in hc::am_alloc(amHostPinned) memory (GPU-visible
// without the SVM work), used in the kernel through a captured pointer.
// Every wait gives up after 10 s (an abort word the kernel watches too), so
// a bug fails the benchmark instead of hanging it.
#include "common/device.hpp"
#include "common/timing.hpp"

#include <hc_am.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <exception>
#include <functional>
#include <stdexcept>
#include <vector>

namespace {

constexpr unsigned CU_MEMHOSTALLOC_PORTABLE = 0x1;
constexpr unsigned CU_MEMHOSTALLOC_DEVICEMAP = 0x2;

// Mapped pinned memory of the driver. Looked up here rather than in
// common/raw_cuda.hpp, whose entry points every reference (and the fake
// driver of test/benchmarks) must provide. The driver is already loaded by
// the reference; dlopen only takes another reference to it.
struct mapped_memory_api {
  raw_cuda::CUresult (*alloc)(void **, std::size_t, unsigned) = nullptr;
  raw_cuda::CUresult (*free)(void *) = nullptr;
  raw_cuda::CUresult (*device_pointer)(raw_cuda::CUdeviceptr *, void *,
                                       unsigned) = nullptr;

  bool load(std::string &why) {
    const char *name = std::getenv("HCC_CUDA_LIBRARY");
    void *handle =
        dlopen(name && *name ? name : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      why = "cannot load the driver";
      return false;
    }
    alloc = reinterpret_cast<decltype(alloc)>(dlsym(handle, "cuMemHostAlloc"));
    free = reinterpret_cast<decltype(free)>(dlsym(handle, "cuMemFreeHost"));
    device_pointer = reinterpret_cast<decltype(device_pointer)>(
        dlsym(handle, "cuMemHostGetDevicePointer_v2"));
    if (!alloc || !free || !device_pointer) {
      why = "the driver lacks cuMemHostAlloc/cuMemFreeHost/"
            "cuMemHostGetDevicePointer_v2";
      return false;
    }
    return true;
  }
};

// Waits for *word == value; false after 10 s (then raises abort).
template <typename Load>
bool wait_for_value(Load load, int value, std::atomic<int> &abort_word) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (load() != value)
    if (std::chrono::steady_clock::now() > deadline) {
      abort_word.store(1);
      return false;
    }
  return true;
}

// The host side of `trips` round trips on words[0] (ping), words[1] (pong);
// microseconds per trip, counted from the kernel's first pong.
double host_side(std::atomic<int> *words, int trips) {
  if (!wait_for_value([&] { return words[1].load(std::memory_order_acquire); },
                      0, words[2]))
    throw std::runtime_error("pingpong: the kernel never started");
  auto start = std::chrono::steady_clock::now();
  for (int r = 1; r <= trips; ++r) {
    words[0].store(r, std::memory_order_release);
    if (!wait_for_value(
            [&] { return words[1].load(std::memory_order_acquire); }, r,
            words[2]))
      throw std::runtime_error("pingpong: no pong for round trip " +
                               std::to_string(r));
  }
  std::chrono::duration<double, std::micro> us =
      std::chrono::steady_clock::now() - start;
  return us.count() / trips;
}

// Atomic throughput on device memory, ours against atomicAdd. `add_all`
// adds 1 to counter i & mask for every i < n (one launch, waited for) and
// `read_back` fetches the counters; a lost update fails the benchmark.
void add_throughput(const char *metric, const char *goal, bench::reference *ref,
                    const bench::options &o,
                    const std::function<void(int, unsigned)> &add_all,
                    const std::function<std::vector<int>()> &read_back) {
  const int n = o.quick ? (1 << 16) : (1 << 26);
  const unsigned mask = 4095;
  const int reps = o.quick ? 3 : 20;
  const std::size_t bytes = (mask + 1) * sizeof(int);
  std::vector<int> zeros(mask + 1, 0), back(mask + 1);
  raw_cuda::CUdeviceptr ref_counters = 0;
  raw_cuda::CUfunction ref_kernel = nullptr;
  if (ref) {
    ref_counters = ref->alloc(bytes);
    ref_kernel = ref->function("atomic_add_kernel");
    ref->upload(ref_counters, zeros.data(), bytes);
  }
  long long launches = 0, ref_launches = 0;
  bench::samples s = bench::alternate(
      1, reps,
      [&] {
        double us = bench::time_us([&] { add_all(n, mask); });
        ++launches;
        return n / us / 1e3;
      },
      ref ? std::function<double()>([&] {
        int count = n;
        unsigned m = mask;
        void *params[] = {&ref_counters, &m, &count};
        double us = bench::time_us([&] {
          ref->launch(ref_kernel, (n + 255) / 256, 1, 256, 1, params);
          ref->sync();
        });
        ++ref_launches;
        return n / us / 1e3;
      })
          : nullptr);
  // Every counter got n / 4096 adds per launch.
  back = read_back();
  for (unsigned i = 0; i <= mask; ++i)
    if (back[i] != launches * (n / (mask + 1)))
      throw std::runtime_error(std::string(metric) + ": counter " +
                               std::to_string(i) + " is " +
                               std::to_string(back[i]) + ", expected " +
                               std::to_string(launches * (n / (mask + 1))));
  if (ref) {
    ref->download(back.data(), ref_counters, bytes);
    if (back[0] != ref_launches * (n / (mask + 1)))
      throw std::runtime_error(std::string(metric) +
                               ": the reference lost updates");
  }
  bench::metric(metric, bench::median(s.ours),
                bench::ref_value(ref, bench::median(s.ref)),
                bench::better::higher, goal);
}

// hc::atomic_fetch_add on a raw pointer to am_alloc'ed device memory: system
// scope (platform atomics: the compiler cannot know it is not host memory).
void raw_pointer_add(const bench::target &t, bench::reference *ref,
                     const bench::options &o) {
  const std::size_t counters_n = 4096, bytes = counters_n * sizeof(int);
  hc::accelerator acc = t.view.get_accelerator();
  int *counters = static_cast<int *>(hc::am_alloc(bytes, acc, 0));
  if (!counters)
    throw std::runtime_error("device_add: am_alloc failed");
  std::vector<int> zeros(counters_n, 0);
  hc::am_copy(counters, zeros.data(), bytes);
  add_throughput(
      "atomics.device_add_gops", nullptr, ref, o,
      [&](int n, unsigned mask) {
        int *p = counters;
        hc::parallel_for_each(t.view, hc::extent<1>(n),
                              [=](hc::index<1> i) [[hc]] {
                                hc::atomic_fetch_add(&p[i[0] & mask], 1);
                              })
            .wait();
      },
      [&] {
        std::vector<int> back(counters_n);
        hc::am_copy(back.data(), counters, bytes);
        return back;
      });
  hc::am_free(counters);
}

// The same on the elements of an hc::array: device scope
// (llvm-passes/svm/ArrayDataScope.h), as CUDA's atomicAdd. Once with the
// array captured by reference, once through an array_view of it captured
// by value (the data pointer then comes in the kernel's arguments).
void array_adds(const bench::target &t, bench::reference *ref,
                const bench::options &o) {
  hc::array<int, 1> counters(4096, t.view);
  hc::array_view<int, 1> view(counters);
  const std::vector<int> zeros(4096, 0);
  auto read_back = [&] {
    std::vector<int> back(4096);
    hc::copy(counters, back.begin());
    hc::copy(zeros.begin(), zeros.end(), counters); // for the next metric
    return back;
  };
  hc::copy(zeros.begin(), zeros.end(), counters);
  add_throughput(
      "atomics.array_add_gops", "ratio>=0.95", ref, o,
      [&](int n, unsigned mask) {
        hc::parallel_for_each(t.view, hc::extent<1>(n),
                              [&counters, mask](hc::index<1> i) [[hc]] {
                                hc::atomic_fetch_add(&counters[i[0] & mask], 1);
                              })
            .wait();
      },
      read_back);
  add_throughput(
      "atomics.view_add_gops", "ratio>=0.95", ref, o,
      [&](int n, unsigned mask) {
        hc::parallel_for_each(t.view, hc::extent<1>(n),
                              [=](hc::index<1> i) [[hc]] {
                                hc::atomic_fetch_add(&view[i[0] & mask], 1);
                              })
            .wait();
      },
      read_back);
}

int run(const bench::options &o) {
  bench::target t = bench::default_target();
  std::unique_ptr<bench::reference> ref =
      bench::open_reference("atomics_pingpong", t, o, "atomics_pingpong.cubin");
  const int trips = o.quick ? 100 : 10000;
  const int reps = o.quick ? 3 : 15;
  bench::note("median of %d samples of %d round trips (launch excluded)",
              reps, trips);

  hc::accelerator acc = t.view.get_accelerator();
  auto *words = static_cast<std::atomic<int> *>(
      hc::am_alloc(4 * sizeof(std::atomic<int>), acc, amHostPinned));
  if (!words)
    throw std::runtime_error("pingpong: am_alloc(amHostPinned) failed");

  void *ref_host = nullptr;
  raw_cuda::CUdeviceptr ref_dev = 0;
  raw_cuda::CUfunction ref_kernel = nullptr;
  mapped_memory_api mapped;
  if (ref) {
    std::string why;
    if (!mapped.load(why)) {
      bench::note("ref: n/a: %s", why.c_str());
      ref.reset();
    }
  }
  if (ref) {
    raw_cuda::check(ref->cu(), "cuMemHostAlloc",
                    mapped.alloc(&ref_host, 64,
                                 CU_MEMHOSTALLOC_PORTABLE |
                                     CU_MEMHOSTALLOC_DEVICEMAP));
    raw_cuda::check(ref->cu(), "cuMemHostGetDevicePointer",
                    mapped.device_pointer(&ref_dev, ref_host, 0));
    ref_kernel = ref->function("pingpong_kernel");
  }

  auto ours = [&] {
    for (int i = 0; i < 4; ++i)
      words[i].store(-1);
    words[2].store(0);
    std::atomic<int> *w = words;
    int n = trips;
    hc::completion_future done = hc::parallel_for_each(
        t.view, hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
          w[1].store(0, std::memory_order_release); // started
          for (int r = 1; r <= n; ++r) {
            while (w[0].load(std::memory_order_acquire) != r)
              if (w[2].load(std::memory_order_acquire))
                return;
            w[1].store(r, std::memory_order_release);
          }
        });
    double us;
    try {
      us = host_side(words, n);
    } catch (...) {
      words[2].store(1);
      done.wait();
      throw;
    }
    done.wait();
    return us;
  };
  std::function<double()> theirs;
  if (ref)
    theirs = [&] {
      auto *w = static_cast<std::atomic<int> *>(ref_host);
      for (int i = 0; i < 4; ++i)
        w[i].store(-1);
      w[2].store(0);
      int n = trips;
      void *params[] = {&ref_dev, &n};
      ref->launch(ref_kernel, 1, 1, 1, 1, params);
      double us;
      try {
        us = host_side(w, n);
      } catch (...) {
        w[2].store(1);
        ref->sync();
        throw;
      }
      ref->sync();
      return us;
    };

  bench::samples s = bench::alternate(1, reps, ours, theirs);
  bench::metric("atomics.pingpong_us", bench::median(s.ours),
                bench::ref_value(ref.get(), bench::median(s.ref)),
                bench::better::lower, "ratio<=2");
  hc::am_free(words);
  if (ref_host)
    mapped.free(ref_host);

  raw_pointer_add(t, ref.get(), o);
  array_adds(t, ref.get(), o);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run_main(argc, argv, "atomics_pingpong", "", run);
}
