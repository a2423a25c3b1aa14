// The algorithms of <experimental/algorithm> that always run the std
// algorithm on the host (find_end, search, remove, partition, merge, the
// set operations, ...). Part of hc/detail/pstl/algorithm.hpp, which
// includes it; include that one.
#ifndef HC_DETAIL_PSTL_ALGORITHM_HOST_HPP
#define HC_DETAIL_PSTL_ALGORITHM_HOST_HPP

#include "hc/detail/pstl/common.hpp"

#include <algorithm>
#include <utility>

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {

namespace pstl_detail = ::hc::detail::pstl;

// --- the rest of hcc's header: the std algorithm on the host -----------------
// hcc declared these with a policy and ran them sequentially; so does hcc
// here, under every policy. Every overload of the std algorithm is accepted.
#define HC_PSTL_ON_HOST(name)                                                  \
  template <class ExecutionPolicy, class... Args>                              \
  pstl_detail::if_policy<ExecutionPolicy,                                      \
                         decltype(std::name(std::declval<Args>()...))>         \
  name(ExecutionPolicy &&, Args &&...args) {                                   \
    return std::name(std::forward<Args>(args)...);                             \
  }
HC_PSTL_ON_HOST(find_end)
HC_PSTL_ON_HOST(find_first_of)
HC_PSTL_ON_HOST(search)
HC_PSTL_ON_HOST(search_n)
HC_PSTL_ON_HOST(copy_if)
HC_PSTL_ON_HOST(move)
HC_PSTL_ON_HOST(remove)
HC_PSTL_ON_HOST(remove_if)
HC_PSTL_ON_HOST(remove_copy)
HC_PSTL_ON_HOST(remove_copy_if)
HC_PSTL_ON_HOST(reverse)
HC_PSTL_ON_HOST(reverse_copy)
HC_PSTL_ON_HOST(rotate)
HC_PSTL_ON_HOST(rotate_copy)
HC_PSTL_ON_HOST(unique)
HC_PSTL_ON_HOST(unique_copy)
HC_PSTL_ON_HOST(is_partitioned)
HC_PSTL_ON_HOST(partition)
HC_PSTL_ON_HOST(partition_copy)
HC_PSTL_ON_HOST(stable_partition)
HC_PSTL_ON_HOST(partial_sort)
HC_PSTL_ON_HOST(partial_sort_copy)
HC_PSTL_ON_HOST(nth_element)
HC_PSTL_ON_HOST(merge)
HC_PSTL_ON_HOST(inplace_merge)
HC_PSTL_ON_HOST(includes)
HC_PSTL_ON_HOST(set_difference)
HC_PSTL_ON_HOST(set_intersection)
HC_PSTL_ON_HOST(set_symmetric_difference)
HC_PSTL_ON_HOST(set_union)
HC_PSTL_ON_HOST(is_heap)
HC_PSTL_ON_HOST(is_heap_until)
#undef HC_PSTL_ON_HOST

} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
