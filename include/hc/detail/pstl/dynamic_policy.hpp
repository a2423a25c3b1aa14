// The algorithms under the dynamic std::experimental::parallel::
// execution_policy: one overload per algorithm name that runs the
// algorithm under the policy the execution_policy holds (seq, par or
// par_vec). The three instantiations must agree on the result type, which
// they do for every algorithm of hcc's parallel STL.
//
// The overloads over hc::array_view ranges accept only par and par_vec:
// calling them with an execution_policy is a compile error (the seq
// instantiation is rejected by its static_assert).
#ifndef HC_DETAIL_PSTL_DYNAMIC_POLICY_HPP
#define HC_DETAIL_PSTL_DYNAMIC_POLICY_HPP

#include <experimental/execution_policy>

#include <type_traits>
#include <utility>

// Defines std::experimental::parallel::name(execution_policy, ...)
// forwarding to name(policy held, ...). Used inside that namespace. The
// policy parameter is a template that only an execution_policy matches, so
// the overload never competes with the static ones (an argument that would
// have to be converted to execution_policy could tie with them).
#define HC_PSTL_DYNAMIC_POLICY(name)                                           \
  template <class Policy, class... Args,                                       \
            class = ::hc::detail::pstl::if_dynamic_policy<Policy>>             \
  auto name(Policy &&exec, Args &&...args)                                     \
      ->decltype(parallel::name(seq, std::forward<Args>(args)...)) {           \
    return exec.__visit(                                                       \
        [&](const auto &policy) -> decltype(parallel::name(                    \
                                    seq, std::forward<Args>(args)...)) {       \
          return parallel::name(policy, std::forward<Args>(args)...);          \
        });                                                                    \
  }

namespace hc {
namespace detail {
namespace pstl {
template <class Policy>
using if_dynamic_policy = std::enable_if_t<
    std::is_same<std::decay_t<Policy>,
                 std::experimental::parallel::execution_policy>::value>;
} // namespace pstl
} // namespace detail
} // namespace hc

#endif
