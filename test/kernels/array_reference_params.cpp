// RUN: %hcc -O3 %s -o %t && %t | FileCheck %s
// RUN: %hcc -O3 -mllvm -hcc-array-object-params=false %s -o %t.off && %t.off | FileCheck %s
//
// hc::arrays reached through references: on GPUs the kernel reads the
// array objects of the functor's first words from its parameters
// (hc/detail/kernel_launch.hpp, llvm-passes/optimize/KernelArrayObjects.h)
// and the others through the reference. Every way of reaching an array
// must see the same data and extents: references in and past the first
// words, ranks 1 to 3, several references to one array, a pointer to an
// array captured by value (null and unused too), an array inside a struct
// captured by reference, tiled and non-tiled kernels, the same functor
// launched on arrays of other sizes.
//
// CHECK: rank1: ok
// CHECK-NEXT: rank2: ok
// CHECK-NEXT: rank3: ok
// CHECK-NEXT: same array twice: ok
// CHECK-NEXT: past the slots: ok
// CHECK-NEXT: pointer by value: ok
// CHECK-NEXT: null pointer unused: ok
// CHECK-NEXT: struct by reference: ok
// CHECK-NEXT: tiled: ok
// CHECK-NEXT: sizes: ok
#include <hc.hpp>

#include <cstdio>
#include <vector>

namespace {

void report(const char *what, bool ok) {
  std::printf("%s: %s\n", what, ok ? "ok" : "FAILED");
}

std::vector<int> iota(int n, int from) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = from + i;
  return v;
}

bool rank1() {
  const int n = 1000;
  hc::array<int, 1> in(n, iota(n, 5).begin()), out(n);
  hc::parallel_for_each(out.get_extent(), [&in, &out](hc::index<1> i) [[hc]] {
    out[i] = in[i] * 2 + in.get_extent()[0];
  }).wait();
  std::vector<int> got = out;
  for (int i = 0; i < n; ++i)
    if (got[i] != (5 + i) * 2 + n)
      return false;
  return true;
}

bool rank2() {
  const int rows = 37, cols = 53;
  hc::array<int, 2> in(rows, cols, iota(rows * cols, 0).begin());
  hc::array<int, 2> out(cols, rows);
  hc::parallel_for_each(in.get_extent(), [&](hc::index<2> i) [[hc]] {
    out(i[1], i[0]) = in[i] + out.get_extent()[1];
  }).wait();
  std::vector<int> got = out;
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x)
      if (got[x * rows + y] != y * cols + x + rows)
        return false;
  return true;
}

bool rank3() {
  const int d0 = 7, d1 = 9, d2 = 11;
  hc::array<int, 3> a(d0, d1, d2, iota(d0 * d1 * d2, 3).begin());
  hc::array<int, 1> sums(d0 * d1);
  hc::parallel_for_each(hc::extent<2>(d0, d1), [&](hc::index<2> i) [[hc]] {
    int s = 0;
    for (int z = 0; z < a.get_extent()[2]; ++z)
      s += a(i[0], i[1], z);
    sums[i[0] * a.get_extent()[1] + i[1]] = s;
  }).wait();
  std::vector<int> got = sums;
  for (int p = 0; p < d0 * d1; ++p) {
    int want = 0;
    for (int z = 0; z < d2; ++z)
      want += 3 + p * d2 + z;
    if (got[p] != want)
      return false;
  }
  return true;
}

bool same_array_twice() {
  const int n = 256;
  hc::array<int, 1> a(n, iota(n, 1).begin());
  hc::array<int, 1> &alias = a;
  hc::parallel_for_each(a.get_extent(), [&a, &alias](hc::index<1> i) [[hc]] {
    alias[i] = a[i] + alias.get_extent()[0];
  }).wait();
  std::vector<int> got = a;
  for (int i = 0; i < n; ++i)
    if (got[i] != 1 + i + n)
      return false;
  return true;
}

// Twelve references: the last ones are past the words that have slots.
bool past_the_slots() {
  const int n = 64;
  std::vector<hc::array<int, 1>> arrays;
  arrays.reserve(12);
  for (int k = 0; k < 12; ++k)
    arrays.emplace_back(n + k, iota(n + k, 100 * k).begin());
  hc::array<int, 1> &a0 = arrays[0], &a1 = arrays[1], &a2 = arrays[2],
                    &a3 = arrays[3], &a4 = arrays[4], &a5 = arrays[5],
                    &a6 = arrays[6], &a7 = arrays[7], &a8 = arrays[8],
                    &a9 = arrays[9], &a10 = arrays[10], &out = arrays[11];
  hc::parallel_for_each(hc::extent<1>(n), [&](hc::index<1> i) [[hc]] {
    out[i] = a0[i] + a1[i] + a2[i] + a3[i] + a4[i] + a5[i] + a6[i] + a7[i] +
             a8[i] + a9[i] + a10[i] + a10.get_extent()[0] +
             a1.get_extent()[0];
  }).wait();
  std::vector<int> got = out;
  for (int i = 0; i < n; ++i) {
    int want = (n + 10) + (n + 1);
    for (int k = 0; k < 11; ++k)
      want += 100 * k + i;
    if (got[i] != want)
      return false;
  }
  return true;
}

