// The device heap's allocator (include/hc/detail/device_heap_allocator.hpp)
// compiled for the host: threads play work-groups, a heap lives in host
// memory laid out as the runtime lays it out on a GPU. Checks that blocks
// are distinct, aligned and reusable under concurrency, that the heap runs
// out and recovers, and what check mode reports.
#include <cstdint>

#include <thread>

namespace {
thread_local unsigned test_group = 0, test_item = 0;
// Set by tests that want the allocator's windows (a page held off every
// list, a claim about to be undone) wide open on a machine of few cores.
bool test_pause = false;
}
#define HC_HEAP_HOST_GROUP_ID() test_group
#define HC_HEAP_HOST_ITEM_ID() test_item
#define HC_HEAP_HOST_PAUSE()                                                   \
  do {                                                                         \
    if (test_pause)                                                            \
      std::this_thread::yield();                                               \
  } while (0)
#include "hc/detail/device_heap_allocator.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

namespace dh = hc::detail::device_heap;

namespace {

// A heap in host memory, set up as core/device_heap_setup.cpp sets
// one up on a GPU (metadata zeroed, pages left as they are).
struct test_heap {
  dh::control *h = nullptr;
  dh::status status{};
  void *memory = nullptr;
  dh::layout l{};

  test_heap(unsigned page_shift, unsigned num_pages, bool check = false) {
    l = dh::layout_for(page_shift, num_pages);
    std::size_t page = std::size_t(1) << page_shift;
    memory = std::aligned_alloc(page, dh::align_up(l.total, page));
    char *base = static_cast<char *>(memory);
    std::memset(base, 0, l.metadata);
    std::memset(base + l.arena, 0xcd, std::size_t(num_pages) << page_shift);
    h = reinterpret_cast<dh::control *>(base);
    auto addr = [&](std::uint64_t offset) {
      return static_cast<std::uint64_t>(
          reinterpret_cast<std::uintptr_t>(base + offset));
    };
    h->arena = addr(l.arena);
    h->status = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(&status));
    h->page_info = addr(l.page_info);
    h->page_count = addr(l.page_count);
    h->page_next = addr(l.page_next);
    h->page_listed = addr(l.page_listed);
    h->page_taken = addr(l.page_taken);
    h->page_bitmap = addr(l.page_bitmap);
    h->page_shift = page_shift;
    h->num_pages = num_pages;
    h->num_classes = dh::classes_for(page_shift);
    h->words_per_page = dh::words_per_page(page_shift);
    h->check = check;
  }
  ~test_heap() { std::free(memory); }

  unsigned pages_taken() const {
    const unsigned *taken = reinterpret_cast<const unsigned *>(
        static_cast<std::uintptr_t>(h->page_taken));
    unsigned n = 0;
    for (unsigned w = 0; w < (h->num_pages + 31) / 32; ++w)
      n += __builtin_popcount(taken[w]);
    return n;
  }
  // Chunks claimed on small-class pages, all classes.
  unsigned chunks_claimed() const {
    const unsigned *count = reinterpret_cast<const unsigned *>(
        static_cast<std::uintptr_t>(h->page_count));
    unsigned n = 0;
    for (unsigned p = 0; p < h->num_pages; ++p)
      n += count[p];
    return n;
  }
  bool in_arena(const void *p) const {
    auto a = reinterpret_cast<std::uintptr_t>(p);
    return a >= h->arena && a < h->arena + (std::uint64_t(h->num_pages) << h->page_shift);
  }
};

} // namespace

TEST(DeviceHeapAllocator, SmallBlocksAreDistinctAlignedAndSized) {
  test_heap t(16, 64);
  std::vector<char *> blocks;
  for (unsigned size : {1u, 16u, 17u, 100u, 4096u}) {
    for (int k = 0; k < 100; ++k) {
      test_item = k;
      char *p = static_cast<char *>(dh::allocate(t.h, size));
      ASSERT_NE(p, nullptr);
      ASSERT_TRUE(t.in_arena(p));
      std::uint64_t usable = dh::usable_size(t.h, p);
      EXPECT_GE(usable, size);
      EXPECT_LT(usable, 2 * size + 16);
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % usable, 0u);
      std::memset(p, size & 0xff, size);
      blocks.push_back(p);
    }
  }
  std::sort(blocks.begin(), blocks.end());
  for (std::size_t i = 1; i < blocks.size(); ++i)
    ASSERT_GE(blocks[i] - blocks[i - 1],
              std::ptrdiff_t(dh::usable_size(t.h, blocks[i - 1])));
  for (char *p : blocks)
    dh::deallocate(t.h, p);
  EXPECT_EQ(t.chunks_claimed(), 0u);
  EXPECT_EQ(t.status.error, 0u);
}

