// RUN: %hcc -std=c++amp %s -o %t && %t
// texture_view<const T, N>::sample() and gather_red() in a kernel: point
// and linear filtering at normalised coordinates (texel centres at
// (i + 0.5) / size, x along the last index), the wrap, mirror, clamp and
// border address modes, samplers passed in and the predefined
// sample<filter, address>() form, on a float and a unorm_4 texture.
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
static bool near(float a, float b) { return std::fabs(a - b) < 1e-4f; }

int main() {
  // 2 rows x 4 columns holding 10 * row + column.
  std::vector<float> v = {0, 1, 2, 3, 10, 11, 12, 13};
  texture<float, 2> tex(2, 4, v.begin(), v.end());
  texture_view<const float, 2> tv(tex);
  array<float, 1> out(10);
  sampler wrap_point(filter_point, address_wrap);
  sampler border_linear(filter_linear, address_border, float_4(-1, -1, -1, -1));
  CHECK(sampler().get_filter_mode() == filter_linear &&
        sampler().get_address_mode() == address_clamp);
  CHECK(border_linear.border_color.x == -1.0f &&
        wrap_point.filter_mode == filter_point &&
        wrap_point.address_mode == address_wrap);
  parallel_for_each(
      extent<1>(1), [ =, &out ](index<1>) restrict(amp) {
        out[0] = tv.sample(wrap_point, float_2(0.625f, 0.75f));
        out[1] = tv.sample(wrap_point, float_2(1.625f, -0.25f));
        out[2] = tv.sample<filter_linear>(float_2(0.25f, 0.5f));
        out[3] =
            tv.sample<filter_point, address_mirror>(float_2(1.125f, 0.25f));
        out[4] = tv.sample<filter_linear, address_clamp>(float_2(-3.0f, 2.0f));
        out[5] = tv.sample(border_linear, float_2(0.125f, 0.0f));
        out[6] = tv.sample(border_linear, float_2(0.375f, 0.25f));
        float_4 g = tv.gather_red(wrap_point, float_2(0.5f, 0.5f));
        out[7] = g.x * 1000 + g.y * 100 + g.z * 10 + g.w;
        float_4 b = tv.gather_red(border_linear, float_2(0.0f, 0.0f));
        out[8] = b.x + b.y + b.z + b.w;
        float_4 gg = tv.gather_green<address_clamp>(float_2(0.5f, 0.5f));
        out[9] = gg.x + gg.y + gg.z + gg.w;
      });
  std::vector<float> r = out;
  CHECK(near(r[0], 12));                       // row 1, column 2
  CHECK(near(r[1], 12));                       // the same, wrapped
  CHECK(near(r[2], (0 + 1 + 10 + 11) / 4.0f)); // between four texels
  CHECK(near(r[3], 3));                        // column 4 mirrors to 3
  CHECK(near(r[4], 10));                       // clamped to row 1, column 0
  CHECK(near(r[5], (-1 + 0) / 2.0f));          // half border, half texel
  CHECK(near(r[6], 1));                        // a texel centre
  CHECK(near(r[7], 11 * 1000 + 12 * 100 + 2 * 10 + 1)); // Direct3D's order
  CHECK(near(r[8], -1 - 1 + 0 - 1)); // three of four on the border
  CHECK(near(r[9], 0));              // no green component: 0

  // unorm_4 in 8 bits: linear filtering of the normalised values.
  std::vector<unorm_4> px = {unorm_4(0.0f, 1.0f, 0.2f, 1.0f),
                             unorm_4(1.0f, 0.0f, 0.6f, 1.0f)};
  texture<unorm_4, 1> colors(2, 8u);
  copy(px.begin(), px.end(), colors);
  texture_view<const unorm_4, 1> cv(colors);
  array<unorm_4, 1> mixed(1);
  parallel_for_each(
      extent<1>(1), [ =, &mixed ](index<1>) restrict(amp) {
        mixed[0] = cv.sample(sampler(), 0.5f);
      });
  std::vector<unorm_4> m = mixed;
  CHECK(near(m[0].x, 0.5f) && near(m[0].y, 0.5f) &&
        std::fabs(m[0].z - 0.4f) < 0.01f && near(m[0].w, 1.0f));
  std::printf("%s\n", failures ? "FAILED" : "sample ok");
  return failures != 0;
}
