// RUN: %hcc -hc %s -o %t && %t
//
// hc::array's sections by integers (section(i0, e0), (i0, i1, e0, e1),
// (i0, i1, i2, e0, e1, e2)), the const forms of section / reinterpret_as /
// view_as (views of const elements), and array_view<const T>'s
// reinterpret_as giving const elements.
#include <hc.hpp>

#include <cstdio>
#include <type_traits>
#include <vector>

int main() {
  int failures = 0;
  auto expect = [&](const char *what, int got, int want) {
    if (got != want && failures++ < 20)
      std::printf("FAIL %s: %d, expected %d\n", what, got, want);
  };

  std::vector<int> data(24);
  for (int k = 0; k < 24; ++k)
    data[k] = k;
  hc::array<int, 1> a1(24, data.begin());
  hc::array<int, 2> a2(4, 6, data.begin());
  hc::array<int, 3> a3(2, 3, 4, data.begin());

  // Writable sections, written in a kernel.
  hc::array_view<int, 1> s1 = a1.section(10, 4);
  hc::array_view<int, 2> s2 = a2.section(1, 2, 2, 3);
  hc::array_view<int, 3> s3 = a3.section(1, 1, 1, 1, 2, 3);
  expect("rank 1 extent", s1.get_extent()[0], 4);
  expect("rank 2 extent", s2.get_extent()[1], 3);
  expect("rank 3 extent", s3.get_extent()[2], 3);
  hc::parallel_for_each(s1.get_extent(), [=](hc::index<1> i) [[hc]] {
    s1[i] += 100;
  });
  hc::parallel_for_each(s2.get_extent(), [=](hc::index<2> i) [[hc]] {
    s2[i] += 1000;
  });
  hc::parallel_for_each(s3.get_extent(), [=](hc::index<3> i) [[hc]] {
    s3[i] = -s3[i];
  }).wait();
  std::vector<int> r1 = a1, r2 = a2, r3 = a3;
  for (int k = 0; k < 24; ++k) {
    expect("rank 1 data", r1[k], k >= 10 && k < 14 ? k + 100 : k);
    const int row = k / 6, col = k % 6;
    const bool in2 = row >= 1 && row < 3 && col >= 2 && col < 5;
    expect("rank 2 data", r2[k], in2 ? k + 1000 : k);
    const int p = k / 12, q = k / 4 % 3, s = k % 4;
    const bool in3 = p == 1 && q >= 1 && s >= 1;
    expect("rank 3 data", r3[k], in3 ? -k : k);
  }

  // Const arrays give views of const elements.
  const hc::array<int, 1> &c1 = a1;
  const hc::array<int, 2> &c2 = a2;
  auto cs = c1.section(2, 3);
  static_assert(std::is_same<decltype(cs), hc::array_view<const int, 1>>::value,
                "const section(int, int)");
  expect("const section", cs[0], 2);
  auto ci = c1.section(hc::index<1>(20));
  expect("const section(index)", ci.get_extent()[0], 4);
  auto ce = c2.section(hc::extent<2>(2, 2));
  expect("const section(extent)", ce(1, 1), 7);
  auto cv = c2.view_as(hc::extent<1>(24));
  static_assert(std::is_same<decltype(cv), hc::array_view<const int, 1>>::value,
                "const view_as");
  expect("const view_as", cv[23], 23);
  auto cr = c1.reinterpret_as<unsigned>();
  static_assert(
      std::is_same<decltype(cr), hc::array_view<const unsigned, 1>>::value,
      "const reinterpret_as");
  expect("const reinterpret_as", static_cast<int>(cr[5]), 5);

  // array_view<const T>::reinterpret_as keeps the elements const.
  hc::array_view<const int, 1> view(a1);
  auto bytes = view.reinterpret_as<unsigned char>();
  static_assert(std::is_same<decltype(bytes),
                             hc::array_view<const unsigned char, 1>>::value,
                "array_view<const T>::reinterpret_as");
  expect("reinterpreted size", bytes.get_extent()[0], 24 * 4);
  expect("reinterpreted byte", bytes[4 * 3], 3);

  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
