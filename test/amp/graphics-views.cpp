// RUN: %hcc -std=c++amp %s -o %t && %t
// Views of textures in kernels: writeonly_texture_view<T, N> and
// texture_view<T, N> captured by value (set(), operator[], get()), a
// texture_view<const T, N> made from a writable one, views made inside a
// kernel from a texture captured by reference, in ranks 1 to 3.
#include <amp_graphics.h>
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

int main() {
  texture<int_2, 1> t1(8);
  writeonly_texture_view<int_2, 1> wo(t1);
  CHECK(wo.get_extent() == extent<1>(8) && wo.data_length == 64);
  parallel_for_each(
      t1.extent, [=](index<1> i) restrict(amp) {
        wo.set(i, int_2(i[0], -i[0]));
      });
  texture_view<int_2, 1> rw(t1);
  parallel_for_each(
      t1.extent, [=](index<1> i) restrict(amp) {
        int_2 x = rw[i];
        rw.set(i, x * 2 + rw(i[0]) - rw.get(i));
      });
  std::vector<int_2> o1(8);
  copy(t1, o1.begin());
  CHECK(o1[3].x == 6 && o1[3].y == -6 && o1[7].x == 14);

  texture<float, 3> t3(2, 3, 4);
  texture<float, 3> sums(2, 3, 4);
  parallel_for_each(
      t3.extent, [&t3](index<3> i) restrict(amp) {
        texture_view<float, 3> here(t3);
        here.set(i, float(i[0] * 100 + i[1] * 10 + i[2]));
      });
  texture_view<float, 3> w3(t3);
  texture_view<const float, 3> r3(w3);
  parallel_for_each(
      t3.extent, [ =, &sums ](index<3> i) restrict(amp) {
        sums.set(i, r3(i[0], i[1], i[2]) + r3[i]);
      });
  std::vector<float> o3(24);
  copy(sums, o3.begin());
  CHECK(o3[0] == 0 && o3[23] == 2 * 123 && o3[12 + 4 + 1] == 2 * 111);

  // A view of a texture captured by reference, made in the kernel.
  texture<unsigned int, 2> t2(4, 4);
  parallel_for_each(
      t2.extent, [&t2](index<2> i) restrict(amp) {
        writeonly_texture_view<unsigned int, 2> out(t2);
        out.set(i, i[0] * 4u + i[1]);
      });
  std::vector<unsigned int> o2(16);
  copy(t2, o2.begin());
  CHECK(o2[0] == 0 && o2[15] == 15 && o2[6] == 6);
  std::printf("%s\n", failures ? "FAILED" : "views ok");
  return failures != 0;
}
