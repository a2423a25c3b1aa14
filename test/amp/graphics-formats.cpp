// RUN: %hcc -std=c++amp %s -o %t && %t
// Texel formats of <amp_graphics.h> textures: 8/16/32-bit integers
// saturate, 16-bit floats round to nearest even, norm and unorm quantise
// (SNORM/UNORM), double keeps 64 bits; data(), copies to raw memory and
// the pitches expose the packed bytes. Kernels write with set() and read
// with operator[] / operator() on textures captured by reference.
#include <amp_graphics.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

int main() {
  // 8-bit signed ints, written by a kernel through set(): saturated.
  {
    texture<int, 1> t(4, 8u);
    CHECK(t.get_bits_per_scalar_element() == 8);
    CHECK(t.get_data_length() == 4);
    parallel_for_each(
        t.extent, [&t](index<1> i) restrict(amp) {
          const int values[4] = {-1000, -5, 100, 1000};
          t.set(i, values[i[0]]);
        });
    std::int8_t raw[4];
    copy(t, raw, 4u);
    CHECK(raw[0] == -128 && raw[1] == -5 && raw[2] == 100 && raw[3] == 127);
  }
  // 16-bit uint_2 from iterators, read back as uint_2.
  {
    std::vector<uint_2> in = {uint_2(1, 70000), uint_2(65535, 3)};
    texture<uint_2, 1> t(2, in.begin(), in.end());
    CHECK(t.get_bits_per_scalar_element() == 32);
    texture<uint_2, 1> n(2, 16u);
    copy(in.begin(), in.end(), n);
    std::vector<uint_2> out(2);
    copy(n, out.begin());
    CHECK(out[0].x == 1 && out[0].y == 65535 && out[1].x == 65535 &&
          out[1].y == 3);
    CHECK(n.get_data_length() == 8);
  }
  // 16-bit floats: exact for small integers and halves, rounded otherwise.
  {
    texture<float, 2> t(2, 2, 16u);
    float in[4] = {1.5f, -2.0f, 65504.0f, 0.1f};
    std::vector<float> v(in, in + 4);
    copy(v.begin(), v.end(), t);
    std::uint16_t raw[4];
    copy(t, raw, sizeof raw);
    CHECK(raw[0] == 0x3e00 && raw[1] == 0xc000 && raw[2] == 0x7bff &&
          raw[3] == 0x2e66);
    texture<float, 2> back(t);
    std::vector<float> out(4);
    copy(back, out.begin());
    CHECK(out[0] == 1.5f && out[2] == 65504.0f &&
          std::fabs(out[3] - 0.1f) < 1e-4f);
  }
  // unorm_4 in 8 bits (RGBA8), norm in 16 bits, through a kernel.
  {
    texture<unorm_4, 2> rgba(2, 3, 8u);
    texture<norm, 1> s16(3, 16u);
    parallel_for_each(
        rgba.extent, [&rgba](index<2> i) restrict(amp) {
          rgba.set(i, unorm_4(0.0f, 1.0f, 0.5f, i[1] / 2.0f));
        });
    parallel_for_each(
        s16.extent, [&s16](index<1> i) restrict(amp) {
          s16.set(i, norm(i[0] - 1.0f));
        });
    CHECK(rgba.get_row_pitch() == 12);
    std::uint8_t raw[24];
    copy(rgba, raw, sizeof raw);
    CHECK(raw[0] == 0 && raw[1] == 255 && raw[2] == 128 && raw[3] == 0 &&
          raw[7] == 128 && raw[11] == 255);
    std::int16_t sraw[3];
    copy(s16, sraw, sizeof sraw);
    CHECK(sraw[0] == -32767 && sraw[1] == 0 && sraw[2] == 32767);
  }
  // double_2: 64 bits a scalar, 16 bytes a texel.
  {
    std::vector<double_2> in = {double_2(1e300, -0.25), double_2(3.0, 4.0)};
    texture<double_2, 1> t(2, in.begin(), in.end());
    CHECK(t.get_bits_per_scalar_element() == 64 && t.get_data_length() == 32);
    texture<double_2, 1> u(2);
    parallel_for_each(
        u.extent, [&t, &u ](index<1> i) restrict(amp) {
          double_2 v = t[i];
          u.set(i, double_2(v.y, v.x));
        });
    std::vector<double_2> out(2);
    copy(u, out.begin());
    CHECK(out[0].x == -0.25 && out[0].y == 1e300 && out[1].x == 4.0);
  }
  // data(), row and depth pitch of a 3-D texture.
  {
    texture<int, 3> t(2, 3, 4);
    CHECK(t.get_row_pitch() == 16 && t.get_depth_pitch() == 48);
    int *p = static_cast<int *>(t.data());
    for (int i = 0; i < 24; ++i)
      p[i] = i;
    texture<int, 3> sum(2, 3, 4);
    parallel_for_each(
        t.extent, [&t, &sum ](index<3> i) restrict(amp) {
          sum.set(i, t(i[0], i[1], i[2]) + 1);
        });
    const int *q = static_cast<const int *>(
        static_cast<const texture<int, 3> &>(sum).data());
    CHECK(q[0] == 1 && q[23] == 24 && q[4 * 3 + 5] == 18);
  }
  std::printf("%s\n", failures ? "FAILED" : "formats ok");
  return failures != 0;
}
