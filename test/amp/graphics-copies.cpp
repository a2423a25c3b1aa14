// RUN: %hcc -std=c++amp %s -o %t && %t
// Copies of <amp_graphics.h> textures: raw constructors, whole and boxed
// copies to and from host memory and iterators, texture to texture (also
// through views and into another format), copy_to, copy and move
// construction and assignment, copy_async, writeonly_texture_view as a
// destination, staging textures (data() with the row pitch) and C++ AMP's
// properties.
#include <amp_graphics.h>
#include <cstdio>
#include <numeric>
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
  std::vector<int> v(6 * 5);
  std::iota(v.begin(), v.end(), 0);
  accelerator_view av = accelerator().get_default_view();
  // raw constructor, box copy out, box copy in
  texture<int, 2> t(6, 5, v.data(), unsigned(v.size() * sizeof(int)), 32u, av);
  int box[2 * 3];
  copy(t, index<2>(1, 2), extent<2>(2, 3), box, sizeof box);
  CHECK(box[0] == 7 && box[2] == 9 && box[3] == 12 && box[5] == 14);
  int ones[4] = {-1, -1, -1, -1};
  copy(ones, sizeof ones, t, index<2>(4, 3), extent<2>(2, 2));
  std::vector<int> all(30);
  copy(t, all.begin());
  CHECK(all[4 * 5 + 3] == -1 && all[5 * 5 + 4] == -1 && all[4 * 5 + 2] == 22);

  // texture to texture: whole, box, through views, another format
  texture<int, 2> u(6, 5);
  copy(t, u);
  t.copy_to(u);
  texture<int, 2> w(t); // deep copy
  texture<int, 2> x(t, av);
  x = w; // copy assignment
  texture<int, 2> small(2, 2);
  copy(t, index<2>(0, 0), small, index<2>(0, 0), extent<2>(2, 2));
  std::vector<int> s(4);
  copy(small, s.begin());
  CHECK(s[0] == 0 && s[1] == 1 && s[2] == 5 && s[3] == 6);
  texture<int, 2> narrow(6, 5, 16u);
  copy(texture_view<const int, 2>(t), texture_view<int, 2>(narrow));
  std::vector<int> n(30);
  copy(narrow, n.begin());
  CHECK(n == all);
  texture_view<const int, 2> narrow_view(narrow);
  texture<int, 2> from_view(narrow_view);
  CHECK(from_view.get_bits_per_scalar_element() == 16);
  std::vector<int> fv(30);
  copy(from_view, fv.begin());
  CHECK(fv == all);
  std::vector<int> wv(30);
  copy_async(w, wv.begin()).get();
  CHECK(wv == all);
  std::vector<int> xv(30);
  completion_future f =
      copy_async(x, xv.data(), unsigned(xv.size() * sizeof(int)));
  f.wait();
  CHECK(xv == all);

  // writeonly_texture_view as a destination; move
  texture<float, 1> fl(4);
  float fs[4] = {1, 2, 3, 4};
  copy(fs, sizeof fs, writeonly_texture_view<float, 1>(fl));
  texture<float, 1> moved(std::move(fl));
  std::vector<float> fo(4);
  copy(moved, fo.begin());
  CHECK(fo[0] == 1 && fo[3] == 4);

  // staging texture on the CPU for the default accelerator
  accelerator cpu(accelerator::cpu_accelerator);
  texture<int, 2> staging(6, 5, cpu.get_default_view(), av);
  CHECK(staging.get_accelerator_view().get_accelerator().get_device_path() ==
        cpu.get_device_path());
  CHECK(staging.get_associated_accelerator_view().get_accelerator() ==
        av.get_accelerator());
  int *p = static_cast<int *>(staging.data());
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 5; ++c)
      p[r * staging.get_row_pitch() / sizeof(int) + c] = r * 100 + c;
  copy(staging, u);
  std::vector<int> uv(30);
  copy(u, uv.begin());
  CHECK(uv[29] == 504 && uv[7] == 102);

  // properties (C++ AMP mode)
  CHECK(t.extent == extent<2>(6, 5));
  CHECK(t.bits_per_scalar_element == 32 && t.mipmap_levels == 1);
  CHECK(t.data_length == 120 && t.row_pitch == 20);
  CHECK(t.accelerator_view == av);
  texture_view<const int, 2> ro(t);
  CHECK(ro.extent == extent<2>(6, 5) && ro.mipmap_levels == 1);
  CHECK((texture<int, 2>::rank == 2));
  std::printf("%s\n", failures ? "FAILED" : "copies ok");
  return failures != 0;
}
