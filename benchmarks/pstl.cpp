// hcc's parallel STL on device-resident data against CUB, same GPU, same
// call (benchmarks/reference/pstl_cub.cu):
//
//   reduce.bandwidth_gbs          reduce of 2^28 floats: bytes read / time
//   inclusive_scan.bandwidth_gbs  inclusive_scan of 2^28 floats: bytes read
//                                 and written / time
//   sort.mkeys_per_s              sort of 2^26 32-bit unsigned keys (radix):
//                                 millions of keys / time
//
// Ours: std::experimental::parallel::reduce / inclusive_scan / sort under
// par on hc::array_views of hc::arrays (the data stays in the GPU's
// memory; docs/parallel-stl.md, "Device-resident ranges"). The reference:
// cub::DeviceReduce::Sum, cub::DeviceScan::InclusiveSum and
// cub::DeviceRadixSort::SortKeys (DoubleBuffer) on cudaMalloc'd memory.
// Both sides: host clock around one call that returns with the work done
// (ours returns finished; CUB's call + cudaStreamSynchronize), median of
// the repetitions after warm-up ones; every sort repetition sorts unsorted
// keys (the copy that restores them is not timed).
//
// The reference is a program of its own: CUB's algorithms are host
// templates, not kernels a cubin could hold. When our side runs on a CUDA
// GPU and a reference directory is given (run-gpu.sh gives one), this
// benchmark compiles pstl_cub.cu there with nvcc ($NVCC,
// /usr/local/cuda/bin/nvcc or PATH; -O3 -arch=$HCC_BENCH_ARCH, default
// sm_90), runs it after our measurements, checks its results and parses
// its medians (`pstl_cub <floats> <keys> <warmup> <reps> <ordinal>`).
// The source is $HCC_BENCH_PSTL_CUB (a .cu file, or an
// executable used as it is), else ../reference/pstl_cub.cu next to this
// program (the layout pack.sh carries), else benchmarks/reference/ of the
// checkout this was compiled from.
#include "common/device.hpp"
#include "common/timing.hpp"

#include <experimental/algorithm>
#include <experimental/numeric>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace pstl = std::experimental::parallel;

namespace {

// The inputs (pstl_cub.cu computes the same): a 1 every 64 floats, so that
// every partial sum is an exact float whatever the order of the additions;
// keys from a multiplicative hash.
float input_value(long i) { return i % 64 == 0 ? 1.0f : 0.0f; }
unsigned key_value(long i) {
  return static_cast<unsigned>(i) * 2654435761u ^ 0x9e3779b9u;
}

bool file_exists(const std::string &p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0;
}

std::string dir_of(const std::string &p) {
  std::string::size_type s = p.rfind('/');
  return s == std::string::npos ? "." : p.substr(0, s);
}

std::string self_dir() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? dir_of(std::string(buf, static_cast<std::size_t>(n))) : ".";
}

