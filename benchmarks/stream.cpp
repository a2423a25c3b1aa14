// Memory bandwidth of saxpy and the STREAM triad on hc::array, against the
// textbook CUDA kernels (benchmarks/reference/stream.cu) on the same GPU.
//
//   saxpy.bandwidth_gbs   y = a * x + y   (reads x, y; writes y)
//   triad.bandwidth_gbs   a = b + s * c   (reads b, c; writes a)
//
// Bytes moved / median time of one kernel, where the time is the host's:
// ours parallel_for_each(...).wait(), the reference cuLaunchKernel +
// cuStreamSynchronize, each repetition timed alone. So launch overhead
// counts on both sides, as it does for a program; the arrays are large
// enough (256 MiB each by default) that it is a few percent at most.
//
// The kernels reach the arrays through array_views made once, outside the
// loop: capturing an hc::array by reference does not work on a GPU without
// access to host memory, and a lambda capturing one by value copies it
// when the lambda is made.
#include "common/device.hpp"
#include "common/timing.hpp"

#include <cstdio>
#include <exception>
#include <vector>

namespace {

// Counts elements that differ from `expected` (the values are small
// integers, exactly representable, so the comparison is exact).
long mismatches(const std::vector<float> &v, float expected) {
  long bad = 0;
  for (float x : v)
    bad += x != expected;
  return bad;
}

void check(const char *what, const std::vector<float> &v, float expected) {
  if (long bad = mismatches(v, expected)) {
    std::fprintf(stderr, "stream: %s: %ld of %zu elements differ from %g\n",
                 what, bad, v.size(), expected);
    throw std::runtime_error("wrong results");
  }
}

int run(const bench::options &o) {
  bench::target t = bench::default_target();
  std::unique_ptr<bench::reference> ref =
      bench::open_reference("stream", t, o, "stream.cubin");
  const long n = o.size ? o.size : o.quick ? 1 << 16 : 64L << 20;
  const int warmup = 3, reps = o.quick ? 3 : 50;
  const std::size_t bytes = 3 * n * sizeof(float); // both kernels
  bench::note("%ld floats per array (%.1f MiB), median of %d repetitions", n,
              n * sizeof(float) / 1048576.0, reps);

  hc::accelerator_view view = t.view;
  const hc::extent<1> ext(static_cast<int>(n));
  hc::array<float, 1> x(ext, view), y(ext, view), a(ext, view), b(ext, view),
      c(ext, view);
  hc::array_view<const float, 1> xv(x), bv(b), cv(c);
  hc::array_view<float, 1> yv(y), a_out(a);
  {
    hc::array_view<float, 1> xw(x), bw(b), cw(c);
    hc::parallel_for_each(view, ext, [=](hc::index<1> i) [[hc]] {
      xw[i] = 1.0f;
      yv[i] = 0.0f;
      bw[i] = 1.0f;
      cw[i] = 2.0f;
    }).wait();
  }
  const float alpha = 2.0f, s = 3.0f;

  // Reference buffers, same sizes and contents.
  raw_cuda::CUdeviceptr rx = 0, ry = 0, ra = 0, rb = 0, rc = 0;
  raw_cuda::CUfunction saxpy = nullptr, triad = nullptr;
  int n32 = static_cast<int>(n);
  unsigned grid = static_cast<unsigned>((n + 255) / 256);
  if (ref) {
    saxpy = ref->function("saxpy");
    triad = ref->function("triad");
    for (raw_cuda::CUdeviceptr *p : {&rx, &ry, &ra, &rb, &rc})
      *p = ref->alloc(n * sizeof(float));
    ref->fill(rx, 1.0f, n);
    ref->fill(ry, 0.0f, n);
    ref->fill(ra, 0.0f, n);
    ref->fill(rb, 1.0f, n);
    ref->fill(rc, 2.0f, n);
  }

  bench::samples sx = bench::alternate(
      warmup, reps,
      [&] {
        return bench::time_us([&] {
          hc::parallel_for_each(view, ext, [=](hc::index<1> i) [[hc]] {
            yv[i] = alpha * xv[i] + yv[i];
          }).wait();
        });
      },
      ref ? std::function<double()>([&] {
        void *params[] = {&n32, const_cast<float *>(&alpha), &rx, &ry};
        return bench::time_us([&] {
          ref->launch(saxpy, grid, 1, 256, 1, params);
          ref->sync();
        });
      })
          : nullptr);

  bench::samples st = bench::alternate(
      warmup, reps,
      [&] {
        return bench::time_us([&] {
          hc::parallel_for_each(view, ext, [=](hc::index<1> i) [[hc]] {
            a_out[i] = bv[i] + s * cv[i];
          }).wait();
        });
      },
      ref ? std::function<double()>([&] {
        void *params[] = {&n32, const_cast<float *>(&s), &ra, &rb, &rc};
        return bench::time_us([&] {
          ref->launch(triad, grid, 1, 256, 1, params);
          ref->sync();
        });
      })
          : nullptr);

  // Every saxpy added 2 to y; every triad wrote 7.
  const float saxpy_expected = alpha * (warmup + reps);
  std::vector<float> host(n);
  hc::copy(y, host.begin());
  check("ours, saxpy", host, saxpy_expected);
  hc::copy(a, host.begin());
  check("ours, triad", host, 7.0f);
  if (ref) {
    ref->download(host.data(), ry, n * sizeof(float));
    check("ref, saxpy", host, saxpy_expected);
    ref->download(host.data(), ra, n * sizeof(float));
    check("ref, triad", host, 7.0f);
  }

  // bytes / microseconds = MB/s; / 1000 = GB/s.
  auto gbs = [&](const std::vector<double> &us) {
    return bytes / bench::median(us) / 1000.0;
  };
  bench::metric("saxpy.bandwidth_gbs", gbs(sx.ours),
                bench::ref_value(ref.get(), ref ? gbs(sx.ref) : 0),
                bench::better::higher, "ratio>=0.90");
  bench::metric("triad.bandwidth_gbs", gbs(st.ours),
                bench::ref_value(ref.get(), ref ? gbs(st.ref) : 0),
                bench::better::higher, "ratio>=0.90");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run_main(argc, argv, "stream", "[--size N]", run);
}
