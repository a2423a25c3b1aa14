// RUN: %hcc -std=c++amp %s -o %t && %t
// Mipmapped textures: the full chain (0 levels asked), extents per level,
// a texture_view<T, N> per level written by a kernel, texture_view<const
// T, N> over all levels or a range, get() of a level, sample() at a level
// of detail (point: the nearest level; linear: between the two nearest),
// and a texture copied from a view of some levels.
#include <amp_graphics.h>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static int failures = 0;
#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::printf("FAIL line %d: %s\n", __LINE__, #c);                         \
      ++failures;                                                              \
    }                                                                          \
  } while (0)
static bool near(float a, float b) { return std::fabs(a - b) < 1e-5f; }

int main() {
  texture<float, 2> mip(extent<2>(4, 8), 32u, 0u,
                        accelerator().get_default_view());
  CHECK(mip.get_mipmap_levels() == 4);
  CHECK(mip.get_extent(1) == extent<2>(2, 4));
  CHECK(mip.get_extent(3) == extent<2>(1, 1));
  CHECK(mip.get_data_length() == (32 + 8 + 2 + 1) * 4);
  for (unsigned l = 0; l < 4; ++l) {
    texture_view<float, 2> level(mip, l);
    CHECK(level.get_extent() == mip.get_extent(l));
    parallel_for_each(
        level.extent, [=](index<2> i) restrict(amp) {
          level.set(i, float(l * 10 + i[1]));
        });
  }
  texture_view<const float, 2> all(mip);
  texture_view<const float, 2> lower(mip, 1, 2);
  texture_view<const float, 2> lowest(lower, 1, 1);
  CHECK(all.get_mipmap_levels() == 4 && lower.get_mipmap_levels() == 2);
  CHECK(lower.get_extent() == extent<2>(2, 4));
  CHECK(lowest.get_extent() == extent<2>(1, 2));
  array<float, 1> m(6);
  parallel_for_each(
      extent<1>(1), [ =, &m ](index<1>) restrict(amp) {
        // column 0 of each level: 0, 10, 20, 30 (a 1-wide level: its only
        // column)
        m[0] = all.sample<filter_point>(float_2(0.0f, 0.0f), 1.6f);
        m[1] = all.sample<filter_linear>(float_2(0.0f, 0.0f), 2.5f);
        m[2] = lower.sample<filter_point>(float_2(0.0f, 0.0f), 0.0f);
        m[3] = all.get(index<2>(0, 1), 2);
        m[4] = lowest.get(index<2>(0, 1));
        m[5] = all.sample<filter_point>(float_2(0.0f, 0.0f), 9.0f);
      });
  std::vector<float> r = m;
  CHECK(near(r[0], 20));
  CHECK(near(r[1], 25));
  CHECK(near(r[2], 10));
  CHECK(near(r[3], 21));
  CHECK(near(r[4], 21));
  CHECK(near(r[5], 30));

  texture<float, 2> copied(lower);
  CHECK(copied.get_mipmap_levels() == 2 &&
        copied.get_extent() == extent<2>(2, 4));
  std::vector<float> level0(8);
  copy(texture_view<const float, 2>(copied, 0, 1), level0.begin());
  CHECK(near(level0[3], 13) && near(level0[7], 13));
  std::printf("%s\n", failures ? "FAILED" : "mipmaps ok");
  return failures != 0;
}