std::string shell_quote(const std::string &s) {
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `cmd` with sh, returns its stdout; `status` gets its exit status.
std::string run_command(const std::string &cmd, int &status) {
  std::string out;
  FILE *p = popen(cmd.c_str(), "r");
  if (!p) {
    status = -1;
    return out;
  }
  char buf[512];
  while (std::fgets(buf, sizeof buf, p))
    out += buf;
  int st = pclose(p);
  status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

// The medians the reference printed, and its results.
struct cub_result {
  double reduce_us = 0, scan_us = 0, sort_us = 0;
  double sum = -1, last = -1;
  int sorted = 0;
};

// "key=value" of the line that starts with `first_key`.
bool parse_pair(const std::string &text, const char *first_key, double &v1,
                const char *second_key, double &v2) {
  std::istringstream in(text);
  std::string line;
  std::string k1 = std::string(first_key) + "=";
  std::string k2 = std::string(second_key) + "=";
  while (std::getline(in, line)) {
    if (line.compare(0, k1.size(), k1) != 0)
      continue;
    std::string::size_type p2 = line.find(" " + k2);
    if (p2 == std::string::npos)
      return false;
    v1 = std::atof(line.c_str() + k1.size());
    v2 = std::atof(line.c_str() + p2 + 1 + k2.size());
    return true;
  }
  return false;
}

// Builds (if needed) and runs the CUB program; false with `why` when there
// is no reference.
bool run_cub(const bench::target &t, const bench::options &o, long nf,
             long nk, int warmup, int reps, cub_result &r, std::string &why) {
  bool fake = std::getenv("HCC_BENCH_FAKE_REF") &&
              !std::strcmp(std::getenv("HCC_BENCH_FAKE_REF"), "1");
  if (t.path.compare(0, 4, "cuda") != 0 && !fake) {
    why = "our side runs on " + t.path + ", not on a CUDA GPU";
    return false;
  }
  if (o.ref_dir.empty()) {
    why = "no reference directory (--ref-dir or HCC_BENCH_REF_DIR)";
    return false;
  }
  std::string src;
  if (const char *e = std::getenv("HCC_BENCH_PSTL_CUB"))
    src = e;
  else if (file_exists(self_dir() + "/../reference/pstl_cub.cu"))
    src = self_dir() + "/../reference/pstl_cub.cu";
  else
    src = dir_of(__FILE__) + "/reference/pstl_cub.cu";
  if (!file_exists(src)) {
    why = "no " + src + " (set HCC_BENCH_PSTL_CUB)";
    return false;
  }
  std::string exe = src;
  int status = 0;
  if (src.size() > 3 && src.compare(src.size() - 3, 3, ".cu") == 0) {
    std::string nvcc;
    if (const char *e = std::getenv("NVCC"))
      nvcc = e;
    else if (file_exists("/usr/local/cuda/bin/nvcc"))
      nvcc = "/usr/local/cuda/bin/nvcc";
    else
      nvcc = "nvcc";
    const char *arch = std::getenv("HCC_BENCH_ARCH");
    exe = o.ref_dir + "/pstl_cub";
    std::string log = run_command(
        shell_quote(nvcc) + " -O3 -arch=" + (arch ? arch : "sm_90") + " -o " +
            shell_quote(exe) + " " + shell_quote(src) + " 2>&1",
        status);
    if (status != 0) {
      why = "nvcc failed on " + src + ": " + log.substr(0, 300);
      return false;
    }
    bench::note("ref: CUB, %s built with %s", src.c_str(), nvcc.c_str());
  } else {
    bench::note("ref: CUB, %s", src.c_str());
  }
  // The child runs on our GPU: "cuda:N" is CUDA ordinal N (the same
  // enumeration, under the same CUDA_VISIBLE_DEVICES).
  const std::string ordinal =
      t.path.size() > 5 && t.path[4] == ':' ? t.path.substr(5) : "0";
  std::string out = run_command(
      shell_quote(exe) + " " + std::to_string(nf) + " " + std::to_string(nk) +
          " " + std::to_string(warmup) + " " + std::to_string(reps) + " " +
          shell_quote(ordinal),
      status);
  double sorted = 0;
  if (status != 0 || !parse_pair(out, "reduce_us", r.reduce_us, "sum", r.sum) ||
      !parse_pair(out, "scan_us", r.scan_us, "last", r.last) ||
      !parse_pair(out, "sort_us", r.sort_us, "sorted", sorted)) {
    why = "the CUB program failed (status " + std::to_string(status) +
          "): " + out.substr(0, 300);
    return false;
  }
  r.sorted = static_cast<int>(sorted);
  return true;
}

void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "pstl: wrong result: %s\n", what);
    throw std::runtime_error("wrong results");
  }
}

