// RUN: %hcc -hc %s -o %t && env HCC_PROFILE=1 %t 2>&1 | FileCheck %s
// hcc's parallel STL over std::bounds_iterator ranges (<coordinate>): the
// elements are offsets, which the functions receive as std::offset<N>.
// Under par and par_vec, for_each, for_each_n, unary transform,
// transform_reduce, reduce, count(_if), find(_if, _if_not) and
// any/all/none_of run on the accelerator (the profile lists their
// kernels); under seq and below the size threshold on the host. The
// functions capture a std::array_view by reference, without [[hc]].
#include <array_view>
#include <coordinate>
#include <experimental/algorithm>
#include <experimental/execution_policy>
#include <experimental/numeric>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d (%s, %d x %d): %s\n", __FILE__, __LINE__, name, rows, cols, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

template <class Policy> int run(const Policy &exec, const char *name, int rows, int cols) {
  std::vector<int> data(rows * cols, 0);
  std::array_view<int, 2> av(data.data(), std::bounds<2>{rows, cols});
  const std::bounds<2> b = av.bounds();
  const int n = rows * cols;

  pstl::for_each(exec, std::begin(b), std::end(b), [&](const std::offset<2> &o) {
    av[o] = static_cast<int>(o[0] * 1000 + o[1]);
  });
  for (int i = 0; i < n; ++i)
    CHECK(data[i] == i / cols * 1000 + i % cols);

  // for_each_n from the middle of the range.
  const int start = n / 3, count = n / 2;
  auto end_n = pstl::for_each_n(exec, std::begin(b) + start, count,
                                [&](std::offset<2> o) { av[o] = -1; });
  CHECK(end_n - std::begin(b) == start + count);
  for (int i = 0; i < n; ++i)
    CHECK(data[i] == ((i >= start && i < start + count) ? -1 : i / cols * 1000 + i % cols));
  for (int i = 0; i < n; ++i)
    data[i] = i % 7;

  std::vector<long> out(n, 0);
  auto out_end = pstl::transform(exec, b.begin(), b.end(), out.begin(),
                                 [&](const std::offset<2> &o) { return long(av[o]) * (o[1] + 1); });
  CHECK(out_end == out.end());
  for (int i = 0; i < n; ++i)
    CHECK(out[i] == long(i % 7) * (i % cols + 1));

  long expected = 0;
  for (int i = 0; i < n; ++i)
    expected += i % 7;
  long sum = pstl::transform_reduce(exec, b.begin(), b.end(),
                                    [&](std::offset<2> o) { return long(av[o]); }, 0L,
                                    std::plus<long>());
  CHECK(sum == expected);

  // reduce adds the offsets themselves.
  std::offset<2> total = pstl::reduce(exec, b.begin(), b.end());
  CHECK(total[0] == std::ptrdiff_t(cols) * rows * (rows - 1) / 2);
  CHECK(total[1] == std::ptrdiff_t(rows) * cols * (cols - 1) / 2);

  CHECK(pstl::count_if(exec, b.begin(), b.end(), [&](std::offset<2> o) { return av[o] == 3; }) ==
        std::count(data.begin(), data.end(), 3));
  CHECK(pstl::count(exec, b.begin(), b.end(), std::offset<2>{rows - 1, 0}) == 1);

  auto hit = pstl::find_if(exec, b.begin(), b.end(),
                           [&](std::offset<2> o) { return o[0] == rows / 2 && av[o] == 6; });
  int first6 = (rows / 2) * cols;
  while (first6 < (rows / 2 + 1) * cols && data[first6] != 6)
    ++first6;
  CHECK(hit - b.begin() == (first6 < (rows / 2 + 1) * cols ? first6 : n));
  CHECK(*pstl::find(exec, b.begin(), b.end(), std::offset<2>{1, 2}) == (std::offset<2>{1, 2}));
  CHECK(pstl::find_if_not(exec, b.begin(), b.end(), [](std::offset<2> o) { return o[0] < 1; }) ==
        b.begin() + cols);
  CHECK(pstl::find_if(exec, b.begin(), b.end(), [](std::offset<2> o) { return o[0] < 0; }) == b.end());

  CHECK(pstl::all_of(exec, b.begin(), b.end(), [&](std::offset<2> o) { return av[o] < 7; }));
  CHECK(pstl::any_of(exec, b.begin(), b.end(), [&](std::offset<2> o) { return o[1] == cols - 1; }));
  CHECK(pstl::none_of(exec, b.begin(), b.end(), [&](std::offset<2> o) { return av[o] < 0; }));
  return 0;
}

// Rank 3, in a kernel of its own size (not a multiple of anything).
int run3() {
  const char *name = "par, rank 3";
  const int rows = 3, cols = 5 * 7;
  std::vector<double> v(3 * 5 * 7);
  std::array_view<double, 3> av(v.data(), std::bounds<3>{3, 5, 7});
  pstl::for_each(pstl::par, av.bounds().begin(), av.bounds().end(),
                 [&](const std::offset<3> &o) { av[o] = o[0] * 100 + o[1] * 10 + o[2]; });
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 7; ++k)
        CHECK(v[i * 35 + j * 7 + k] == i * 100 + j * 10 + k);
  return 0;
}

int main() {
  const int shapes[][2] = {{2, 3}, {4, 8}, {8, 16}, {37, 29}, {97, 131}};
  for (auto &s : shapes) {
    if (run(pstl::seq, "seq", s[0], s[1]) || run(pstl::par, "par", s[0], s[1]) ||
        run(pstl::par_vec, "par_vec", s[0], s[1]))
      return 1;
  }
  if (run3())
    return 1;
  std::puts("pstl_bounds_algorithms: OK");
  std::fflush(stdout); // before the profile, which goes to stderr at exit
  return 0;
}
// CHECK: pstl_bounds_algorithms: OK
// CHECK-DAG: index_for_each_kernel
// CHECK-DAG: index_map_kernel
// CHECK-DAG: tile_partials_kernel<long,
// CHECK-DAG: tile_partials_kernel<std::o
