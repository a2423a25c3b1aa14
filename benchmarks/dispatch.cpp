// Dispatch cost of an empty parallel_for_each, against cuLaunchKernel of an
// empty kernel on the same GPU (benchmarks/reference/empty.cu).
//
//   dispatch.enqueue_us    host time of one asynchronous launch, from
//                          batches of launches issued back to back; the
//                          queue is drained, untimed, between batches
//   dispatch.roundtrip_us  one launch, then waiting for it to finish
//                          (ours: parallel_for_each(...).wait(); ref:
//                          cuLaunchKernel + cuStreamSynchronize)
//
// Both sides launch on a non-blocking stream of the same primary context;
// our domain is one work-item, the reference grid one thread.
#include "common/device.hpp"
#include "common/timing.hpp"

#include <cstdio>
#include <exception>

namespace {

int run(const bench::options &o) {
  bench::target t = bench::default_target();
  std::unique_ptr<bench::reference> ref =
      bench::open_reference("dispatch", t, o, "empty.cubin");
  const int batch = o.quick ? 10 : 100;
  const int enqueue_reps = o.quick ? 3 : 50;
  const int roundtrip_reps = o.quick ? 10 : 1000;

  hc::accelerator_view av = t.view;
  const hc::extent<1> one(1);
  // One lambda object, so every launch is the same kernel.
  auto empty = [](hc::index<1>) [[hc]] {};
  raw_cuda::CUfunction ref_kernel = ref ? ref->function("empty_kernel") : nullptr;

  bench::note("enqueue: median of %d batches of %d launches; roundtrip: "
              "median of %d launch+wait",
              enqueue_reps, batch, roundtrip_reps);

  bench::samples enqueue = bench::alternate(
      2, enqueue_reps,
      [&] {
        double us = bench::time_us([&] {
          for (int i = 0; i < batch; ++i)
            hc::parallel_for_each(av, one, empty);
        });
        av.wait();
        return us / batch;
      },
      ref ? std::function<double()>([&] {
        double us = bench::time_us([&] {
          for (int i = 0; i < batch; ++i)
            ref->launch(ref_kernel, 1, 1, 1, 1, nullptr);
        });
        ref->sync();
        return us / batch;
      })
          : nullptr);

  bench::samples roundtrip = bench::alternate(
      20, roundtrip_reps,
      [&] {
        return bench::time_us(
            [&] { hc::parallel_for_each(av, one, empty).wait(); });
      },
      ref ? std::function<double()>([&] {
        return bench::time_us([&] {
          ref->launch(ref_kernel, 1, 1, 1, 1, nullptr);
          ref->sync();
        });
      })
          : nullptr);

  bench::metric("dispatch.enqueue_us", bench::median(enqueue.ours),
                bench::ref_value(ref.get(), bench::median(enqueue.ref)),
                bench::better::lower, "ratio<=1.15");
  bench::metric("dispatch.roundtrip_us", bench::median(roundtrip.ours),
                bench::ref_value(ref.get(), bench::median(roundtrip.ref)),
                bench::better::lower, "ratio<=1.15");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run_main(argc, argv, "dispatch", "", run);
}