int run(const bench::options &o) {
  bench::target t = bench::default_target();
  bench::note("pstl: ours on %s (%s)%s", t.path.c_str(),
              t.description.c_str(), o.quick ? ", --quick" : "");
  const long nf = o.size ? o.size : o.quick ? 100003 : 1L << 28;
  const long nk = o.size ? (o.size / 4 > 0 ? o.size / 4 : 1)
                         : o.quick ? 50001 : 1L << 26;
  const int warmup = o.quick ? 1 : 3, reps = o.quick ? 3 : 20;
  bench::note("reduce/inclusive_scan of %ld floats (%.1f MiB), sort of %ld "
              "unsigned keys; median of %d repetitions",
              nf, nf * 4 / 1048576.0, nk, reps);

  hc::accelerator_view view = t.view;
  hc::array<float, 1> in(hc::extent<1>(static_cast<int>(nf)), view);
  hc::array<float, 1> out(hc::extent<1>(static_cast<int>(nf)), view);
  hc::array<unsigned, 1> keys_src(hc::extent<1>(static_cast<int>(nk)), view);
  hc::array<unsigned, 1> keys(hc::extent<1>(static_cast<int>(nk)), view);
  hc::array_view<const float, 1> in_v(in);
  hc::array_view<float, 1> out_v(out);
  hc::array_view<unsigned, 1> keys_v(keys);
  {
    hc::array_view<float, 1> w(in);
    hc::parallel_for_each(view, w.get_extent(), [=](hc::index<1> i) [[hc]] {
      w[i] = input_value(i[0]);
    }).wait();
    hc::array_view<unsigned, 1> k(keys_src);
    hc::parallel_for_each(view, k.get_extent(), [=](hc::index<1> i) [[hc]] {
      k[i] = key_value(i[0]);
    }).wait();
  }
  const float ones = static_cast<float>((nf + 63) / 64);

  std::vector<double> tr, ts, tk;
  float sum = 0;
  for (int r = 0; r < warmup + reps; ++r) {
    double us = bench::time_us([&] { sum = pstl::reduce(pstl::par, in_v, 0.0f); });
    if (r >= warmup)
      tr.push_back(us);
  }
  expect(sum == ones, "reduce");
  for (int r = 0; r < warmup + reps; ++r) {
    double us = bench::time_us([&] { pstl::inclusive_scan(pstl::par, in_v, out_v); });
    if (r >= warmup)
      ts.push_back(us);
  }
  {
    std::vector<float> h(static_cast<std::size_t>(nf));
    hc::copy(out, h.data());
    bool ok = true;
    for (long i = 0; i < nf && ok; ++i)
      ok = h[i] == static_cast<float>(i / 64 + 1);
    expect(ok, "inclusive_scan");
  }
  for (int r = 0; r < warmup + reps; ++r) {
    hc::copy(keys_src, keys); // unsorted again; not timed
    double us = bench::time_us([&] { pstl::sort(pstl::par, keys_v); });
    if (r >= warmup)
      tk.push_back(us);
  }
  {
    std::vector<unsigned> h(static_cast<std::size_t>(nk));
    hc::copy(keys, h.data());
    unsigned long long s = 0, x = 0, es = 0, ex = 0;
    for (long i = 0; i < nk; ++i) {
      s += h[i];
      x ^= h[i];
      es += key_value(i);
      ex ^= key_value(i);
    }
    expect(std::is_sorted(h.begin(), h.end()) && s == es && x == ex, "sort");
  }

  cub_result cub;
  std::string why;
  const bool have_ref = run_cub(t, o, nf, nk, warmup, reps, cub, why);
  if (!have_ref) {
    bench::note("ref: n/a: %s", why.c_str());
  } else {
    expect(cub.sum == ones && cub.last == ones && cub.sorted == 1,
           "the CUB program's results");
  }

  // bytes / microseconds = MB/s; / 1000 = GB/s. keys / us = Mkeys/s.
  const double reduce_bytes = nf * 4.0, scan_bytes = nf * 8.0;
  auto ref = [&](double v) {
    return have_ref ? std::optional<double>(v) : std::nullopt;
  };
  bench::metric("reduce.bandwidth_gbs", reduce_bytes / bench::median(tr) / 1000,
                ref(reduce_bytes / cub.reduce_us / 1000), bench::better::higher,
                "ratio>=0.80");
  bench::metric("inclusive_scan.bandwidth_gbs",
                scan_bytes / bench::median(ts) / 1000,
                ref(scan_bytes / cub.scan_us / 1000), bench::better::higher,
                "ratio>=0.80");
  bench::metric("sort.mkeys_per_s", nk / bench::median(tk),
                ref(nk / cub.sort_us), bench::better::higher, "ratio>=0.50");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run_main(argc, argv, "pstl", "[--size N]", run);
}
