// RUN: %hcc -std=c++amp %s -o %t && %t
// Errors of <amp_graphics.h>: formats a texture element type does not have
// are unsupported_feature; bad extents, mipmap levels, sizes, regions and
// sampler modes are runtime_exception (E_INVALIDARG).
#include <amp_graphics.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static int failures = 0;
// Runs `body`; checks it throws E (and not anything else).
template <class E, class F> void expect(const char *what, F body) {
  try {
    body();
  } catch (const E &) {
    return;
  } catch (const std::exception &e) {
    std::printf("FAIL %s: wrong exception: %s\n", what, e.what());
    ++failures;
    return;
  }
  std::printf("FAIL %s: no exception\n", what);
  ++failures;
}

int main() {
  expect<unsupported_feature>("float 8 bits",
                              [] { texture<float, 1> t(4, 8u); });
  expect<unsupported_feature>("double 32 bits",
                              [] { texture<double, 1> t(4, 32u); });
  expect<unsupported_feature>("int 12 bits",
                              [] { texture<int_2, 2> t(4, 4, 12u); });
  expect<unsupported_feature>("unorm 64 bits",
                              [] { texture<unorm, 1> t(4, 64u); });
  expect<runtime_exception>("zero extent", [] { texture<int, 2> t(0, 4); });
  expect<runtime_exception>("too many levels", [] {
    texture<float, 2> t(extent<2>(4, 8), 32u, 5u,
                        accelerator().get_default_view());
  });
  expect<runtime_exception>("raw source too small", [] {
    int v[3] = {};
    texture<int, 1> t(4, v, sizeof v, 32u);
  });
  texture<int, 2> t(4, 4);
  expect<runtime_exception>("destination too small", [&] {
    int v[15];
    copy(t, v, sizeof v);
  });
  expect<runtime_exception>("box outside", [&] {
    int v[16];
    copy(t, index<2>(2, 2), extent<2>(3, 2), v, sizeof v);
  });
  expect<runtime_exception>("iterator range too short", [&] {
    std::vector<int> v(15);
    copy(v.begin(), v.end(), t);
  });
  texture<float, 2> mip(extent<2>(4, 4), 32u, 0u,
                        accelerator().get_default_view());
  expect<runtime_exception>("view level",
                            [&] { texture_view<float, 2> v(mip, 3); });
  expect<runtime_exception>("view levels",
                            [&] { texture_view<const float, 2> v(mip, 1, 3); });
  expect<runtime_exception>("host copy of several levels", [&] {
    std::vector<float> v(100);
    copy(mip, v.data(), 400u);
  });
  expect<runtime_exception>("extent of a missing level",
                            [&] { mip.get_extent(3); });
  expect<runtime_exception>("sampler filter",
                            [] { sampler s(static_cast<filter_mode>(7)); });
  // One level of a mipmapped texture copies fine.
  std::vector<float> level1(4, 1.0f);
  copy(level1.begin(), level1.end(), texture_view<float, 2>(mip, 1));
  std::printf("%s\n", failures ? "FAILED" : "exceptions ok");
  return failures != 0;
}
