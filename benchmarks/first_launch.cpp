// First-launch latency: the first parallel_for_each of a program pays for
// loading its kernel (on CUDA: JIT-compiling the PTX hcc embedded), the
// second does not.
//
// Every figure comes from a fresh process: the benchmark runs itself as a
// child (--child) several times, with
//   HCC_KERNEL_CACHE=off          first_launch.cold_ms, first_launch.second_us
//   HCC_KERNEL_CACHE=<new dir>    first_launch.cache_fill_ms (one run)
//   HCC_KERNEL_CACHE=<same dir>   first_launch.warm_cache_ms
// and CUDA_CACHE_DISABLE=1 in all of them, so that the driver's own JIT
// cache (~/.nv/ComputeCache) does not make the cold runs warm: the warm
// runs are warm only through hcc's cache. The directory is removed at the
// end.
//
// A child first creates its arrays (which creates the CUDA context and
// uploads the data, untimed), then times one saxpy parallel_for_each(...)
// .wait() and a second one. The reference, in the same child afterwards:
// cuModuleLoadData of the nvcc-compiled cubin with the same saxpy
// (benchmarks/reference/stream.cu; a cubin needs no JIT, which is what a
// warm kernel cache should come close to), cuModuleGetFunction, launch,
// cuStreamSynchronize; then a second launch.
#include "common/device.hpp"
#include "common/subprocess.hpp"
#include "common/timing.hpp"

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <map>
#include <sstream>

namespace {

// --- the child: one program's first and second launch ----------------------

int child(const bench::options &o) {
  bench::target t = bench::default_target();
  std::printf("device %s (%s)\n", t.path.c_str(), t.description.c_str());
  const int n = o.quick ? 1 << 10 : 1 << 20;
  const float alpha = 2.0f;
  std::vector<float> ones(n, 1.0f);

  hc::accelerator_view view = t.view;
  const hc::extent<1> ext(n);
  hc::array<float, 1> x(ext, ones.begin(), view), y(ext, ones.begin(), view);
  hc::array_view<const float, 1> xv(x);
  hc::array_view<float, 1> yv(y);
  auto saxpy = [=](hc::index<1> i) [[hc]] { yv[i] = alpha * xv[i] + yv[i]; };

  double first = bench::time_us(
      [&] { hc::parallel_for_each(view, ext, saxpy).wait(); });
  double second = bench::time_us(
      [&] { hc::parallel_for_each(view, ext, saxpy).wait(); });
  std::printf("first_us %.3f\nsecond_us %.3f\n", first, second);

  std::string why;
  std::unique_ptr<bench::reference> ref =
      bench::reference::open(t.path, o.ref_dir, "stream.cubin", why);
  if (!ref) {
    std::printf("ref_why %s\n", why.c_str());
    return 0;
  }
  raw_cuda::CUdeviceptr rx = ref->alloc(n * sizeof(float));
  raw_cuda::CUdeviceptr ry = ref->alloc(n * sizeof(float));
  ref->fill(rx, 1.0f, n);
  ref->fill(ry, 1.0f, n);
  int n32 = n;
  float a = alpha;
  void *params[] = {&n32, &a, &rx, &ry};
  const unsigned grid = (n + 255) / 256;
  double ref_first = bench::time_us([&] {
    raw_cuda::CUfunction f = ref->function("saxpy"); // loads the module
    ref->launch(f, grid, 1, 256, 1, params);
    ref->sync();
  });
  raw_cuda::CUfunction f = ref->function("saxpy");
  double ref_second = bench::time_us([&] {
    ref->launch(f, grid, 1, 256, 1, params);
    ref->sync();
  });
  std::printf("ref_first_us %.3f\nref_second_us %.3f\n", ref_first,
              ref_second);
  return 0;
}

// --- the parent: runs the children and reports -----------------------------

// The figures of several children of one configuration.
struct runs {
  std::vector<double> first, second, ref_first, ref_second;
  std::string device, ref_why;
};

void parse(const std::string &out, runs &r) {
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    std::string key = line.substr(0, line.find(' '));
    std::string value = line.size() > key.size() ? line.substr(key.size() + 1) : "";
    if (key == "device")
      r.device = value;
    else if (key == "ref_why")
      r.ref_why = value;
    else if (key == "first_us")
      r.first.push_back(std::atof(value.c_str()));
    else if (key == "second_us")
      r.second.push_back(std::atof(value.c_str()));
    else if (key == "ref_first_us")
      r.ref_first.push_back(std::atof(value.c_str()));
    else if (key == "ref_second_us")
      r.ref_second.push_back(std::atof(value.c_str()));
  }
}

