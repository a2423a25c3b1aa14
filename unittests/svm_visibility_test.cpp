// Shared virtual memory (core/svm_visibility.hpp): which host ranges a
// functor's words make the runtime register, and when it releases them.
// The device records register_host/unregister_host instead of pinning.
#include "core/device_impl.hpp"
#include "core/svm_large_blocks.hpp"
#include "core/svm_mappings.hpp"
#include "core/svm_visibility.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <cstdio>

using namespace hc::detail;
namespace svm = hc::detail::rt::svm;

namespace {

class recording_device final : public rt::device_impl {
public:
  recording_device() : device_impl({}) {
    info_.description = L"recording";
    info_.device_path = L"recording:0";
    info_.backend = "cuda";
  }
  std::shared_ptr<queue> create_queue_impl(execute_order,
                                           queue_priority) override {
    return nullptr;
  }
  void *allocate_impl(std::size_t bytes) override { return std::malloc(bytes); }
  void deallocate_impl(void *p) noexcept override { std::free(p); }
  bool register_host_impl(void *ptr, std::size_t bytes) override {
    std::lock_guard<std::mutex> hold(lock);
    if (refuse)
      return false;
    live[reinterpret_cast<std::uintptr_t>(ptr)] = bytes;
    ++registrations;
    return true;
  }
  bool register_host_read_only_impl(void *ptr, std::size_t bytes) override {
    std::lock_guard<std::mutex> hold(lock);
    if (refuse)
      return false;
    live[reinterpret_cast<std::uintptr_t>(ptr)] = bytes;
    ++read_only_registrations;
    return true;
  }
  // Frees nothing: a release can run inside an allocator's own call (a
  // preloaded jemalloc purging pages with madvise at a thread's exit),
  // where freeing would re-enter it. The entry stays, empty.
  void unregister_host_impl(void *ptr) noexcept override {
    {
      std::lock_guard<std::mutex> hold(lock);
      auto it = live.find(reinterpret_cast<std::uintptr_t>(ptr));
      if (it != live.end())
        it->second = 0;
    }
    if (on_unregister)
      on_unregister();
  }
  bool kernel_can_access_impl(const void *addr) override {
    return addr == device_memory;
  }
  // True when some live registration covers [p, p + bytes).
  bool covers(const void *p, std::size_t bytes) {
    std::lock_guard<std::mutex> hold(lock);
    auto a = reinterpret_cast<std::uintptr_t>(p);
    for (auto &r : live)
      if (a >= r.first && a + bytes <= r.first + r.second)
        return true;
    return false;
  }

