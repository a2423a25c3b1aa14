// RUN: %hcc -hc %s -o %t && env HCC_PROFILE=1 %t 2>&1 | FileCheck %s
// <experimental/execution_policy>: the dynamic execution_policy (N4507
// 2.7). It is built and assigned from seq, par and par_vec, reports the
// policy it holds through type() and get<T>(), is an execution policy for
// is_execution_policy, and every algorithm takes it and runs as the policy
// held: the results equal std's, and only the par / par_vec runs launch
// kernels (the profile counts them).
#include <experimental/algorithm>
#include <experimental/execution_policy>
#include <experimental/numeric>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <typeinfo>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

static_assert(pstl::is_execution_policy<pstl::execution_policy>::value, "trait");
static_assert(!std::is_default_constructible<pstl::execution_policy>::value, "no default");
static_assert(!std::is_constructible<pstl::execution_policy, int>::value, "policies only");

static int algorithms(const pstl::execution_policy &exec) {
  const std::size_t n = 1000;
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<int>((i * 37) % 101);
  std::vector<int> out(n), expected(n);

  pstl::transform(exec, v.begin(), v.end(), out.begin(), [](int x) { return 2 * x; });
  std::transform(v.begin(), v.end(), expected.begin(), [](int x) { return 2 * x; });
  CHECK(out == expected);

  std::vector<int> w = v;
  pstl::for_each(exec, w.begin(), w.end(), [](int &x) { x += 1; });
  for (std::size_t i = 0; i < n; ++i)
    CHECK(w[i] == v[i] + 1);

  CHECK(pstl::reduce(exec, v.begin(), v.end(), 0) == std::accumulate(v.begin(), v.end(), 0));
  CHECK(pstl::count(exec, v.begin(), v.end(), 5) == std::count(v.begin(), v.end(), 5));
  CHECK(pstl::find(exec, v.begin(), v.end(), 7) == std::find(v.begin(), v.end(), 7));
  CHECK(*pstl::max_element(exec, v.begin(), v.end()) == 100);

  pstl::inclusive_scan(exec, v.begin(), v.end(), out.begin());
  std::partial_sum(v.begin(), v.end(), expected.begin());
  CHECK(out == expected);

  w = v;
  pstl::sort(exec, w.begin(), w.end());
  CHECK(std::is_sorted(w.begin(), w.end()));

  // An algorithm that runs on the host under every policy.
  w = v;
  pstl::reverse(exec, w.begin(), w.end());
  CHECK(std::equal(w.begin(), w.end(), v.rbegin()));
  return 0;
}

int main() {
  pstl::execution_policy exec = pstl::seq;
  CHECK(exec.type() == typeid(pstl::sequential_execution_policy));
  CHECK(exec.get<pstl::sequential_execution_policy>() != nullptr);
  CHECK(exec.get<pstl::parallel_execution_policy>() == nullptr);
  if (algorithms(exec))
    return 1;
  std::puts("seq done");
  std::fflush(stdout);

  exec = pstl::par;
  CHECK(exec.type() == typeid(pstl::parallel_execution_policy));
  CHECK(exec.get<pstl::parallel_execution_policy>() != nullptr);
  CHECK(exec.get<pstl::sequential_execution_policy>() == nullptr);
  if (algorithms(exec))
    return 1;

  const pstl::execution_policy vec(pstl::par_vec);
  CHECK(vec.type() == typeid(pstl::parallel_vector_execution_policy));
  CHECK(vec.get<pstl::parallel_vector_execution_policy>() != nullptr);
  CHECK(vec.get<pstl::parallel_execution_policy>() == nullptr);
  pstl::execution_policy copy = vec;
  CHECK(copy.type() == vec.type());
  if (algorithms(copy))
    return 1;

  std::puts("pstl_execution_policy_dynamic: OK");
  std::fflush(stdout); // before the profile, which goes to stderr at exit
  return 0;
}
// The seq runs launch nothing; par and par_vec run each accelerated
// algorithm (twice: two launches of each kernel).
// CHECK: seq done
// CHECK: pstl_execution_policy_dynamic: OK
// CHECK: hcc profile
// CHECK-DAG: index_map_kernel{{.*[[:space:]]}}2{{[[:space:]]}}
// CHECK-DAG: for_each_kernel{{.*[[:space:]]}}2{{[[:space:]]}}
