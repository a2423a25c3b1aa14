// Shared virtual memory on the GPU (docs/svm.md): what making host memory
// visible costs, and the bandwidth of a kernel on host memory.
//
//   visible.first_<S>MiB_ms   first launch+wait of a one-thread kernel whose
//                             captured pointer points into a fresh S MiB
//                             mapping (the runtime page-locks it);
//                             ref: cuMemHostRegister + launch + sync
//   visible.later_<S>MiB_us   later launches on the same memory (a lookup);
//                             ref: launch + sync on registered memory
//   svm_vadd.bandwidth_gbs    c = a + b on host memory through captured
//                             pointers; ref: the triad kernel (s = 1) of
//                             reference/stream.cu on registered host memory
//   svm_vs_array.bandwidth_gbs  the same kernel of ours on host memory
//                             against on hc::arrays in device memory
//
// Every mapping is fresh (mmap) and released (munmap) per repetition, so
// each first launch registers anew.
#include "common/device.hpp"
#include "common/timing.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <sys/mman.h>
#include <vector>

namespace {

// cuMemHostRegister/Unregister for the reference side, from the driver the
// reference loaded (raw_cuda's table has no host-memory calls).
struct host_register_api {
  int (*reg)(void *, std::size_t, unsigned) = nullptr;
  int (*unreg)(void *) = nullptr;
};

host_register_api load_host_register() {
  host_register_api a;
  const char *lib = std::getenv("HCC_CUDA_LIBRARY");
  void *h = dlopen(lib && *lib ? lib : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return a;
  a.reg = reinterpret_cast<int (*)(void *, std::size_t, unsigned)>(
      dlsym(h, "cuMemHostRegister_v2"));
  a.unreg = reinterpret_cast<int (*)(void *)>(dlsym(h, "cuMemHostUnregister"));
  return a;
}

constexpr unsigned register_portable_devicemap = 0x1 | 0x2;

void *fresh_mapping(std::size_t bytes) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    throw std::runtime_error("mmap failed");
  std::memset(p, 0, bytes); // resident, as data a program just wrote
  return p;
}

struct touch_kernel {
  float *p;
  void operator()(hc::index<1>) const [[hc]] { p[0] += 1.0f; }
};

struct vadd_kernel {
  const float *a, *b;
  float *c;
  void operator()(hc::index<1> i) const [[hc]] {
    c[i[0]] = a[i[0]] + b[i[0]];
  }
};

// Seconds are what a user sees: launch + wait on the host clock.
double launch_us(hc::accelerator_view &view, float *p) {
  return bench::time_us([&] {
    hc::parallel_for_each(view, hc::extent<1>(1), touch_kernel{p}).wait();
  });
}

void visibility(bench::target &t, bench::reference *ref,
                const host_register_api &hr, std::size_t mib, int reps) {
  const std::size_t bytes = mib << 20;
  std::vector<double> first, later, ref_first, ref_later;
  raw_cuda::CUfunction saxpy = ref ? ref->function("saxpy") : nullptr;
  for (int r = 0; r < reps; ++r) {
    float *p = static_cast<float *>(fresh_mapping(bytes));
    first.push_back(launch_us(t.view, p));
    for (int i = 0; i < 5; ++i)
      later.push_back(launch_us(t.view, p));
    if (p[0] != 6.0f)
      throw std::runtime_error("svm: the kernel's writes are not visible");
    munmap(p, bytes);

    if (!ref || !hr.reg)
      continue;
    float *q = static_cast<float *>(fresh_mapping(bytes));
    int n = 1;
    float one = 1.0f;
    void *params[] = {&n, &one, &q, &q};
    auto ref_launch = [&] {
      ref->launch(saxpy, 1, 1, 32, 1, params);
      ref->sync();
    };
    ref_first.push_back(bench::time_us([&] {
      if (hr.reg(q, bytes, register_portable_devicemap) != 0)
        throw std::runtime_error("cuMemHostRegister failed");
      ref_launch();
    }));
    for (int i = 0; i < 5; ++i)
      ref_later.push_back(bench::time_us(ref_launch));
    hr.unreg(q);
    munmap(q, bytes);
  }
  bool have_ref = ref && hr.reg;
  char name[64];
  std::snprintf(name, sizeof name, "visible.first_%zuMiB_ms", mib);
  bench::metric(name, bench::median(first) / 1000,
                bench::ref_value(have_ref ? ref : nullptr,
                                 have_ref ? bench::median(ref_first) / 1000 : 0),
                bench::better::lower, nullptr);
  std::snprintf(name, sizeof name, "visible.later_%zuMiB_us", mib);
  bench::metric(name, bench::median(later),
                bench::ref_value(have_ref ? ref : nullptr,
                                 have_ref ? bench::median(ref_later) : 0),
                bench::better::lower, nullptr);
  bench::note("first launch costs %.3f ms per MiB more than later ones",
              (bench::median(first) - bench::median(later)) / 1000 / mib);
}

void bandwidth(bench::target &t, bench::reference *ref,
               const host_register_api &hr, long n, int reps) {
  const std::size_t bytes = n * sizeof(float);
  const double moved = 3.0 * bytes;
  auto *a = static_cast<float *>(fresh_mapping(bytes));
  auto *b = static_cast<float *>(fresh_mapping(bytes));
  auto *c = static_cast<float *>(fresh_mapping(bytes));
  for (long i = 0; i < n; ++i) {
    a[i] = 1.0f;
    b[i] = static_cast<float>(i % 7);
  }
  const hc::extent<1> ext(static_cast<int>(n));
  auto ours_svm = [&] {
    return bench::time_us([&] {
      hc::parallel_for_each(t.view, ext, vadd_kernel{a, b, c}).wait();
    });
  };

  hc::array<float, 1> da(ext, a, t.view), db(ext, b, t.view), dc(ext, t.view);
  hc::array_view<const float, 1> av(da), bv(db);
  hc::array_view<float, 1> cv(dc);
  auto ours_array = [&] {
    return bench::time_us([&] {
      hc::parallel_for_each(t.view, ext, [=](hc::index<1> i) [[hc]] {
        cv[i] = av[i] + bv[i];
      }).wait();
    });
  };

  std::function<double()> ref_side;
  float *ra = nullptr, *rb = nullptr, *rc = nullptr;
  int rn = static_cast<int>(n);
  float one = 1.0f;
  void *params[] = {&rn, &one, &rc, &ra, &rb};
  raw_cuda::CUfunction triad = nullptr;
  if (ref && hr.reg) {
    ra = static_cast<float *>(fresh_mapping(bytes));
    rb = static_cast<float *>(fresh_mapping(bytes));
    rc = static_cast<float *>(fresh_mapping(bytes));
    std::memcpy(ra, b, bytes);
    std::memcpy(rb, a, bytes);
    for (float *p : {ra, rb, rc})
      if (hr.reg(p, bytes, register_portable_devicemap) != 0)
        throw std::runtime_error("cuMemHostRegister failed");
    triad = ref->function("triad");
    ref_side = [&] {
      return bench::time_us([&] {
        ref->launch(triad, static_cast<unsigned>((n + 255) / 256), 1, 256, 1,
                    params);
        ref->sync();
      });
    };
  }
  bench::samples svm = bench::alternate(2, reps, ours_svm, ref_side);
  bench::samples arr = bench::alternate(2, reps, ours_array, nullptr);
  for (long i = 0; i < n; i += 997)
    if (c[i] != 1.0f + static_cast<float>(i % 7))
      throw std::runtime_error("svm: wrong vector sum");
  if (ref_side)
    for (long i = 0; i < n; i += 997)
      if (rc[i] != c[i])
        throw std::runtime_error("svm: wrong reference vector sum");

  auto gbs = [&](const std::vector<double> &us) {
    return moved / bench::median(us) / 1000.0;
  };
  bench::metric("svm_vadd.bandwidth_gbs", gbs(svm.ours),
                bench::ref_value(ref_side ? ref : nullptr,
                                 ref_side ? gbs(svm.ref) : 0),
                bench::better::higher, nullptr);
  bench::note("svm_vs_array: ref is our same kernel on hc::arrays in device "
              "memory");
  bench::metric("svm_vs_array.bandwidth_gbs", gbs(svm.ours), gbs(arr.ours),
                bench::better::higher, nullptr);
  for (float *p : {a, b, c})
    munmap(p, bytes);
  if (ref_side)
    for (float *p : {ra, rb, rc}) {
      hr.unreg(p);
      munmap(p, bytes);
    }
}

int run(const bench::options &o) {
  bench::target t = bench::default_target();
  std::unique_ptr<bench::reference> ref =
      bench::open_reference("svm", t, o, "stream.cubin");
  host_register_api hr = ref ? load_host_register() : host_register_api{};
  const int reps = o.quick ? 2 : 5;
  bench::note("each figure: median of %d fresh mappings (5 later launches "
              "each)", reps);
  std::vector<std::size_t> sizes = o.quick ? std::vector<std::size_t>{1}
                                           : std::vector<std::size_t>{1, 16, 256};
  for (std::size_t mib : sizes)
    visibility(t, ref.get(), hr, mib, reps);
  const long n = o.size ? o.size : o.quick ? 1 << 16 : 32L << 20;
  bench::note("vector add: %ld floats per array (%.1f MiB)", n,
              n * sizeof(float) / 1048576.0);
  bandwidth(t, ref.get(), hr, n, o.quick ? 3 : 20);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run_main(argc, argv, "svm", "[--size N]", run);
}
