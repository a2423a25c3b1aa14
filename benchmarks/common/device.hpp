// Where "ours" runs (the default accelerator, as for any hc program) and
// the matching raw CUDA reference, with the context lines every benchmark
// prints first.
#ifndef HCC_BENCH_DEVICE_HPP
#define HCC_BENCH_DEVICE_HPP

#include "options.hpp"
#include "reference.hpp"
#include "report.hpp"

#include <hc.hpp>

#include <memory>
#include <string>

namespace bench {

struct target {
  hc::accelerator_view view;
  std::string path;        // "cuda:0", "cpu"
  std::string description; // "NVIDIA H200", "CPU"
};

// hc's strings are wide; device paths and names are ASCII.
inline std::string narrow(const std::wstring &w) {
  return std::string(w.begin(), w.end());
}

inline target default_target() {
  hc::accelerator acc;
  return target{acc.get_default_view(), narrow(acc.get_device_path()),
                narrow(acc.get_description())};
}

// Prints "# <benchmark> on <device>" and "# ref: ..." and returns the
// reference, or null (then every metric prints ref=n/a).
inline std::unique_ptr<reference> open_reference(const char *benchmark,
                                                 const target &t,
                                                 const options &o,
                                                 const char *cubin) {
  note("%s: ours on %s (%s)%s", benchmark, t.path.c_str(),
       t.description.c_str(), o.quick ? ", --quick" : "");
  std::string why;
  std::unique_ptr<reference> ref = reference::open(t.path, o.ref_dir, cubin, why);
  if (ref)
    note("ref: raw CUDA driver, %s/%s on %s", o.ref_dir.c_str(), cubin,
         ref->device_name().c_str());
  else
    note("ref: n/a: %s", why.c_str());
  return ref;
}

inline std::optional<double> ref_value(const reference *ref, double v) {
  return ref ? std::optional<double>(v) : std::nullopt;
}

} // namespace bench

#endif // HCC_BENCH_DEVICE_HPP