TEST(DeviceHeapAllocator, LargeBlocksArePageRunsAndGoBack) {
  test_heap t(12, 64); // 4 KiB pages: classes up to 512 B
  void *a = dh::allocate(t.h, 513);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(dh::usable_size(t.h, a), 4096u);
  void *b = dh::allocate(t.h, 10 * 4096 + 1);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(dh::usable_size(t.h, b), 11u * 4096);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b) % 4096, 0u);
  EXPECT_EQ(dh::allocate(t.h, 65 * 4096), nullptr);     // more than the heap
  EXPECT_EQ(dh::allocate(t.h, ~0ull - 10), nullptr);    // would wrap around
  EXPECT_EQ(dh::allocate(t.h, 53 * 4096), nullptr);     // 52 are left
  void *c = dh::allocate(t.h, 52 * 4096);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(t.pages_taken(), 64u);
  dh::deallocate(t.h, a);
  dh::deallocate(t.h, b);
  dh::deallocate(t.h, c);
  EXPECT_EQ(t.pages_taken(), 0u);
  void *all = dh::allocate(t.h, 64 * 4096);
  EXPECT_NE(all, nullptr);
  dh::deallocate(t.h, all);
  EXPECT_EQ(t.status.error, 0u);
}

TEST(DeviceHeapAllocator, RunsOutThenRecoversAfterFrees) {
  test_heap t(12, 32); // 32 pages of 64 chunks of 64 B
  std::vector<void *> blocks;
  for (;;) {
    test_group = blocks.size() % 7;
    test_item = blocks.size();
    void *p = dh::allocate(t.h, 64);
    if (!p)
      break;
    blocks.push_back(p);
    ASSERT_LE(blocks.size(), 32u * 64);
  }
  EXPECT_EQ(blocks.size(), 32u * 64); // every chunk, none twice
  EXPECT_EQ(t.status.error, 0u);      // malloc: no error recorded
  for (void *p : blocks)
    dh::deallocate(t.h, p);
  EXPECT_EQ(t.chunks_claimed(), 0u);
  std::size_t again = 0;
  while (void *p = dh::allocate(t.h, 64)) {
    (void)p;
    ++again;
    ASSERT_LE(again, 32u * 64);
  }
  EXPECT_EQ(again, 32u * 64);
}

TEST(DeviceHeapAllocator, ConcurrentWorkItemsGetEveryChunkOfAFullHeap) {
  test_heap t(12, 64); // 64 pages of 16 chunks of 256 B
  for (int round = 0; round < 3; ++round) {
    std::vector<std::vector<void *>> got(8);
    std::vector<std::thread> pool;
    for (int g = 0; g < 8; ++g)
      pool.emplace_back([&, g] {
        test_group = g; // 8 slots, each wanting pages of its own
        for (unsigned k = 0;; ++k) {
          test_item = k;
          void *p = dh::allocate(t.h, 256);
          if (!p)
            break;
          got[g].push_back(p);
        }
      });
    for (std::thread &th : pool)
      th.join();
    std::size_t total = 0;
    for (auto &v : got)
      total += v.size();
    EXPECT_EQ(total, 64u * 16) << "round " << round;
    for (auto &v : got)
      for (void *p : v)
        dh::deallocate(t.h, p);
    EXPECT_EQ(t.chunks_claimed(), 0u);
  }
}

