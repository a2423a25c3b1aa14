// On the CPU backend a thread that waits for a kernel nobody has started
// runs it itself (docs/runtime.md, "Queues"). The thread then goes on as
// host code: after a tiled kernel whose work-items ran as fibers (-O0) or
// as loops (-O2), its reads of views wait for the next kernels and see
// their results, the work-item builtins number the work-items of kernels
// it ran, and a kernel that waits for the host still runs on its own.
// UNSUPPORTED: gpu-lit
// RUN: %hcc -O0 %s -o %t0 && %t0
// RUN: %hcc -O2 %s -o %t2 && %t2
#include "../Inputs/checks.hpp"

#include <hc.hpp>
#include <hc_defines.h>

#include <atomic>
#include <cstdio>
#include <vector>

int main() {
  hc::accelerator_view cpu = hc::accelerator(L"cpu").get_default_view();
  const int n = 4096, tile = 64;
  std::vector<int> data(n, 0), ids(n, -1);
  hc::array_view<int, 1> v(n, data), vid(n, ids);
  for (int round = 1; round <= 50; ++round) {
    // A tile sum through tile_static memory and a barrier.
    hc::parallel_for_each(cpu, v.get_extent().tile(tile),
                          [=](hc::tiled_index<1> t) [[hc]] {
                            tile_static int sum;
                            if (t.local[0] == 0)
                              sum = 0;
                            t.barrier.wait();
                            hc::atomic_fetch_add(&sum, 1);
                            t.barrier.wait();
                            v[t.global] = sum * round + t.tile[0];
                            vid[t.global] = hc_get_workitem_absolute_id(0);
                          })
        .wait();
    // Host code again: its reads of the view see this round's kernel ...
    for (int i = 0; i < n; i += 97) {
      CHECK(v[i] == tile * round + i / tile);
      CHECK(vid[i] == i);
    }
    // ... and wait for the next one, not waited for.
    hc::parallel_for_each(cpu, v.get_extent(), [=](hc::index<1> i) [[hc]] {
      v[i] += 1;
    });
    CHECK(v[n - 1] == tile * round + (n - 1) / tile + 1);
    v.synchronize();
    CHECK(data[0] == tile * round + 1);
  }

  // A kernel nobody waits for still starts: it tells the host it runs,
  // then waits for the host's answer.
  std::atomic<int> flag{0};
  int *flag_word = reinterpret_cast<int *>(&flag);
  hc::completion_future done = hc::parallel_for_each(
      cpu, hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
        hc::atomic_exchange(flag_word, 1);
        while (hc::atomic_fetch_add(flag_word, 0) != 2)
          ;
        hc::atomic_exchange(flag_word, 3);
      });
  while (flag.load() != 1)
    ;
  flag.store(2);
  done.wait();
  CHECK(flag.load() == 3);
  return hcc_test::failures != 0;
}
