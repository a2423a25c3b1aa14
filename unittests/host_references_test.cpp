// Which captured words make a launch finish with its statement
// (lib/hc-runtime/core/host_references.hpp): pointers into the program's
// stack, heap, mappings and data; not integers, read-only data, the
// runtime's own words or am_alloc blocks.
#include "core/functor_words.hpp"
#include "core/host_references.hpp"
#include "hc/detail/am_runtime.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <thread>
#include <utility>
#include <vector>

using namespace hc::detail;

namespace {

template <typename Functor>
bool refers(const Functor &f, const std::vector<const void *> &ours = {}) {
  return rt::refers_to_program_memory(&f, sizeof f, ours);
}

int global_table[64];
const char read_only_text[] = "read-only data";

} // namespace

TEST(HostReferences, StackPointerAndReferenceCount) {
  int local[16] = {};
  int *p = local;
  auto by_value = [p] { return p[0]; };
  EXPECT_TRUE(refers(by_value));
  auto by_reference = [&local] { return local[0]; };
  EXPECT_TRUE(refers(by_reference));
}

TEST(HostReferences, HeapPointersCount) {
  long *small = new long[16];
  auto small_heap = [small] { return small[0]; };
  EXPECT_TRUE(refers(small_heap));
  delete[] small;
  // Above malloc's mmap threshold: a mapping of its own.
  void *large = std::malloc(8 << 20);
  auto large_chunk = [large] { return large != nullptr; };
  EXPECT_TRUE(refers(large_chunk));
  std::free(large);
}

TEST(HostReferences, MappingsMadeAfterTheFirstLookupCount) {
  int *early = new int[4];
  auto first = [early] { return early[0]; };
  EXPECT_TRUE(refers(first)); // reads the mappings once
  delete[] early;
  void *fresh = mmap(nullptr, 1 << 20, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(fresh, MAP_FAILED);
  auto later = [fresh] { return fresh != nullptr; };
  EXPECT_TRUE(refers(later));
  munmap(fresh, 1 << 20);
}

TEST(HostReferences, GlobalDataAndOtherThreadsStacksCount) {
  int *g = global_table;
  auto global = [g] { return g[0]; };
  EXPECT_TRUE(refers(global));
  // A pointer into another thread's stack, checked from this thread.
  int *theirs = nullptr;
  bool result = false;
  std::thread t([&] {
    int mine[8] = {};
    theirs = mine;
    std::thread checker([&] {
      auto other = [theirs] { return theirs[0]; };
      result = refers(other);
    });
    checker.join();
  });
  t.join();
  EXPECT_TRUE(result);
}

TEST(HostReferences, IntegersAndReadOnlyDataDoNotCount) {
  // Every word is an integer no process can have mapped: below the first
  // 64 KiB or outside user space. A large positive word such as 1 << 40,
  // or two ints such as (1024, 1024) in one word, is unmapped in a plain
  // process but may lie in a sanitizer's shadow memory, which is mapped
  // writable and would count.
  struct numbers {
    long a, b;
    int c, d;
  } n{42, -(1L << 40), 1024, -1};
  auto integers = [n] { return n.a + n.b + n.c + n.d; };
  EXPECT_FALSE(refers(integers));
  const char *text = read_only_text;
  auto literal = [text] { return text[0]; };
  EXPECT_FALSE(refers(literal));
  auto empty = [] { return 0; };
  EXPECT_FALSE(refers(empty));
}

TEST(HostReferences, RuntimeWordsAndAmAllocDoNotCount) {
  int *heap = new int[8];
  auto bound = [heap] { return heap[0]; };
  EXPECT_FALSE(refers(bound, {heap}));
  EXPECT_TRUE(refers(bound));
  delete[] heap;
  void *am = am_allocate(4096, cpu_device(), 0);
  ASSERT_NE(am, nullptr);
  auto device_block = [am] { return am != nullptr; };
  EXPECT_FALSE(refers(device_block));
  am_release(am);
}

// The bound copies of arrays and views inside a functor are zeroed before
// the scan for program pointers: their extents (two small ints in one
// word) are not addresses. Words outside them stay; objects not wholly
// inside the functor are ignored.
TEST(FunctorWords, BoundObjectsAreLeftOutOfTheScan) {
  struct {
    std::uintptr_t before;
    int extents[2]; // one word: 0x10000000100, which could be a pointer
    std::uintptr_t after;
  } functor{0x1234567, {256, 256}, 0x7654321};
  std::uintptr_t extents_word;
  std::memcpy(&extents_word, functor.extents, sizeof extents_word);
  ASSERT_TRUE(hc::detail::rt::could_be_pointer(extents_word));

  std::uintptr_t elsewhere[2] = {1, 2};
  std::vector<std::pair<const void *, std::size_t>> objects{
      {functor.extents, sizeof functor.extents},
      {elsewhere, sizeof elsewhere},
      {&functor.after, 2 * sizeof(std::uintptr_t)}}; // runs past the end
  std::vector<unsigned char> bytes =
      hc::detail::rt::functor_without(&functor, sizeof functor, objects);
  ASSERT_EQ(bytes.size(), sizeof functor);
  std::vector<std::uintptr_t> words;
  hc::detail::rt::any_functor_word(bytes.data(), bytes.size(),
                                   [&](std::size_t, std::uintptr_t w) {
                                     words.push_back(w);
                                     return false;
                                   });
  EXPECT_EQ(words, (std::vector<std::uintptr_t>{0x1234567, 0, 0x7654321}));
}