// test/device-heap/oom_malloc.cpp on the host: a small heap filled with
// page-sized-class blocks until malloc fails, all freed, then fewer
// concurrent work-items than there are chunks each malloc and free. None may
// fail: the memory is there. (Failed before pages that a work-item had taken
// off its class's partial list, or that sat in no slot, were looked for:
// such pages were invisible, and malloc gave up while they had room.)
TEST(DeviceHeapAllocator, AfterExhaustionFreedChunksAreFoundAgainConcurrently) {
  const unsigned pages = 8, per_page = 16; // 64 KiB pages, 4 KiB class
  test_heap t(16, pages);
  test_pause = true;
  const int threads = 48, groups = 3, calls = 400;
  for (int round = 0; round < 3; ++round) {
    // Fill: every thread allocates until the heap says no.
    std::vector<std::vector<void *>> got(threads);
    std::vector<std::thread> pool;
    for (int g = 0; g < threads; ++g)
      pool.emplace_back([&, g] {
        test_group = g % groups;
        for (unsigned k = 0;; ++k) {
          test_item = g + k * threads;
          void *p = dh::allocate(t.h, 4096);
          if (!p)
            break;
          got[g].push_back(p);
        }
      });
    for (std::thread &th : pool)
      th.join();
    pool.clear();
    std::size_t total = 0;
    for (auto &v : got)
      total += v.size();
    EXPECT_EQ(total, pages * per_page) << "round " << round;
    for (auto &v : got)
      for (void *p : v)
        dh::deallocate(t.h, p);
    ASSERT_EQ(t.chunks_claimed(), 0u);
    // At most `threads` (< chunks) blocks live at once: every call succeeds.
    std::atomic<int> failed{0};
    for (int g = 0; g < threads; ++g)
      pool.emplace_back([&, g] {
        test_group = g % groups;
        for (int k = 0; k < calls; ++k) {
          test_item = g + k * threads;
          void *p = dh::allocate(t.h, 4096);
          if (!p)
            ++failed;
          dh::deallocate(t.h, p);
        }
      });
    for (std::thread &th : pool)
      th.join();
    EXPECT_EQ(failed.load(), 0) << "round " << round << ": of "
                                << threads * calls;
    EXPECT_EQ(t.chunks_claimed(), 0u);
  }
  test_pause = false;
  EXPECT_EQ(t.status.error, 0u);
}

TEST(DeviceHeapAllocator, ConcurrentWorkItemsNeverShareABlock) {
  test_heap t(16, 256); // 16 MiB
  const int threads = 8, rounds = 20000, live = 16;
  std::atomic<int> corrupted{0}, failed{0};
  std::vector<std::thread> pool;
  for (int g = 0; g < threads; ++g)
    pool.emplace_back([&, g] {
      // All in one work-group starting on few words: the most contention
      // (a whole tile on one page of its slot).
      test_group = 0;
      std::mt19937 rng(g);
      struct held {
        std::uint64_t *p;
        std::size_t words;
        std::uint64_t tag;
      } mine[live] = {};
      for (int r = 0; r < rounds; ++r) {
        test_item = r % 4;
        held &slot = mine[r % live];
        if (slot.p) {
          for (std::size_t w = 0; w < slot.words; w += 1 + slot.words / 4)
            if (slot.p[w] != slot.tag + w)
              ++corrupted;
          if (slot.p[slot.words - 1] != slot.tag + slot.words - 1)
            ++corrupted;
          dh::deallocate(t.h, slot.p);
          slot.p = nullptr;
        }
        unsigned kind = rng() % 16;
        std::size_t bytes = kind == 0 ? 64 * 1024 + rng() % 200000 // page runs
                                      : 8 + rng() % (16u << (kind % 9));
        auto *p = static_cast<std::uint64_t *>(dh::allocate(t.h, bytes));
        if (!p) {
          ++failed;
          continue;
        }
        slot = {p, bytes / 8, (std::uint64_t(g) << 40) | (std::uint64_t(r) << 20)};
        for (std::size_t w = 0; w < slot.words; ++w)
          p[w] = slot.tag + w;
      }
      for (held &slot : mine)
        dh::deallocate(t.h, slot.p);
    });
  for (std::thread &th : pool)
    th.join();
  EXPECT_EQ(corrupted.load(), 0);
  EXPECT_EQ(failed.load(), 0);
  EXPECT_EQ(t.chunks_claimed(), 0u);
  EXPECT_EQ(t.status.error, 0u);
  // Only small-class pages stay taken (they keep their class).
  const unsigned *info = reinterpret_cast<const unsigned *>(
      static_cast<std::uintptr_t>(t.h->page_info));
  unsigned class_pages = 0;
  for (unsigned p = 0; p < t.h->num_pages; ++p) {
    EXPECT_EQ(info[p] & (dh::info_large_head | dh::info_large_tail), 0u) << p;
    class_pages += info[p] != 0;
  }
  EXPECT_EQ(t.pages_taken(), class_pages);
}

