// Bitonic sort of 2^k unsigned keys in global memory: the classic network
// as k (k + 1) / 2 launches of one step kernel, each work-item comparing
// its key with its partner's (index xor j) and swapping them into the
// order of its bitonic sequence of length `span` (ascending where
// i & span is 0). Launch-bound for small sizes,
// bandwidth-bound for large ones. Twin: bitonic.cu.
//
//   twin.bitonic.mkeys   keys / median time of a whole sort (all the steps,
//                        launched back to back, then one wait), in 1e6 per
//                        second
//
// Every run sorts the same unsorted keys: they are copied back before each
// run, untimed. Both results must equal std::sort's.
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

#include <algorithm>

namespace {

void sort(const hc::accelerator_view &view,
          const hc::array_view<unsigned, 1> &keys) {
  const int n = keys.get_extent()[0];
  hc::completion_future last;
  for (int span = 2; span <= n; span *= 2)
    for (int j = span / 2; j > 0; j /= 2)
      last = hc::parallel_for_each(
          view, keys.get_extent(), [=](hc::index<1> idx) [[hc]] {
            const int i = idx[0], partner = i ^ j;
            if (partner <= i)
              return; // the pair's lower index does the work
            const bool ascending = (i & span) == 0;
            const unsigned a = keys[i], b = keys[partner];
            if ((a > b) == ascending) {
              keys[i] = b;
              keys[partner] = a;
            }
          });
  last.wait();
}

int run(twin::harness &h) {
  const long asked = h.size(1 << 24, 1 << 12);
  int n = 2;
  while (n < asked) // the network sorts powers of two
    n *= 2;
  int steps = 0;
  for (int span = 2; span <= n; span *= 2)
    for (int j = span / 2; j > 0; j /= 2)
      ++steps;
  bench::note("%d keys, %d step launches per sort, median of %d sorts", n,
              steps, h.reps());

  twin::random rng(9);
  std::vector<unsigned> hkeys(n);
  for (unsigned &k : hkeys)
    k = static_cast<unsigned>(rng.next());

  hc::accelerator_view view = h.view();
  hc::array<unsigned, 1> unsorted(n, hkeys.begin(), view), keys_data(n, view);
  hc::array_view<unsigned, 1> keys(keys_data);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr rkeys = 0;
  if (ref) {
    kernel = ref->function("bitonic_step");
    rkeys = h.alloc<unsigned>(n);
  }
  int span = 0, j = 0;
  void *params[] = {&n, &rkeys, &span, &j};
  const unsigned threads = 256;
  const unsigned grid = (n + threads - 1) / threads;

  h.time([&] { sort(view, keys); },
         [&] {
           for (span = 2; span <= n; span *= 2)
             for (j = span / 2; j > 0; j /= 2)
               ref->launch(kernel, grid, 1, threads, 1, params);
         },
         [&] { hc::copy(unsorted, keys_data); },
         [&] { ref->upload(rkeys, hkeys.data(), n * sizeof(unsigned)); });

  std::vector<unsigned> want(hkeys), ours(n);
  std::sort(want.begin(), want.end());
  hc::copy(keys_data, ours.begin());
  twin::expect_close("ours against std::sort", ours, want, 0);
  if (ref)
    twin::expect_close("ref against std::sort", h.download<unsigned>(rkeys, n),
                       want, 0);

  h.report("twin.bitonic.mkeys", n, 1e6);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "bitonic", "[--size KEYS]", run);
}
