// The algorithms of <experimental/algorithm> (see that header and
// docs/parallel-stl.md). Each accelerated algorithm checks offloadable<> and
// worth_offloading() and otherwise runs the std algorithm, so seq, short ranges and iterators that
// are not contiguous give exactly the std results.
//
// By family:
//   algorithm_transform.hpp  for_each, transform, generate, fill, copy,
//                            replace, swap_ranges, adjacent_difference
//   algorithm_search.hpp     find, mismatch, equal, adjacent_find,
//                            is_sorted, lexicographical_compare, count,
//                            any_of, all_of, none_of
//   algorithm_order.hpp      min_element, max_element, minmax_element,
//                            sort, stable_sort
//   algorithm_host.hpp       the rest: the std algorithm on the host
// then the overloads over hc::array_view ranges and those under the dynamic
// execution_policy (below).
#ifndef HC_DETAIL_PSTL_ALGORITHM_HPP
#define HC_DETAIL_PSTL_ALGORITHM_HPP

#include "hc/detail/pstl/bounds_ranges.hpp"
#include "hc/detail/pstl/common.hpp"
#include "hc/detail/pstl/device_ranges.hpp"
#include "hc/detail/pstl/elementwise.hpp"
#include "hc/detail/pstl/merge_sort.hpp"
#include "hc/detail/pstl/radix_sort.hpp"
#include "hc/detail/pstl/reduce.hpp"

#include <algorithm>
#include <functional>
#include <utility>

#include "hc/detail/pstl/algorithm_transform.hpp"
#include "hc/detail/pstl/algorithm_search.hpp"
#include "hc/detail/pstl/algorithm_order.hpp"
#include "hc/detail/pstl/algorithm_host.hpp"

// Overloads over hc::array_view ranges (device-resident data).
#include "hc/detail/pstl/device_algorithm.hpp"

// The algorithms of <experimental/algorithm> under the dynamic execution_policy
// (after every static overload, which the forwarding overloads find by
// qualified name).
#include "hc/detail/pstl/dynamic_policy.hpp"

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {
HC_PSTL_DYNAMIC_POLICY(for_each)
HC_PSTL_DYNAMIC_POLICY(for_each_n)
HC_PSTL_DYNAMIC_POLICY(transform)
HC_PSTL_DYNAMIC_POLICY(generate)
HC_PSTL_DYNAMIC_POLICY(generate_n)
HC_PSTL_DYNAMIC_POLICY(fill)
HC_PSTL_DYNAMIC_POLICY(fill_n)
HC_PSTL_DYNAMIC_POLICY(copy)
HC_PSTL_DYNAMIC_POLICY(copy_n)
HC_PSTL_DYNAMIC_POLICY(replace_if)
HC_PSTL_DYNAMIC_POLICY(replace)
HC_PSTL_DYNAMIC_POLICY(replace_copy_if)
HC_PSTL_DYNAMIC_POLICY(replace_copy)
HC_PSTL_DYNAMIC_POLICY(swap_ranges)
HC_PSTL_DYNAMIC_POLICY(adjacent_difference)
HC_PSTL_DYNAMIC_POLICY(find_if)
HC_PSTL_DYNAMIC_POLICY(find_if_not)
HC_PSTL_DYNAMIC_POLICY(find)
HC_PSTL_DYNAMIC_POLICY(mismatch)
HC_PSTL_DYNAMIC_POLICY(equal)
HC_PSTL_DYNAMIC_POLICY(adjacent_find)
HC_PSTL_DYNAMIC_POLICY(is_sorted_until)
HC_PSTL_DYNAMIC_POLICY(is_sorted)
HC_PSTL_DYNAMIC_POLICY(lexicographical_compare)
HC_PSTL_DYNAMIC_POLICY(count_if)
HC_PSTL_DYNAMIC_POLICY(count)
HC_PSTL_DYNAMIC_POLICY(any_of)
HC_PSTL_DYNAMIC_POLICY(all_of)
HC_PSTL_DYNAMIC_POLICY(none_of)
HC_PSTL_DYNAMIC_POLICY(min_element)
HC_PSTL_DYNAMIC_POLICY(max_element)
HC_PSTL_DYNAMIC_POLICY(minmax_element)
HC_PSTL_DYNAMIC_POLICY(sort)
HC_PSTL_DYNAMIC_POLICY(stable_sort)
HC_PSTL_DYNAMIC_POLICY(find_end)
HC_PSTL_DYNAMIC_POLICY(find_first_of)
HC_PSTL_DYNAMIC_POLICY(search)
HC_PSTL_DYNAMIC_POLICY(search_n)
HC_PSTL_DYNAMIC_POLICY(copy_if)
HC_PSTL_DYNAMIC_POLICY(move)
HC_PSTL_DYNAMIC_POLICY(remove)
HC_PSTL_DYNAMIC_POLICY(remove_if)
HC_PSTL_DYNAMIC_POLICY(remove_copy)
HC_PSTL_DYNAMIC_POLICY(remove_copy_if)
HC_PSTL_DYNAMIC_POLICY(reverse)
HC_PSTL_DYNAMIC_POLICY(reverse_copy)
HC_PSTL_DYNAMIC_POLICY(rotate)
HC_PSTL_DYNAMIC_POLICY(rotate_copy)
HC_PSTL_DYNAMIC_POLICY(unique)
HC_PSTL_DYNAMIC_POLICY(unique_copy)
HC_PSTL_DYNAMIC_POLICY(is_partitioned)
HC_PSTL_DYNAMIC_POLICY(partition)
HC_PSTL_DYNAMIC_POLICY(partition_copy)
HC_PSTL_DYNAMIC_POLICY(stable_partition)
HC_PSTL_DYNAMIC_POLICY(partial_sort)
HC_PSTL_DYNAMIC_POLICY(partial_sort_copy)
HC_PSTL_DYNAMIC_POLICY(nth_element)
HC_PSTL_DYNAMIC_POLICY(merge)
HC_PSTL_DYNAMIC_POLICY(inplace_merge)
HC_PSTL_DYNAMIC_POLICY(includes)
HC_PSTL_DYNAMIC_POLICY(set_difference)
HC_PSTL_DYNAMIC_POLICY(set_intersection)
HC_PSTL_DYNAMIC_POLICY(set_symmetric_difference)
HC_PSTL_DYNAMIC_POLICY(set_union)
HC_PSTL_DYNAMIC_POLICY(is_heap)
HC_PSTL_DYNAMIC_POLICY(is_heap_until)
} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