TEST(DeviceHeapAllocator, CheckModeReportsMisuse) {
  test_heap t(16, 16, /*check=*/true);
  char *small = static_cast<char *>(dh::allocate(t.h, 32));
  dh::deallocate(t.h, small);
  EXPECT_EQ(t.status.error, 0u);
  dh::deallocate(t.h, small);
  EXPECT_EQ(t.status.error, unsigned(dh::error_double_free));
  EXPECT_EQ(t.status.address, reinterpret_cast<std::uintptr_t>(small));

  t.status = {};
  char *large = static_cast<char *>(dh::allocate(t.h, 100000));
  dh::deallocate(t.h, large);
  dh::deallocate(t.h, large);
  EXPECT_EQ(t.status.error, unsigned(dh::error_double_free));

  t.status = {};
  char *block = static_cast<char *>(dh::allocate(t.h, 64));
  dh::deallocate(t.h, block + 8);
  EXPECT_EQ(t.status.error, unsigned(dh::error_foreign));
  t.status = {};
  int on_stack = 0;
  dh::deallocate(t.h, &on_stack);
  EXPECT_EQ(t.status.error, unsigned(dh::error_foreign));
  t.status = {};
  char *run = static_cast<char *>(dh::allocate(t.h, 200000));
  dh::deallocate(t.h, run + 70000); // inside a run (a tail page)
  EXPECT_EQ(t.status.error, unsigned(dh::error_foreign));
  // The first error stays until the host clears it.
  dh::deallocate(t.h, small);
  EXPECT_EQ(t.status.error, unsigned(dh::error_foreign));
  dh::deallocate(t.h, block);
  dh::deallocate(t.h, run);
}

TEST(DeviceHeapAllocator, WithoutCheckModeMisuseIsIgnoredHarmlessly) {
  test_heap t(16, 16);
  char *a = static_cast<char *>(dh::allocate(t.h, 32));
  char *b = static_cast<char *>(dh::allocate(t.h, 32));
  dh::deallocate(t.h, a);
  dh::deallocate(t.h, a);     // double free
  dh::deallocate(t.h, b + 4); // inside a block
  int local = 0;
  dh::deallocate(t.h, &local);
  EXPECT_EQ(t.status.error, 0u);
  EXPECT_EQ(t.chunks_claimed(), 1u); // b only: the counter was not disturbed
  dh::deallocate(t.h, b);
  EXPECT_EQ(t.chunks_claimed(), 0u);
}

TEST(DeviceHeapAllocator, CallocReallocAligned) {
  test_heap t(16, 64);
  auto *z = static_cast<unsigned char *>(dh::allocate_zeroed(t.h, 100, 3));
  ASSERT_NE(z, nullptr);
  for (int i = 0; i < 300; ++i)
    ASSERT_EQ(z[i], 0) << i;
  EXPECT_EQ(dh::allocate_zeroed(t.h, ~0ull / 2, 4), nullptr); // overflow
  for (int i = 0; i < 300; ++i)
    z[i] = static_cast<unsigned char>(i);
  // Same block while it fits (300 B is in the 512 B class).
  EXPECT_EQ(dh::reallocate(t.h, z, 500), z);
  auto *g = static_cast<unsigned char *>(dh::reallocate(t.h, z, 300000));
  ASSERT_NE(g, nullptr);
  EXPECT_NE(g, z);
  for (int i = 0; i < 300; ++i)
    ASSERT_EQ(g[i], static_cast<unsigned char>(i)) << i;
  EXPECT_EQ(dh::reallocate(t.h, g, 0), nullptr); // frees
  for (std::uint64_t align : {16u, 256u, 4096u, 65536u}) {
    void *p = dh::allocate_aligned(t.h, 8, align);
    ASSERT_NE(p, nullptr) << align;
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % align, 0u) << align;
    dh::deallocate(t.h, p);
  }
  EXPECT_EQ(dh::allocate_aligned(t.h, 8, 1u << 17), nullptr); // > a page
  EXPECT_EQ(dh::allocate_aligned(t.h, 8, 48), nullptr);       // not 2^n
  EXPECT_EQ(t.chunks_claimed(), 0u);
  EXPECT_EQ(t.pages_taken() - t.chunks_claimed(), t.pages_taken());
}
