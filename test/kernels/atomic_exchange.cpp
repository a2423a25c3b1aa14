// RUN: %hcc %s -o %t && %t
// hc::atomic_exchange: work-items swapping their ids into one slot; the old
// values returned plus the final value are exactly the initial value and
// all the ids, each once.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 8192;
  std::vector<int> slot(1, -1), olds(n, -2);
  hc::array_view<int, 1> vs(1, slot), vo(n, olds);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    vo[i] = hc::atomic_exchange(&vs[0], i[0]);
  });
  vo.synchronize();
  std::vector<int> seen(n + 1, 0);  // seen[0] counts -1, seen[k + 1] counts id k
  for (int i = 0; i < n; ++i) {
    CHECK(olds[i] >= -1 && olds[i] < n);
    seen[olds[i] + 1]++;
  }
  int last = vs[0];
  CHECK(last >= 0 && last < n);
  seen[last + 1]++;
  for (int k = 0; k <= n; ++k)
    CHECK(seen[k] == 1);

  // unsigned and float overloads
  std::vector<unsigned> us(1, 7u);
  std::vector<float> fs(1, 1.5f);
  std::vector<unsigned> uold(1, 0u);
  std::vector<float> fold(1, 0.0f);
  hc::array_view<unsigned, 1> vus(1, us), vuold(1, uold);
  hc::array_view<float, 1> vfs(1, fs), vfold(1, fold);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    vuold[0] = hc::atomic_exchange(&vus[0], 9u);
    vfold[0] = hc::atomic_exchange(&vfs[0], 2.5f);
  });
  CHECK(vuold[0] == 7u && vus[0] == 9u);
  CHECK(vfold[0] == 1.5f && vfs[0] == 2.5f);
  return 0;
}
