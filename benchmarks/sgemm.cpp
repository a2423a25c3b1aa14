// GFLOP/s of examples/sgemm_tiled.cpp against the same algorithm written in
// CUDA and compiled by nvcc (benchmarks/reference/sgemm.cu), on the same
// GPU, C = A * B with square matrices (4096 by default).
//
//   sgemm.gflops   2 * M * N * K / median time of one multiplication;
//                  ours sgemm_tiled::run(...).wait(), the reference
//                  cuLaunchKernel + cuStreamSynchronize
//
// Both results are checked against the CPU on a sample of elements.
#define SGEMM_TILED_NO_MAIN // the example's kernel and checks, not its main
#include "../examples/sgemm_tiled.cpp"

#include "common/device.hpp"
#include "common/timing.hpp"

#include <exception>

namespace {

void check(const char *who, double err) {
  if (!(err < 1e-5)) {
    std::fprintf(stderr, "sgemm: %s: max error %.2e against the CPU\n", who,
                 err);
    throw std::runtime_error("wrong results");
  }
}

int run(const bench::options &o) {
  bench::target t = bench::default_target();
  std::unique_ptr<bench::reference> ref =
      bench::open_reference("sgemm", t, o, "sgemm.cubin");
  const int n = static_cast<int>(o.size ? o.size : o.quick ? 128 : 4096);
  const int M = n, N = n, K = n;
  const int warmup = o.quick ? 1 : 3, reps = o.quick ? 2 : 20;
  const int samples = 1000; // elements of C checked against the CPU
  bench::note("C = A * B, %dx%d * %dx%d, %d-element sample checked, median "
              "of %d repetitions",
              M, K, K, N, samples, reps);

  std::vector<float> hA(static_cast<std::size_t>(M) * K),
      hB(static_cast<std::size_t>(K) * N), hC(static_cast<std::size_t>(M) * N);
  sgemm_tiled::fill(hA, 1);
  sgemm_tiled::fill(hB, 2);
  const std::vector<float> zeros(hC.size(), 0.0f);
  float alpha = 1.0f, beta = 0.0f; // beta 0: every repetition is the same

  hc::accelerator_view view = t.view;
  hc::array<float, 2> A(hc::extent<2>(M, K), hA.begin(), view),
      B(hc::extent<2>(K, N), hB.begin(), view), C(M, N, view);
  hc::array_view<const float, 2> a(A), b(B);
  hc::array_view<float, 2> c(C);

  raw_cuda::CUdeviceptr rA = 0, rB = 0, rC = 0;
  raw_cuda::CUfunction kernel = nullptr;
  if (ref) {
    kernel = ref->function("sgemm_tiled");
    rA = ref->alloc(hA.size() * sizeof(float));
    rB = ref->alloc(hB.size() * sizeof(float));
    rC = ref->alloc(hC.size() * sizeof(float));
    ref->upload(rA, hA.data(), hA.size() * sizeof(float));
    ref->upload(rB, hB.data(), hB.size() * sizeof(float));
  }
  const unsigned grid_x = (N + sgemm_tiled::BN - 1) / sgemm_tiled::BN;
  const unsigned grid_y = (M + sgemm_tiled::BM - 1) / sgemm_tiled::BM;
  int m = M, nn = N, k = K;
  void *params[] = {&m, &nn, &k, &alpha, &rA, &rB, &beta, &rC};

  bench::samples s = bench::alternate(
      warmup, reps,
      [&] {
        return bench::time_us(
            [&] { sgemm_tiled::run(view, alpha, a, b, beta, c).wait(); });
      },
      ref ? std::function<double()>([&] {
        return bench::time_us([&] {
          ref->launch(kernel, grid_x, grid_y, sgemm_tiled::TILE,
                      sgemm_tiled::TILE, params);
          ref->sync();
        });
      })
          : nullptr);

  hc::copy(C, hC.begin());
  check("ours", sgemm_tiled::max_error(hA, hB, zeros, hC, M, N, K, alpha, beta,
                                       samples));
  if (ref) {
    ref->download(hC.data(), rC, hC.size() * sizeof(float));
    check("ref", sgemm_tiled::max_error(hA, hB, zeros, hC, M, N, K, alpha,
                                        beta, samples));
  }

  // flops / microseconds = MFLOP/s; / 1000 = GFLOP/s.
  const double flops = 2.0 * M * N * K;
  bench::metric("sgemm.gflops", flops / bench::median(s.ours) / 1000.0,
                bench::ref_value(ref.get(),
                                 ref ? flops / bench::median(s.ref) / 1000.0
                                     : 0),
                bench::better::higher, "ratio>=0.90");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run_main(argc, argv, "sgemm", "[--size N]", run);
}
