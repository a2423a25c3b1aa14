// RUN: %hcc -hc %s -o %t && %t
// <array_view>: slicing (view[i] drops the first dimension) and sectioning
// (view.section(origin[, bounds]) gives a std::strided_array_view), and
// std::strided_array_view<T, Rank> itself: its constructors, bounds(),
// size(), stride(), element access, slices and sections of sections.
#include <array_view>
#include <cstdio>
#include <type_traits>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

using SV = std::strided_array_view<int, 2>;
static_assert(SV::rank == 2, "rank");
static_assert(std::is_same<SV::offset_type, std::offset<2>>::value, "offset_type");
static_assert(std::is_same<SV::bounds_type, std::bounds<2>>::value, "bounds_type");
static_assert(std::is_same<SV::value_type, int>::value, "value_type");
static_assert(std::is_same<SV::reference, int &>::value, "reference");
static_assert(std::is_trivially_copyable<SV>::value, "kernels capture views");

int main() {
  // v[i][j][k] = 100 i + 10 j + k over 3 x 4 x 5.
  std::vector<int> v(60);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 5; ++k)
        v[i * 20 + j * 5 + k] = 100 * i + 10 * j + k;
  std::array_view<int, 3> av(v.data(), std::bounds<3>{3, 4, 5});

  // Slices stay contiguous array_views.
  auto plane = av[2];
  static_assert(std::is_same<decltype(plane), std::array_view<int, 2>>::value, "slice type");
  CHECK(plane.bounds() == (std::bounds<2>{4, 5}) && plane.data() == v.data() + 40);
  CHECK((plane[{3, 1}]) == 231);
  auto row = av[1][2];
  static_assert(std::is_same<decltype(row), std::array_view<int, 1>>::value, "slice of slice");
  CHECK(row.size() == 5 && (row[{4}]) == 124);
  row[{0}] = -7;
  CHECK(v[30] == -7);
  v[30] = 120;

  // Sections keep the parent's strides.
  std::strided_array_view<int, 3> s = av.section({1, 1, 2}, {2, 2, 3});
  CHECK(s.bounds() == (std::bounds<3>{2, 2, 3}) && s.size() == 12);
  CHECK(s.stride() == (std::offset<3>{20, 5, 1}));
  CHECK((s[{0, 0, 0}]) == 112 && (s[{1, 1, 2}]) == 224);
  s[{1, 0, 1}] = 0;
  CHECK(v[2 * 20 + 1 * 5 + 3] == 0);
  v[2 * 20 + 1 * 5 + 3] = 213;
  // section(origin) runs to the end of every dimension.
  auto tail = av.section({1, 2, 3});
  CHECK(tail.bounds() == (std::bounds<3>{2, 2, 2}) && (tail[{1, 1, 1}]) == 234);

  // Strided slices drop the first dimension and its stride.
  auto col_plane = s[1];
  static_assert(std::is_same<decltype(col_plane), std::strided_array_view<int, 2>>::value, "strided slice");
  CHECK(col_plane.bounds() == (std::bounds<2>{2, 3}) && col_plane.stride() == (std::offset<2>{5, 1}));
  CHECK((col_plane[{1, 2}]) == 224);
  auto col = col_plane[0];
  CHECK(col.size() == 3 && (col[{1}]) == 213);

  // Sections of sections add the origins.
  auto inner = s.section({1, 1, 1}, {1, 1, 2});
  CHECK((inner[{0, 0, 0}]) == 223 && (inner[{0, 0, 1}]) == 224);
  auto inner_tail = s.section({0, 1, 0});
  CHECK(inner_tail.bounds() == (std::bounds<3>{2, 1, 3}) && (inner_tail[{1, 0, 0}]) == 222);

  // A column of a matrix as a strided view of its own: every 5th element.
  std::strided_array_view<int, 1> column(v.data() + 3, std::bounds<1>(12), std::offset<1>(5));
  for (int r = 0; r < 12; ++r)
    CHECK((column[{r}]) == v[r * 5 + 3]);

  // Conversions: from array_view, and adding const.
  std::strided_array_view<int, 3> from_av = av;
  CHECK(from_av.bounds() == av.bounds() && from_av.stride() == av.stride() && (from_av[{2, 3, 4}]) == 234);
  std::strided_array_view<const int, 3> cs = s;
  CHECK((cs[{0, 1, 0}]) == 122);
  std::strided_array_view<const int, 3> cav = std::array_view<const int, 3>(av);
  CHECK(cav.size() == 60);
  std::strided_array_view<int, 2> empty;
  CHECK(empty.size() == 0);

  std::puts("array_view_n3851_slice_section: OK");
  return 0;
}
