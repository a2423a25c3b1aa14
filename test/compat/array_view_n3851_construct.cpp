// RUN: %hcc -hc %s -o %t && %t
// <array_view>: std::array_view<T, Rank> (N3851, as hcc shipped it):
// every constructor (containers, built-in arrays of one and more
// dimensions, pointer + bounds, container + bounds, adding const,
// flattening to rank 1), the member types, bounds(), size(), stride(),
// data(), and element access in row-major order.
#include <array_view>
#include <array>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

using AV2 = std::array_view<float, 2>;
static_assert(AV2::rank == 2, "rank");
static_assert(std::is_same<AV2::offset_type, std::offset<2>>::value, "offset_type");
static_assert(std::is_same<AV2::bounds_type, std::bounds<2>>::value, "bounds_type");
static_assert(std::is_same<AV2::size_type, std::size_t>::value, "size_type");
static_assert(std::is_same<AV2::value_type, float>::value, "value_type");
static_assert(std::is_same<AV2::pointer, float *>::value, "pointer");
static_assert(std::is_same<AV2::reference, float &>::value, "reference");
static_assert(std::is_same<std::array_view<int>, std::array_view<int, 1>>::value, "default rank 1");
static_assert(std::is_trivially_copyable<AV2>::value, "kernels capture views");
// Containers convert to rank 1 only, and only with the same element type.
static_assert(std::is_constructible<std::array_view<int>, std::vector<int> &>::value, "vector");
static_assert(std::is_constructible<std::array_view<const int>, const std::vector<int> &>::value, "const vector");
static_assert(!std::is_constructible<std::array_view<int>, const std::vector<int> &>::value, "no const loss");
static_assert(!std::is_constructible<std::array_view<long>, std::vector<int> &>::value, "no element conversion");
static_assert(!std::is_constructible<std::array_view<int, 2>, std::vector<int> &>::value, "rank 2 needs bounds");
static_assert(!std::is_constructible<std::array_view<int>, std::array_view<const int>>::value, "no const loss");

int main() {
  // Default: empty.
  std::array_view<int, 3> none;
  CHECK(none.data() == nullptr && none.size() == 0);

  // A container, whole (rank 1).
  std::vector<int> v(24);
  for (int i = 0; i < 24; ++i)
    v[i] = i;
  std::array_view<int> whole(v);
  CHECK(whole.data() == v.data() && whole.size() == 24);
  CHECK(whole.bounds() == std::bounds<1>(24) && whole.stride() == std::offset<1>(1));
  CHECK(whole[{5}] == 5);
  std::array<double, 6> sa{};
  std::array_view<double> sav(sa);
  sav[{4}] = 2.5;
  CHECK(sa[4] == 2.5);
  std::string text = "hello";
  std::array_view<const char> chars(text);
  CHECK(chars.size() == 5 && chars[{1}] == 'e');

  // Pointer + bounds: row-major, the last dimension contiguous.
  std::array_view<int, 3> av(v.data(), std::bounds<3>{2, 3, 4});
  CHECK(av.size() == 24 && av.data() == v.data());
  CHECK(av.bounds() == (std::bounds<3>{2, 3, 4}));
  CHECK(av.stride() == (std::offset<3>{12, 4, 1}));
  CHECK((av[{1, 2, 3}]) == 23 && (av[{1, 0, 2}]) == 14);
  av[{0, 1, 0}] = 100;
  CHECK(v[4] == 100);
  v[4] = 4;

  // Container + bounds: its first bounds.size() elements.
  std::array_view<int, 2> part(v, std::bounds<2>{3, 5});
  CHECK(part.size() == 15 && (part[{2, 4}]) == 14 && part.stride() == (std::offset<2>{5, 1}));

  // Built-in arrays, of one and of several dimensions.
  int line[7] = {0, 1, 2, 3, 4, 5, 6};
  std::array_view<int> lav(line);
  CHECK(lav.size() == 7 && (lav[{6}]) == 6 && lav.data() == line);
  int grid[3][4] = {};
  std::array_view<int, 2> gav(grid);
  CHECK(gav.bounds() == (std::bounds<2>{3, 4}) && gav.data() == &grid[0][0]);
  gav[{2, 1}] = 9;
  CHECK(grid[2][1] == 9);
  const int cube[2][2][3] = {{{0, 1, 2}, {3, 4, 5}}, {{6, 7, 8}, {9, 10, 11}}};
  std::array_view<const int, 3> cav(cube);
  CHECK(cav.bounds() == (std::bounds<3>{2, 2, 3}) && (cav[{1, 1, 0}]) == 9);
  // A C array with explicit bounds goes through the pointer constructor.
  int table[12] = {};
  std::array_view<int, 2> tav(table, std::bounds<2>{3, 4});
  tav[{1, 1}] = 5;
  CHECK(table[5] == 5);

  // Adding const, and flattening to rank 1.
  std::array_view<const int, 3> cv = av;
  CHECK(cv.data() == av.data() && cv.bounds() == av.bounds() && cv.stride() == av.stride());
  std::array_view<const int> flat = av;
  CHECK(flat.size() == 24 && flat.stride() == std::offset<1>(1) && (flat[{17}]) == 17);
  std::array_view<int> flat_mut(av);
  CHECK(flat_mut.data() == v.data());

  // Copies are views of the same data.
  std::array_view<int, 3> copy = av;
  copy[{0, 0, 0}] = -1;
  CHECK(v[0] == -1 && (av[{0, 0, 0}]) == -1);

  std::puts("array_view_n3851_construct: OK");
  return 0;
}