bool pointer_by_value() {
  const int n = 300;
  hc::array<int, 1> in(n, iota(n, 7).begin()), out(n);
  hc::array<int, 1> *src = &in, *dst = &out;
  hc::parallel_for_each(out.get_extent(), [=](hc::index<1> i) [[hc]] {
    (*dst)[i] = (*src)[i] - src->get_extent()[0];
  }).wait();
  std::vector<int> got = out;
  for (int i = 0; i < n; ++i)
    if (got[i] != 7 + i - n)
      return false;
  return true;
}

// A pointer to an array that is null: the kernel does not use it when it
// is.
bool null_pointer_unused() {
  const int n = 128;
  hc::array<int, 1> out(n);
  hc::array<int, 1> *extra = nullptr;
  hc::parallel_for_each(out.get_extent(), [=, &out](hc::index<1> i) [[hc]] {
    out[i] = extra ? (*extra)[i] : i[0] + 1;
  }).wait();
  std::vector<int> got = out;
  for (int i = 0; i < n; ++i)
    if (got[i] != i + 1)
      return false;
  return true;
}

// The struct's address is not an array's: the array inside it comes
// second.
struct holder {
  int scale;
  hc::array<int, 1> values;
  explicit holder(int n) : scale(3), values(n, iota(n, 11).begin()) {}
};

bool struct_by_reference() {
  const int n = 200;
  holder h(n);
  hc::array<int, 1> out(n);
  hc::parallel_for_each(out.get_extent(), [&h, &out](hc::index<1> i) [[hc]] {
    out[i] = h.values[i] * h.scale + h.values.get_extent()[0];
  }).wait();
  std::vector<int> got = out;
  for (int i = 0; i < n; ++i)
    if (got[i] != (11 + i) * 3 + n)
      return false;
  return true;
}

bool tiled() {
  const int n = 1024, tile = 128;
  hc::array<int, 1> in(n, iota(n, 0).begin()), partial(n / tile);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [&in, &partial](hc::tiled_index<1> t) [[hc]] {
                          tile_static int sums[tile];
                          sums[t.local[0]] = in[t.global];
                          t.barrier.wait();
                          for (int s = tile / 2; s > 0; s /= 2) {
                            if (t.local[0] < s)
                              sums[t.local[0]] += sums[t.local[0] + s];
                            t.barrier.wait();
                          }
                          if (t.local[0] == 0)
                            partial[t.tile] = sums[0];
                        })
      .wait();
  std::vector<int> got = partial;
  for (int k = 0; k < n / tile; ++k) {
    int want = 0;
    for (int i = k * tile; i < (k + 1) * tile; ++i)
      want += i;
    if (got[k] != want)
      return false;
  }
  return true;
}

// One kernel (one functor type) over arrays of different sizes, in turn:
// each launch reads its own arrays' objects.
void add_size(hc::array<int, 1> &in, hc::array<int, 1> &out) {
  hc::parallel_for_each(out.get_extent(), [&in, &out](hc::index<1> i) [[hc]] {
    out[i] = in[i] + in.get_extent()[0];
  });
}

bool sizes() {
  std::vector<hc::array<int, 1>> ins, outs;
  for (int n : {10, 1000, 33})
    ins.emplace_back(n, iota(n, n).begin()), outs.emplace_back(n);
  for (int k = 0; k < 3; ++k)
    add_size(ins[k], outs[k]);
  for (int k = 0; k < 3; ++k) {
    std::vector<int> got = outs[k];
    const int n = static_cast<int>(got.size());
    for (int i = 0; i < n; ++i)
      if (got[i] != n + i + n)
        return false;
  }
  return true;
}

} // namespace

int main() {
  report("rank1", rank1());
  report("rank2", rank2());
  report("rank3", rank3());
  report("same array twice", same_array_twice());
  report("past the slots", past_the_slots());
  report("pointer by value", pointer_by_value());
  report("null pointer unused", null_pointer_unused());
  report("struct by reference", struct_by_reference());
  report("tiled", tiled());
  report("sizes", sizes());
  return 0;
}
