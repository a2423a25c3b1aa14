// Shared pieces of hcc's parallel STL (<experimental/algorithm>,
// <experimental/numeric>): which policies run on the accelerator, which
// iterators can be handed to it, and the size below which the host runs the
// std algorithm instead (a kernel launch costs more than it saves there).
#ifndef HC_DETAIL_PSTL_COMMON_HPP
#define HC_DETAIL_PSTL_COMMON_HPP

#include <hc.hpp>
#include <experimental/execution_policy>

#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>
#include <vector>

namespace hc {
namespace detail {
namespace pstl {

namespace stdpar = std::experimental::parallel;

/// Ranges shorter than this run the std algorithm on the host even under
/// par / par_vec (documented in docs/parallel-stl.md).
constexpr std::size_t host_threshold = 64;

/// Work-group size of the tiled kernels (reduce, scan).
constexpr int tile_size = 256;

/// At most this many tiles in the reduce and scan kernels: each tile walks a
/// contiguous chunk, so the tile results stay few enough to finish on the
/// host.
constexpr int max_tiles = 1024;

/// The static policies (seq, par, par_vec), which the algorithm templates
/// take. The dynamic execution_policy has overloads of its own that run
/// the algorithm under the policy it holds (dynamic_policy.hpp).
template <class Policy>
using is_policy = std::bool_constant<
    stdpar::is_execution_policy<std::decay_t<Policy>>::value &&
    !std::is_same<std::decay_t<Policy>, stdpar::execution_policy>::value>;

template <class Policy, class R = void>
using if_policy = std::enable_if_t<is_policy<Policy>::value, R>;

/// par and par_vec run on the accelerator; seq runs the std algorithm.
template <class Policy>
constexpr bool is_parallel_policy =
    std::is_same<std::decay_t<Policy>, stdpar::parallel_execution_policy>::value ||
    std::is_same<std::decay_t<Policy>,
                 stdpar::parallel_vector_execution_policy>::value;

/// Iterators whose elements are contiguous host memory, so that an
/// hc::array_view over [&*first, &*first + n) makes them device-visible:
/// raw pointers and std::vector's iterators. Others run the std algorithm.
template <class It> struct is_contiguous : std::is_pointer<It> {};
template <class T, class C>
struct is_contiguous<__gnu_cxx::__normal_iterator<T *, C>> : std::true_type {};

template <class... It>
constexpr bool all_contiguous = (is_contiguous<It>::value && ...);

template <class It> auto *raw_pointer(It it) { return &*it; }

/// Values that can live in an array_view and in group memory: copied
/// byte for byte between host and accelerator, created without a
/// constructor call (std::string is not one: it runs on the host).
template <class T>
constexpr bool device_value = std::is_trivially_copyable<T>::value &&
                              std::is_default_constructible<T>::value;

/// Whether a policy and iterators can run on the accelerator at all: a
/// parallel policy, contiguous iterators and element types that are
/// device_values (checked at compile time, so the kernels are not even
/// instantiated otherwise).
template <class Policy, class... It>
constexpr bool offloadable =
    is_parallel_policy<Policy> && all_contiguous<It...> &&
    (device_value<std::remove_cv_t<
         std::remove_reference_t<decltype(*std::declval<It>())>>> &&
     ...);

/// f(copies...): see call_on_elements.
template <class F, class... A> auto call_on_copies(const F &f, A... copies) {
  return f(copies...);
}

/// Calls f on elements an algorithm read, which f must not modify (the
/// standard forbids it; the kernels read through read-only views). hcc's
/// own kernels handed functions mutable references, so code written for
/// it may declare T& parameters: such a function gets copies of the
/// elements.
template <class F, class... A>
auto call_on_elements(const F &f, const A &...elements) {
  if constexpr (std::is_invocable<const F &, const A &...>::value)
    return f(elements...);
  else
    return call_on_copies(f, A(elements)...);
}

/// Whether a range of n elements is worth a kernel (and its extent fits in
/// an int).
inline bool worth_offloading(std::size_t n) {
  return n >= host_threshold &&
         n <= static_cast<std::size_t>(std::numeric_limits<int>::max());
}

template <class It> using value_of = typename std::iterator_traits<It>::value_type;

/// A read-only view of n elements at p (no copy back to the host).
template <class T> array_view<const T, 1> input_view(const T *p, std::size_t n) {
  return array_view<const T, 1>(extent<1>(static_cast<int>(n)), p);
}

/// A view for results: its old contents are not copied to the accelerator.
template <class T> array_view<T, 1> output_view(T *p, std::size_t n) {
  array_view<T, 1> v(extent<1>(static_cast<int>(n)), p);
  v.discard_data();
  return v;
}

/// Raw group memory for tile_size values of R: tile_static variables cannot
/// have constructors, so the kernels keep their values in bytes.
template <class R> struct alignas(R) group_storage {
  unsigned char bytes[sizeof(R) * tile_size];
};

/// How the tiled kernels split n elements: `tiles` tiles, each walking a
/// contiguous chunk of `chunk` elements (a multiple of tile_size).
struct tiling {
  int tiles;
  int chunk;
};
inline tiling make_tiling(std::size_t n) {
  std::size_t rounds = (n + tile_size - 1) / tile_size;
  std::size_t tiles = rounds < static_cast<std::size_t>(max_tiles)
                          ? rounds
                          : static_cast<std::size_t>(max_tiles);
  std::size_t rounds_per_tile = (rounds + tiles - 1) / tiles;
  tiles = (rounds + rounds_per_tile - 1) / rounds_per_tile;
  return {static_cast<int>(tiles),
          static_cast<int>(rounds_per_tile * tile_size)};
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
