// What every twin does around its kernels: where ours runs, the CUDA twin
// (benchmarks/twins/<name>.cu, compiled by run-gpu.sh to
// twins/<name>.cubin in the reference directory), the problem size, the
// timing of both sides in turns and the metric line.
//
// A twin is one algorithm written twice, as a user would write it: in hc,
// compiled by hcc, and in CUDA, compiled by nvcc; the ratio compares the
// two toolchains and runtimes on the same code.
#ifndef HCC_BENCH_TWINS_HARNESS_HPP
#define HCC_BENCH_TWINS_HARNESS_HPP

#include "../common/device.hpp"
#include "../common/timing.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace twin {

class harness {
public:
  // Prints the context lines ("# twin-<name>: ours on ...", "# ref: ...")
  // and opens the reference, if there can be one.
  harness(const char *name, const bench::options &o)
      : name_(std::string("twin-") + name), o_(o),
        target_(bench::default_target()),
        ref_(bench::open_reference(
            name_.c_str(), target_, o,
            (std::string("twins/") + name + ".cubin").c_str())) {}

  hc::accelerator_view view() const { return target_.view; }
  // Null without a reference: then only ours runs and ref=n/a.
  bench::reference *ref() const { return ref_.get(); }

  // --size if given, else the size of a full or of a --quick run.
  long size(long full, long quick) const {
    return o_.size > 0 ? o_.size : o_.quick ? quick : full;
  }
  int warmup() const { return o_.quick ? 1 : 3; }
  int reps() const { return o_.quick ? 2 : 20; }

  // Reference memory, freed with the reference (call only with one).
  template <class T> raw_cuda::CUdeviceptr alloc(std::size_t count) {
    return ref_->alloc(count * sizeof(T));
  }
  template <class T> raw_cuda::CUdeviceptr upload(const std::vector<T> &host) {
    raw_cuda::CUdeviceptr p = alloc<T>(host.size());
    ref_->upload(p, host.data(), host.size() * sizeof(T));
    return p;
  }
  template <class T>
  std::vector<T> download(raw_cuda::CUdeviceptr p, std::size_t count) {
    std::vector<T> host(count);
    ref_->download(host.data(), p, count * sizeof(T));
    return host;
  }

  // warmup() unmeasured, then reps() measured runs of each side, taking
  // turns. `ours` does one run and waits for it; `ref_launches` only
  // launches (the stream synchronisation is timed here). `reset_ours` and
  // `reset_ref`, untimed, run before every run of their side: for kernels
  // that change their own input.
  void time(const std::function<void()> &ours,
            const std::function<void()> &ref_launches,
            const std::function<void()> &reset_ours = nullptr,
            const std::function<void()> &reset_ref = nullptr) {
    auto side = [](const std::function<void()> &reset,
                   const std::function<void()> &run) {
      if (reset)
        reset();
      return bench::time_us(run);
    };
    bench::reference *r = ref_.get();
    samples_ = bench::alternate(
        warmup(), reps(), [&] { return side(reset_ours, ours); },
        r ? std::function<double()>([&] {
          return side(reset_ref, [&] {
            ref_launches();
            r->sync();
          });
        })
          : nullptr);
  }

  // The metric line of the last time(): `work` done by one run, per second
  // of the median run, in multiples of `unit` (1e9: giga-). Every twin's
  // figure is a rate, so that better=higher and the ratio ours/ref is our
  // speed relative to CUDA's for all of them.
  void report(const char *metric, double work, double unit) const {
    auto rate = [&](const std::vector<double> &us) {
      return work / (bench::median(us) * 1e-6) / unit;
    };
    bench::metric(metric, rate(samples_.ours),
                  bench::ref_value(ref_.get(), ref_ ? rate(samples_.ref) : 0),
                  bench::better::higher, "ratio>=0.90");
  }

private:
  std::string name_;
  bench::options o_;
  bench::target target_;
  std::unique_ptr<bench::reference> ref_;
  bench::samples samples_;
};

// main() of a twin: `run` gets the harness, already opened.
template <class Run>
int main(int argc, char **argv, const char *name, const char *usage, Run run) {
  const std::string program = std::string("twin-") + name;
  return bench::run_main(argc, argv, program.c_str(), usage,
                         [&](const bench::options &o) {
                           harness h(name, o);
                           return run(h);
                         });
}

} // namespace twin

#endif // HCC_BENCH_TWINS_HARNESS_HPP
