// C++ AMP sum reduction: each tile of 256 work-items reduces its part in
// tile_static memory (tree reduction with barriers), and one atomic per
// tile adds the partial sum to the result. Checks itself against the host.
//
//   hcc `hcc-config --cxxflags --ldflags --amp` reduction.cpp -o reduction
//   ./reduction [N]

#include <amp.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace concurrency;

static const int TS = 256;

int reduce(const std::vector<int> &data) {
  int n = static_cast<int>(data.size());
  array<int, 1> input(n, data.begin(), data.end());
  array<int, 1> result(1);
  parallel_for_each(result.get_extent(),
                    [&result](index<1> i) restrict(amp) { result[i] = 0; });
  tiled_extent<TS> domain = tiled_extent<TS>(input.get_extent()).pad();
  parallel_for_each(domain, [=, &input, &result](tiled_index<TS> t)
                                restrict(amp) {
    tile_static int partial[TS];
    int g = t.global[0], l = t.local[0];
    partial[l] = g < n ? input[g] : 0;
    t.barrier.wait();
    for (int stride = TS / 2; stride > 0; stride /= 2) {
      if (l < stride)
        partial[l] += partial[l + stride];
      t.barrier.wait();
    }
    if (l == 0)
      atomic_fetch_add(&result[0], partial[0]);
  });
  std::vector<int> out(1);
  copy(result, out.begin());
  return out[0];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1000003;
  std::vector<int> data(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    data[i] = (i % 17) - 8;
    expected += data[i];
  }
  int sum = reduce(data);
  std::printf("amp reduction of %d ints: %d (expected %lld)\n", n, sum,
              expected);
  bool ok = sum == expected;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
