// RUN: %hcc -hc %s -o %t && %t
// <coordinate>: std::bounds_iterator<Rank>: the offsets of a bounds in
// row-major order (last dimension fastest), as a random-access iterator:
// begin/end, range-for, every iterator operation, std algorithms over it,
// and iterators that outlive the bounds they came from.
#include <coordinate>
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <type_traits>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

using It = std::bounds_iterator<3>;
static_assert(std::is_same<std::iterator_traits<It>::iterator_category,
                           std::random_access_iterator_tag>::value, "category");
static_assert(std::is_same<std::iterator_traits<It>::value_type, std::offset<3>>::value, "value_type");
static_assert(std::is_same<std::iterator_traits<It>::difference_type, std::ptrdiff_t>::value, "difference_type");
static_assert(std::is_same<It::reference, const std::offset<3>>::value, "reference");

static std::bounds_iterator<2> begin_of_temporary() {
  return std::begin(std::bounds<2>{4, 5}); // the bounds dies here
}

int main() {
  std::bounds<3> b{2, 3, 4};

  // Row-major order: position p is {p / 12, p / 4 % 3, p % 4}.
  std::ptrdiff_t p = 0;
  for (auto o : b) {
    CHECK(o[0] == p / 12 && o[1] == p / 4 % 3 && o[2] == p % 4);
    ++p;
  }
  CHECK(p == 24);
  CHECK(std::distance(b.begin(), b.end()) == 24);
  CHECK(std::end(b) - std::begin(b) == 24);

  It i = b.begin();
  CHECK(*i == (std::offset<3>{0, 0, 0}));
  ++i;
  CHECK(*i == (std::offset<3>{0, 0, 1}));
  i += 4;
  CHECK(*i == (std::offset<3>{0, 1, 1}));
  CHECK(i->operator[](2) == 1);
  CHECK((*i)[1] == 1);
  i -= 2;
  CHECK(*i == (std::offset<3>{0, 0, 3}));
  It j = i++;
  CHECK(*j == (std::offset<3>{0, 0, 3}) && *i == (std::offset<3>{0, 1, 0}));
  j = i--;
  CHECK(*j == (std::offset<3>{0, 1, 0}) && *i == (std::offset<3>{0, 0, 3}));
  --i;
  CHECK(*i == (std::offset<3>{0, 0, 2}));
  CHECK(*(i + 13) == (std::offset<3>{1, 0, 3}));
  CHECK(*(13 + i) == (std::offset<3>{1, 0, 3}));
  CHECK(*(b.end() - 1) == (std::offset<3>{1, 2, 3}));
  CHECK(i[10] == (std::offset<3>{1, 0, 0}));
  CHECK((i + 5) - i == 5 && i - (i + 5) == -5);

  It first = b.begin(), last = b.end();
  CHECK(first < last && first <= last && last > first && last >= first);
  CHECK(first != last && !(first == last));
  CHECK(first <= first && first >= first && !(first < first));
  CHECK(first + 24 == last);

  // Iterators keep their own copy of the bounds.
  std::bounds_iterator<2> t = begin_of_temporary();
  CHECK(t[7] == (std::offset<2>{1, 2}));

  // std algorithms over offsets.
  std::vector<std::offset<3>> all(b.begin(), b.end());
  CHECK(all.size() == 24 && all[23] == (std::offset<3>{1, 2, 3}));
  CHECK(std::count_if(b.begin(), b.end(), [](const std::offset<3> &o) { return o[2] == 0; }) == 6);
  auto f = std::find(b.begin(), b.end(), std::offset<3>{1, 1, 1});
  CHECK(f - b.begin() == 17);
  CHECK(*std::lower_bound(b.begin(), b.end(), 9,
                          [&](const std::offset<3> &o, int lin) {
                            return o[0] * 12 + o[1] * 4 + o[2] < lin;
                          }) == (std::offset<3>{0, 2, 1}));

  // Rank 1 and an empty bounds.
  std::bounds<1> line(5);
  int k = 0;
  for (auto o : line)
    CHECK(o[0] == k++);
  CHECK(k == 5);
  std::bounds<2> empty{3, 0};
  CHECK(empty.begin() == empty.end());

  std::puts("coordinate_bounds_iterator: OK");
  return 0;
}
