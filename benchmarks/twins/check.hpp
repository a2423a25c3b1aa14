// Result checks of the twins: each side against the CPU (every element, or
// an evenly spread sample where the CPU would take too long), and the two
// sides against each other. A failed check throws, so a broken kernel
// cannot produce a figure.
#ifndef HCC_BENCH_TWINS_CHECK_HPP
#define HCC_BENCH_TWINS_CHECK_HPP

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace twin {

// `count` indices spread evenly over [0, n), first and last included;
// every index when n <= count.
inline std::vector<std::size_t> sample(std::size_t n, std::size_t count) {
  std::vector<std::size_t> at;
  if (n <= count || count < 2) {
    for (std::size_t i = 0; i < n; ++i)
      at.push_back(i);
    return at;
  }
  for (std::size_t k = 0; k < count; ++k)
    at.push_back(k * (n - 1) / (count - 1));
  return at;
}

template <class T>
std::vector<T> pick(const std::vector<T> &v,
                    const std::vector<std::size_t> &at) {
  std::vector<T> picked;
  picked.reserve(at.size());
  for (std::size_t i : at)
    picked.push_back(v[i]);
  return picked;
}

// Fails unless every got[i] is within `tol` of want[i], relative to
// max(|want[i]|, floor): floor is the magnitude below which an error
// counts as absolute (values near zero have no useful relative error).
// tol 0 asks for equal values. `what` names the comparison ("ours",
// "ref against ours").
template <class G, class W>
void expect_close(const char *what, const std::vector<G> &got,
                  const std::vector<W> &want, double tol, double floor = 1.0) {
  if (got.size() != want.size())
    throw std::runtime_error(std::string(what) + ": " +
                             std::to_string(got.size()) + " values, expected " +
                             std::to_string(want.size()));
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double g = static_cast<double>(got[i]);
    const double w = static_cast<double>(want[i]);
    const double scale = std::fmax(std::fabs(w), floor);
    // Written so that a NaN fails too.
    if (!(std::fabs(g - w) <= tol * scale))
      throw std::runtime_error(std::string(what) + ": value " +
                               std::to_string(i) + " is " + std::to_string(g) +
                               ", expected " + std::to_string(w) +
                               " (tolerance " + std::to_string(tol) + " of " +
                               std::to_string(scale) + ")");
  }
}

} // namespace twin

#endif // HCC_BENCH_TWINS_CHECK_HPP
