// RUN: %hcc %s -o %t && %t
// hc::__ballot, hc::__any, hc::__all, hc::__activelanemask_v4_b64_b1 and
// hc::__activelanecount_u32_b1 with every lane active: bit N of a ballot is
// lane N's predicate, any/all/count summarise the work-item's wavefront.
// The expected values are computed from the wavefront size the kernel saw,
// so the same checks hold on a GPU (32 lanes) and on the CPU backend (one).
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

// Varies between lanes; some wavefronts are all true, some all false.
static bool pred(int g) [[cpu]] [[hc]] {
  if ((g / 64) % 4 == 1)
    return true;
  if ((g / 64) % 4 == 3)
    return false;
  return (g * 7) % 5 < 2;
}

int main() {
  const int tile = 64, n = tile * 32;
  std::vector<std::uint64_t> ballot(n), mask(n);
  std::vector<int> any(n), all(n), count(n), ws(n);
  hc::array_view<std::uint64_t, 1> vb(n, ballot), vm(n, mask);
  hc::array_view<int, 1> vany(n, any), vall(n, all), vc(n, count), vws(n, ws);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    int g = t.global[0];
    int p = pred(g) ? 1 : 0;
    vb[t.global] = hc::__ballot(p);
    vm[t.global] = hc::__activelanemask_v4_b64_b1(p ? 5u : 0u);
    vany[t.global] = hc::__any(p ? 2 : 0);
    vall[t.global] = hc::__all(p ? -1 : 0);
    vc[t.global] = static_cast<int>(hc::__activelanecount_u32_b1(p));
    vws[t.global] = static_cast<int>(hc::__wavesize());
  });
  vb.synchronize();
  vm.synchronize();
  vany.synchronize();
  vall.synchronize();
  vc.synchronize();
  vws.synchronize();

  const int w = ws[0];
  CHECK(w == 1 || w == 32);
  int all_true = 0, all_false = 0;
  for (int k = 0; k < n; ++k) {
    int first = k - k % w; // the work-item's wavefront: [first, first + w)
    std::uint64_t expect = 0;
    int c = 0;
    for (int j = 0; j < w; ++j)
      if (pred(first + j)) {
        expect |= std::uint64_t(1) << j;
        ++c;
      }
    CHECK(ballot[k] == expect);
    CHECK(mask[k] == expect);
    CHECK(count[k] == c);
    CHECK((any[k] != 0) == (c > 0));
    CHECK((all[k] != 0) == (c == w));
    all_true += c == w;
    all_false += c == 0;
  }
  CHECK(all_true > 0 && all_false > 0);
  return 0;
}