  std::mutex lock;
  std::map<std::uintptr_t, std::size_t> live;
  int registrations = 0;
  int read_only_registrations = 0;
  bool refuse = false;
  const void *device_memory = nullptr;
  void (*on_unregister)() = nullptr; // what a driver may do meanwhile
};

// One device for the whole program, as in the runtime: registrations are
// process-wide and outlive each test.
recording_device &the_device() {
  static recording_device *dev = new recording_device;
  return *dev;
}

template <typename Functor>
void scan(recording_device &dev, const Functor &f,
          const std::vector<const void *> &skip = {}) {
  svm::make_captured_memory_visible(dev, &f, sizeof f, skip, "_Z6kernelv");
}

TEST(SvmVisibility, StackArrayCapturedByPointerIsRegisteredUpToTheStackTop) {
  recording_device &dev = the_device();
  int table[1000];
  int *p = table;
  auto functor = [p] { return p[0]; };
  scan(dev, functor);
  EXPECT_TRUE(dev.covers(table, sizeof table));
  int before = dev.registrations;
  scan(dev, functor); // cached: nothing new to register
  EXPECT_EQ(dev.registrations, before);
}

TEST(SvmVisibility, PointerCapturedByReferenceIsFollowedOneLevel) {
  recording_device &dev = the_device();
  const std::size_t bytes = 8 << 20;
  char *big = static_cast<char *>(std::malloc(bytes));
  std::memset(big, 0, bytes);
  auto functor = [&big] { return big[0]; }; // holds &big, on the stack
  scan(dev, functor);
  EXPECT_TRUE(dev.covers(&big, sizeof big));
  EXPECT_TRUE(dev.covers(big, bytes));
  std::free(big);
}

TEST(SvmVisibility, IntegersAndSkippedWordsRegisterNothing) {
  recording_device &dev = the_device();
  int before = dev.registrations;
  struct {
    long a = 42;
    long b = 0x7f0000000000; // unlikely to be mapped
    double c = 1.5;
  } plain;
  scan(dev, plain);
  int local[16];
  int *p = local;
  auto functor = [p] { return p[0]; };
  scan(dev, functor, {p});
  EXPECT_EQ(dev.registrations, before);
}

TEST(SvmVisibility, MemoryTheDeviceKnowsIsNotRegistered) {
  recording_device &dev = the_device();
  void *mem = std::malloc(64);
  dev.device_memory = mem;
  int before = dev.registrations;
  auto functor = [mem] { return mem; };
  scan(dev, functor);
  EXPECT_EQ(dev.registrations, before);
  dev.device_memory = nullptr;
  std::free(mem);
}

// The kind of the registration that covers `p` ("" when none does).
std::string kind_at(const void *p) {
  auto at = reinterpret_cast<std::uintptr_t>(p);
  for (auto &r : svm::registered_ranges())
    if (r.begin <= at && at < r.end)
      return r.kind;
  return "";
}

// Whether this process's malloc, free... are the runtime's (they are not
// when an allocator comes first: LD_PRELOAD, a sanitizer's).
bool allocation_is_seen() {
  void *probe = std::malloc(svm::tracked_block_bytes);
  svm::large_block block;
  bool seen = svm::find_block(reinterpret_cast<std::uintptr_t>(probe), block);
  std::free(probe);
  return seen;
}

TEST(SvmVisibility, LargeMallocBlockIsRegisteredAloneAndReleasedWhenFreed) {
  if (!allocation_is_seen())
    GTEST_SKIP() << "another allocator comes first: blocks are not tracked";
  recording_device &dev = the_device();
  const std::size_t bytes = 8 << 20; // above malloc's mmap threshold
  char *big = static_cast<char *>(std::malloc(bytes));
  ASSERT_NE(big, nullptr);
  std::memset(big, 1, bytes);
  auto functor = [big] { return big[0]; };
  scan(dev, functor);
  ASSERT_TRUE(dev.covers(big, bytes));
  EXPECT_EQ(kind_at(big), "malloc block");
  // Only the block's pages: the registration ends at the block's last page.
  const std::uintptr_t page = svm::page_size();
  const auto last = reinterpret_cast<std::uintptr_t>(big) + bytes - 1;
  EXPECT_FALSE(
      dev.covers(reinterpret_cast<void *>((last | (page - 1)) + 1), 1));
  std::free(big); // the interposed free() releases the registration
  EXPECT_FALSE(dev.covers(big, 1));
}

// Every way to obtain a large block is seen, and realloc moves the
// registration with the block.
TEST(SvmVisibility, EveryAllocationFunctionIsTracked) {
  if (!allocation_is_seen())
    GTEST_SKIP() << "another allocator comes first: blocks are not tracked";
  const std::size_t bytes = 1 << 20;
  svm::large_block block;
  auto tracked = [&](void *p) {
    return svm::find_block(reinterpret_cast<std::uintptr_t>(p) + bytes - 1,
                           block) &&
           block.begin == reinterpret_cast<std::uintptr_t>(p);
  };
  void *a = std::calloc(bytes / 4, 4);
  EXPECT_TRUE(tracked(a));
  void *b = aligned_alloc(4096, bytes);
  EXPECT_TRUE(tracked(b));
  void *c = nullptr;
  ASSERT_EQ(posix_memalign(&c, 256, bytes), 0);
  EXPECT_TRUE(tracked(c));
  void *d = std::realloc(std::malloc(64), bytes);
  EXPECT_TRUE(tracked(d));
  d = std::realloc(d, 2 * bytes);
  EXPECT_TRUE(svm::find_block(
      reinterpret_cast<std::uintptr_t>(d) + 2 * bytes - 1, block));
  void *e = reallocarray(nullptr, bytes, 1);
  EXPECT_TRUE(tracked(e));
  for (void *p : {a, b, c, d, e}) {
    std::free(p);
    EXPECT_FALSE(svm::find_block(reinterpret_cast<std::uintptr_t>(p), block));
  }
  volatile std::size_t huge = SIZE_MAX / 2;
  EXPECT_EQ(std::calloc(huge, 4), nullptr); // overflow: refused
}

// A mapping registered for a small object can hold a large block the
// allocator maps and unmaps on its own (the kernel merges neighbouring
// mappings): when free() unmaps the block, that registration goes too.
TEST(SvmVisibility, MappingAroundAFreedBlockIsReleasedWhenTheBlockIsUnmapped) {
  if (!allocation_is_seen())
    GTEST_SKIP() << "another allocator comes first: blocks are not tracked";
  recording_device &dev = the_device();
  const std::size_t bytes = 4 << 20;
  char *big = static_cast<char *>(std::malloc(bytes));
  ASSERT_NE(big, nullptr);
  big[0] = 1;
  // Registered as a plain mapping, as if a neighbour had been captured.
  std::string why;
  svm::large_block block;
  ASSERT_TRUE(svm::forget_block(big, block));
  ASSERT_TRUE(svm::make_range_visible(
      dev, reinterpret_cast<std::uintptr_t>(big), bytes, why))
      << why;
  EXPECT_EQ(kind_at(big), "mapping");
  svm::note_allocated_block(big, bytes);
  std::free(big); // glibc unmaps a 4 MiB block at once
  EXPECT_FALSE(dev.covers(big, 1));
}

TEST(SvmVisibility, SmallMallocRegistersTheHeapForGood) {
  recording_device &dev = the_device();
  int *small = static_cast<int *>(std::malloc(256));
  auto functor = [small] { return small[0]; };
  scan(dev, functor);
  EXPECT_TRUE(dev.covers(small, 256));
  std::free(small); // heap pages stay mapped: the registration stays
  EXPECT_TRUE(dev.covers(small, 256));
}

TEST(SvmVisibility, MunmapReleasesTheMapping) {
  recording_device &dev = the_device();
  const std::size_t bytes = 1 << 20;
  void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(m, MAP_FAILED);
  static_cast<char *>(m)[0] = 1;
  auto functor = [m] { return m; };
  scan(dev, functor);
  ASSERT_TRUE(dev.covers(m, bytes));
  munmap(m, bytes);
  EXPECT_FALSE(dev.covers(m, 1));
}

// Pages taken away from a mapping that stays (what allocators that come
// before libhc_runtime do to give memory back) release its registration.
TEST(SvmVisibility, PagesDroppedOrReplacedReleaseTheMapping) {
  recording_device &dev = the_device();
  const std::size_t bytes = 1 << 20;
  auto registered_mapping = [&] {
    void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    static_cast<char *>(m)[0] = 1;
    auto functor = [m] { return m; };
    scan(dev, functor);
    return static_cast<char *>(m);
  };
  char *a = registered_mapping();
  ASSERT_TRUE(dev.covers(a, bytes));
  madvise(a + 4096, 4096, MADV_WILLNEED); // keeps the pages
  EXPECT_TRUE(dev.covers(a, bytes));
  madvise(a + 4096, 4096, MADV_DONTNEED);
  EXPECT_FALSE(dev.covers(a, 1));
  munmap(a, bytes);

  char *b = registered_mapping();
  ASSERT_TRUE(dev.covers(b, bytes));
  ASSERT_NE(mmap(b, 4096, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
            MAP_FAILED);
  EXPECT_FALSE(dev.covers(b, 1));
  munmap(b, bytes);

  char *c = registered_mapping();
  ASSERT_TRUE(dev.covers(c, bytes));
  void *moved = mremap(c, bytes, 2 * bytes, MREMAP_MAYMOVE);
  ASSERT_NE(moved, MAP_FAILED);
  EXPECT_FALSE(dev.covers(c, 1));
  munmap(moved, 2 * bytes);
}

// A driver may free a large block or unmap memory while the runtime
// releases a registration: those releases wait for the first, they do not
// take the registry's lock a second time.
TEST(SvmVisibility, MemoryFreedDuringAReleaseIsReleasedAfterIt) {
  recording_device &dev = the_device();
  const std::size_t bytes = 1 << 20;
  auto map = [&] {
    void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    static_cast<char *>(m)[0] = 1;
    return m;
  };
  void *first = map(), *second = map();
  auto functor = [first, second] { return first != second; };
  scan(dev, functor);
  ASSERT_TRUE(dev.covers(first, bytes));
  ASSERT_TRUE(dev.covers(second, bytes));
  static void *to_unmap;
  to_unmap = second;
  dev.on_unregister = [] {
    std::free(std::malloc(4 << 20));
    munmap(to_unmap, 1 << 20);
  };
  munmap(first, bytes); // its release unmaps `second` on the way
  dev.on_unregister = nullptr;
  EXPECT_FALSE(dev.covers(first, 1));
  EXPECT_FALSE(dev.covers(second, 1));
}

// A copy's host range that a registration covers only in part (the brk heap
// registered, then grown) must not reach the driver as one range: CUDA
// rejects it (the copy then stages, cuda_queue.cpp).
TEST(SvmVisibility, RangesThatSplitARegistrationAreRecognised) {
  recording_device &dev = the_device();
  const std::size_t page = 4096, bytes = 64 * page;
  char *m = static_cast<char *>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(m, MAP_FAILED);
  EXPECT_FALSE(svm::splits_registration(m, bytes)); // nothing registered
  std::string why;
  ASSERT_TRUE(svm::make_range_visible(
      dev, reinterpret_cast<std::uintptr_t>(m), page, why))
      << why;
  ASSERT_TRUE(dev.covers(m, bytes));
  // The registration: the whole mapping, which the kernel may have merged
  // with anonymous neighbours.
  const auto at = reinterpret_cast<std::uintptr_t>(m);
  char *begin = nullptr, *end = nullptr;
  for (auto &r : svm::registered_ranges())
    if (r.begin <= at && at < r.end) {
      begin = reinterpret_cast<char *>(r.begin);
      end = reinterpret_cast<char *>(r.end);
    }
  ASSERT_NE(begin, nullptr);
  EXPECT_FALSE(svm::splits_registration(m + page, 2 * page)); // inside
  EXPECT_FALSE(svm::splits_registration(begin, end - begin)); // exactly it
  EXPECT_TRUE(svm::splits_registration(end - page, 2 * page)); // runs out
  EXPECT_TRUE(svm::splits_registration(begin - page, 2 * page)); // runs in
  munmap(m, bytes);
  EXPECT_FALSE(svm::splits_registration(m, bytes)); // released
}

TEST(SvmVisibility, UnreadableMemoryIsNamedIfTheKernelFaults) {
  // Integers often land in reserved ranges (the CUDA driver reserves
  // address space at 0x200000000): no error at launch, no registration,
  // but a later fault of that kernel names the address.
  recording_device &dev = the_device();
  void *m = mmap(nullptr, 1 << 16, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
                 0);
  ASSERT_NE(m, MAP_FAILED);
  auto functor = [m] { return m; };
  int before = dev.registrations;
  EXPECT_NO_THROW(scan(dev, functor));
  EXPECT_EQ(dev.registrations, before);
  char expected[32];
  std::snprintf(expected, sizeof expected, "%p", m);
  std::string note = svm::fault_suspects("kernel _Z6kernelv: cuEventSynchronize");
  EXPECT_NE(note.find(expected), std::string::npos) << note;
  EXPECT_EQ(svm::fault_suspects("kernel _Z5otherv: ..."), "");
  munmap(m, 1 << 16);
}

TEST(SvmVisibility, RefusedRegistrationIsAnError) {
  recording_device &dev = the_device();
  dev.refuse = true;
  struct restore {
    ~restore() { the_device().refuse = false; }
  } restore_refuse;
  const std::size_t bytes = 4 << 20;
  void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(m, MAP_FAILED);
  auto functor = [m] { return m; };
  EXPECT_THROW(scan(dev, functor), Kalmar::runtime_exception);
  munmap(m, bytes);
}

TEST(SvmVisibility, ThreadStackIsReleasedWhenTheThreadEnds) {
  recording_device &dev = the_device();
  std::uintptr_t where = 0;
  bool on_thread_stack = false;
  std::thread t([&] {
    int local[64] = {};
    where = reinterpret_cast<std::uintptr_t>(local);
    // AddressSanitizer's detect_stack_use_after_return keeps frames in
    // memory of its own, not on the thread's stack.
    std::uintptr_t begin = 0, end = 0;
    on_thread_stack =
        svm::current_thread_stack(begin, end) && where >= begin && where < end;
    if (!on_thread_stack)
      return;
    int *p = local;
    auto functor = [p] { return p[0]; };
    scan(dev, functor);
    EXPECT_TRUE(dev.covers(local, sizeof local));
  });
  t.join();
  if (!on_thread_stack)
    GTEST_SKIP() << "the thread's frame is not on its stack (a sanitizer's "
                    "fake stack)";
  EXPECT_FALSE(dev.covers(reinterpret_cast<void *>(where), 1));
}

} // namespace

// A file's writable data segment continues in the anonymous mapping the
// loader puts right after it (.bss): a global that begins in one and ends
// in the other is made visible whole, when a kernel captures its address
// and when an image's table names it (make_range_visible with its size).
TEST(SvmVisibility, DataSegmentTakesTheBssAfterIt) {
  recording_device &dev = the_device();
  const std::size_t page = svm::page_size();
  // A file-backed page followed by an anonymous page, side by side.
  char *area = static_cast<char *>(mmap(nullptr, 4 * page, PROT_NONE,
                                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(area, MAP_FAILED);
  FILE *file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(ftruncate(fileno(file), page), 0);
  char *data = static_cast<char *>(mmap(area, page, PROT_READ | PROT_WRITE,
                                        MAP_PRIVATE | MAP_FIXED,
                                        fileno(file), 0));
  ASSERT_EQ(data, area);
  char *bss = static_cast<char *>(
      mmap(area + page, page, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0));
  ASSERT_EQ(bss, area + page);
  char *global = data + page - 64; // 128 bytes across the boundary
  auto functor = [global] { return global[0]; };
  scan(dev, functor);
  EXPECT_TRUE(dev.covers(data, page));
  EXPECT_TRUE(dev.covers(bss, page));
  munmap(area, 4 * page);
  std::fclose(file);

  // The same through an image's table: the range's size says where it ends.
  char *again = static_cast<char *>(mmap(nullptr, 4 * page, PROT_NONE,
                                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(again, MAP_FAILED);
  FILE *file2 = std::tmpfile();
  ASSERT_EQ(ftruncate(fileno(file2), page), 0);
  ASSERT_EQ(mmap(again, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED,
                 fileno(file2), 0),
            again);
  ASSERT_EQ(mmap(again + page, page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
            again + page);
  std::string why;
  EXPECT_TRUE(svm::make_range_visible(
      dev, reinterpret_cast<std::uintptr_t>(again + page - 64), 128, why));
  EXPECT_TRUE(dev.covers(again + page - 64, 64)); // two registrations
  EXPECT_TRUE(dev.covers(again + page, 64));
  munmap(again, 4 * page);
  std::fclose(file2);
}

// Constant data a kernel reaches through a host pointer (a string literal
// the host stored in an object the kernel reads) is mapped read-only; code
// is not. Neither makes a launch wait (it is not memory the host changes).
const char constant_text[] = "constant data";
int code_target(int x) { return x + 1; }

TEST(SvmVisibility, ConstantDataIsMappedReadOnlyCodeIsNot) {
  recording_device &dev = the_device();
  struct holder {
    const char *strings[2];
  } h{{constant_text, constant_text + 4}};
  auto by_reference = [&h] { return h.strings[0][0]; }; // followed one level
  int before = dev.read_only_registrations;
  // The functor's word is the stack address of `h`: program memory.
  EXPECT_TRUE(svm::make_captured_memory_visible(
      dev, &by_reference, sizeof by_reference, {}, "_Z6kernelv"));
  EXPECT_GT(dev.read_only_registrations, before);
  EXPECT_TRUE(dev.covers(constant_text, sizeof constant_text));
  const char *direct = constant_text;
  auto by_value = [direct] { return direct[0]; };
  EXPECT_FALSE(svm::make_captured_memory_visible(dev, &by_value,
                                                 sizeof by_value, {},
                                                 "_Z6kernelv"));
  int (*function)(int) = code_target;
  int read_only_before = dev.read_only_registrations;
  auto code = [function] { return function(1); };
  svm::make_captured_memory_visible(dev, &code, sizeof code, {}, "_Z6kernelv");
  EXPECT_EQ(dev.read_only_registrations, read_only_before);
}
