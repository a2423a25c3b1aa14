// 65,536 work-items in 256-wide tiles allocate blocks of mixed sizes
// (16 B to 1 KiB, one in 256 two whole pages) over many rounds, fill them with their
// id, check them after everyone wrote, and free some in the same round and
// the rest in the next kernel: no block is shared, none is lost, and a
// 256 MiB heap keeps serving more than it holds (reuse: 609 MiB are
// requested over the rounds, at most two rounds live; passes on an H100
// since malloc scans its class's pages before giving up).
// RUN: %hcc %s -o %t && env HCC_DEVICE_HEAP_SIZE=268435456 %t | FileCheck %s
// CHECK: mixed ok
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

static unsigned size_of(unsigned id, unsigned round) [[hc]] {
  unsigned h = (id * 2654435761u) ^ (round * 40503u);
  h ^= h >> 13;
  if (h % 256 == 0)
    return 100000; // two whole pages
  unsigned shift = h % 7; // 16 B .. 1 KiB
  return (16u << shift) - (h >> 20) % (8u << shift);
}

int main() {
  const int n = 65536, rounds = 8;
  // Blocks kept by round r are in kept[(r % 2) * n + id].
  hc::array_view<std::uint64_t, 1> kept(2 * n);
  hc::array_view<int, 1> bad(2);
  bad[0] = bad[1] = 0;
  for (int round = 0; round < rounds; ++round) {
    hc::parallel_for_each(hc::extent<1>(n).tile(256),
                          [=](hc::tiled_index<1> t) [[hc]] {
      unsigned id = t.global[0];
      // Free what this item's neighbour kept last round.
      unsigned now = (round % 2) * n, before = n - now;
      if (round > 0) {
        unsigned other = (id + 257) % n;
        free(reinterpret_cast<void *>(
            static_cast<std::uintptr_t>(kept[before + other])));
      }
      t.barrier.wait();
      unsigned bytes = size_of(id, round);
      unsigned *a = static_cast<unsigned *>(malloc(bytes));
      unsigned *b = static_cast<unsigned *>(malloc(size_of(id + n, round)));
      if (!a || !b) {
        hc::atomic_fetch_add(&bad[1], 1);
        free(a);
        free(b);
        kept[now + id] = 0;
        return;
      }
      for (unsigned k = 0; k < bytes / 4; ++k)
        a[k] = id ^ k;
      b[0] = ~id;
      t.barrier.wait();
      for (unsigned k = 0; k < bytes / 4; ++k)
        if (a[k] != (id ^ k))
          hc::atomic_fetch_add(&bad[0], 1);
      if (b[0] != ~id)
        hc::atomic_fetch_add(&bad[0], 1);
      free(b);
      kept[now + id] = reinterpret_cast<std::uintptr_t>(a);
    });
  }
  const int last = ((rounds - 1) % 2) * n;
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    free(reinterpret_cast<void *>(
        static_cast<std::uintptr_t>(kept[last + i[0]])));
  });
  if (bad[0] || bad[1]) {
    std::printf("mixed: %d corrupted words, %d failed allocations\n", bad[0],
                bad[1]);
    return 1;
  }
  std::printf("mixed ok\n");
  return 0;
}