runs run_children(const bench::options &o, int count, const std::string &cache) {
  std::vector<std::string> args{"--child"};
  if (o.quick)
    args.push_back("--quick");
  if (!o.ref_dir.empty()) {
    args.push_back("--ref-dir");
    args.push_back(o.ref_dir);
  }
  runs r;
  for (int i = 0; i < count; ++i)
    parse(bench::run_self(args, {{"HCC_KERNEL_CACHE", cache},
                                 {"CUDA_CACHE_DISABLE", "1"}}),
          r);
  return r;
}

std::optional<double> ref_median(const std::vector<double> &v, double scale) {
  if (v.empty())
    return std::nullopt;
  return bench::median(v) * scale;
}

bool empty_dir(const std::filesystem::path &dir) {
  for (const auto &entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file())
      return false;
  return true;
}

int parent(const bench::options &o) {
  const int count = o.quick ? 1 : 5;
  std::string pattern =
      (std::filesystem::temp_directory_path() / "hcc-bench-cache-XXXXXX")
          .string();
  if (!mkdtemp(&pattern[0]))
    throw std::runtime_error("cannot create a directory from " + pattern);
  const std::filesystem::path cache_dir = pattern;

  runs cold, fill, warm;
  try {
    cold = run_children(o, count, "off");
    fill = run_children(o, 1, cache_dir.string());
    warm = run_children(o, count, cache_dir.string());
  } catch (...) {
    std::filesystem::remove_all(cache_dir);
    throw;
  }
  bool cache_used = !empty_dir(cache_dir);
  std::filesystem::remove_all(cache_dir);

  bench::note("first_launch: ours on %s%s", cold.device.c_str(),
              o.quick ? ", --quick" : "");
  if (cold.ref_first.empty())
    bench::note("ref: n/a: %s", cold.ref_why.c_str());
  else
    bench::note("ref: raw CUDA driver, %s/stream.cubin (cubin load, no JIT)",
                o.ref_dir.c_str());
  bench::note("saxpy kernel, one launch + wait per figure; median of %d "
              "processes per cache setting, CUDA_CACHE_DISABLE=1",
              count);
  if (!cache_used && cold.device.compare(0, 4, "cuda") == 0)
    bench::note("HCC_KERNEL_CACHE=<dir> left the directory empty: this "
                "runtime caches no kernels, the warm-cache figure is a cold "
                "one");
  else if (!cache_used)
    bench::note("nothing to cache: this backend compiles no kernels at run "
                "time");

  const double ms = 1e-3;
  bench::metric("first_launch.cold_ms", bench::median(cold.first) * ms,
                ref_median(cold.ref_first, ms), bench::better::lower, nullptr);
  bench::metric("first_launch.cache_fill_ms", bench::median(fill.first) * ms,
                ref_median(fill.ref_first, ms), bench::better::lower, nullptr);
  bench::metric("first_launch.warm_cache_ms", bench::median(warm.first) * ms,
                ref_median(warm.ref_first, ms), bench::better::lower, nullptr);
  bench::metric("first_launch.second_us", bench::median(cold.second),
                ref_median(cold.ref_second, 1), bench::better::lower, nullptr);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  bench::options o = bench::parse_options(argc, argv, "");
  try {
    return o.child ? child(o) : parent(o);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "first_launch%s: %s\n", o.child ? " (child)" : "",
                 e.what());
    return 1;
  }
}
