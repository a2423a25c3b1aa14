// Command line shared by the benchmarks.
//
//   --quick          tiny sizes and few repetitions (CI, the CPU backend)
//   --ref-dir DIR    where run-gpu.sh put the reference cubins
//                    (default: $HCC_BENCH_REF_DIR; none: no reference)
//   --size N         problem size, for the benchmarks that have one
//   --child          internal: first_launch runs itself with it
#ifndef HCC_BENCH_OPTIONS_HPP
#define HCC_BENCH_OPTIONS_HPP

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace bench {

struct options {
  bool quick = false;
  bool child = false;
  std::string ref_dir;
  long size = 0; // 0: the benchmark's default
};

inline options parse_options(int argc, char **argv, const char *usage) {
  options o;
  if (const char *dir = std::getenv("HCC_BENCH_REF_DIR"))
    o.ref_dir = dir;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    bool has_value = i + 1 < argc;
    if (!std::strcmp(a, "--quick")) {
      o.quick = true;
    } else if (!std::strcmp(a, "--child")) {
      o.child = true;
    } else if (!std::strcmp(a, "--ref-dir") && has_value) {
      o.ref_dir = argv[++i];
    } else if (!std::strcmp(a, "--size") && has_value) {
      o.size = std::atol(argv[++i]);
    } else {
      std::fprintf(stderr,
                   "usage: %s [--quick] [--ref-dir DIR] %s\n"
                   "  --quick        tiny sizes, few repetitions\n"
                   "  --ref-dir DIR  reference cubins (default "
                   "$HCC_BENCH_REF_DIR)\n",
                   argv[0], usage);
      std::exit(std::strcmp(a, "--help") ? 2 : 0);
    }
  }
  return o;
}

// main() of a benchmark: parses the options, runs `run`, and turns an
// exception into a message and exit status 1.
template <class Run>
int run_main(int argc, char **argv, const char *name, const char *usage,
             Run run) {
  options o = parse_options(argc, argv, usage);
  try {
    return run(o);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return 1;
  }
}

} // namespace bench

#endif // HCC_BENCH_OPTIONS_HPP
