// The device printf buffer end to end on the host: writers (the device
// code's write_record, run by host threads here) and the runtime's reader
// (core/printf_ring.cpp). Many threads print into a buffer much smaller
// than their output while a reader drains it: every line arrives whole,
// none is lost, wrap-around works; a record larger than the whole buffer is
// counted and reported.
#include "core/printf_drainer.hpp"
#include "core/printf_ring.hpp"
#include "hc/detail/printf_record.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace pr = hc::detail::printf_record;
using hc::detail::rt::printf_drainer;
using hc::detail::rt::printf_ring;

namespace {

std::string read_all(std::FILE *f) {
  std::fflush(f);
  std::rewind(f);
  std::string out;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    out.append(buf, n);
  return out;
}

struct buffer {
  explicit buffer(std::size_t bytes) : storage(bytes / 8 + 1) {
    printf_ring::initialise(storage.data(), bytes);
  }
  pr::control *control() { return reinterpret_cast<pr::control *>(storage.data()); }
  std::vector<std::uint64_t> storage; // 8-byte aligned
};

// The argument block Clang builds for printf("%d %d %s %f\n", t, i, s, x).
struct args_t {
  int thread;
  int index;
  const char *name;
  double value;
};

} // namespace

TEST(PrintfRing, ManyWritersSmallBufferNothingLost) {
  constexpr int threads = 8, per_thread = 3000;
  buffer buf(64 * 1024);
  ASSERT_EQ(buf.control()->capacity, 64u * 1024 - 64);
  std::FILE *out = std::tmpfile(), *err = std::tmpfile();
  printf_ring ring(buf.control(), "test device", out, err);

  std::atomic<int> writing{threads};
  std::thread reader([&] {
    while (writing.load() > 0)
      ring.drain(std::chrono::nanoseconds(0));
    ring.drain(std::chrono::seconds(1));
  });
  std::vector<std::thread> writers;
  static const char *names[] = {"a", "bb", "a somewhat longer name"};
  for (int t = 0; t < threads; ++t)
    writers.emplace_back([&, t] {
      for (int i = 0; i < per_thread; ++i) {
        args_t a{t, i, names[i % 3], i * 0.5};
        ASSERT_EQ(pr::write_record(buf.control(), "%d %d %s %.1f\n",
                                   reinterpret_cast<const char *>(&a)),
                  0);
      }
      --writing;
    });
  for (auto &w : writers)
    w.join();
  reader.join();

  const std::string text = read_all(out);
  std::set<std::pair<int, int>> seen;
  std::vector<int> last(threads, -1);
  std::size_t start = 0, lines = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    ASSERT_NE(end, std::string::npos);
    const std::string line = text.substr(start, end - start);
    int t = -1, i = -1;
    double v = -1;
    // The name may contain spaces: parse the fixed parts around it.
    ASSERT_EQ(std::sscanf(line.c_str(), "%d %d", &t, &i), 2) << line;
    const std::string expect = std::to_string(t) + " " + std::to_string(i) +
                               " " + names[i % 3] + " ";
    ASSERT_EQ(line.compare(0, expect.size(), expect), 0) << line;
    ASSERT_EQ(std::sscanf(line.c_str() + expect.size(), "%lf", &v), 1) << line;
    EXPECT_EQ(v, i * 0.5) << line;
    EXPECT_TRUE(seen.insert({t, i}).second) << "duplicate: " << line;
    // Each thread's lines in its own order (claims in program order).
    ASSERT_TRUE(t >= 0 && t < threads) << line;
    EXPECT_GT(i, last[t]) << line;
    last[t] = i;
    ++lines;
    start = end + 1;
  }
  EXPECT_EQ(lines, std::size_t(threads) * per_thread);
  EXPECT_EQ(read_all(err), "");
  EXPECT_EQ(buf.control()->reserved, buf.control()->consumed);
  EXPECT_GT(buf.control()->reserved, 10 * buf.control()->capacity); // wrapped
  std::fclose(out);
  std::fclose(err);
}

TEST(PrintfRing, OversizedRecordIsCountedAndReported) {
  buffer buf(64 * 1024);
  std::FILE *out = std::tmpfile(), *err = std::tmpfile();
  printf_ring ring(buf.control(), "cuda:7 (test)", out, err);
  std::string huge(70000, 'x');
  const char *p = huge.c_str();
  EXPECT_EQ(pr::write_record(buf.control(), huge.c_str(), nullptr), -1);
  EXPECT_EQ(pr::write_record(buf.control(), "%s\n", reinterpret_cast<const char *>(&p)),
            0); // %s cut at max_string bytes: fits
  EXPECT_EQ(pr::write_record(buf.control(), "after\n", nullptr), 0);
  EXPECT_TRUE(ring.has_work());
  EXPECT_EQ(ring.drain(std::chrono::nanoseconds(0)), 2u);
  EXPECT_FALSE(ring.has_work());
  EXPECT_EQ(read_all(out), std::string(pr::max_string, 'x') + "\nafter\n");
  const std::string e = read_all(err);
  EXPECT_NE(e.find("cuda:7 (test): 1 line(s) of kernel printf output lost"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("HCC_PRINTF_BUFFER_SIZE"), std::string::npos) << e;
  std::fclose(out);
  std::fclose(err);
}

TEST(PrintfRing, UnpublishedRecordStopsTheDrainUntilWritten) {
  buffer buf(64 * 1024);
  std::FILE *out = std::tmpfile(), *err = std::tmpfile();
  printf_ring ring(buf.control(), "dev", out, err);
  // A writer that has claimed 32 bytes but not published them yet, then a
  // complete record after it.
  buf.control()->reserved = 32;
  ASSERT_EQ(pr::write_record(buf.control(), "second\n", nullptr), 0);
  EXPECT_EQ(ring.drain(std::chrono::nanoseconds(0)), 0u);
  EXPECT_EQ(ring.drain(std::chrono::milliseconds(20)), 0u); // gives up
  // The first writer finishes: a record of exactly its 32 bytes.
  char *slot = reinterpret_cast<char *>(buf.control()) + sizeof(pr::control);
  std::memcpy(slot + 16, "first\n", 7);
  pr::header h{32, 7, 0, 0};
  std::memcpy(slot, &h, sizeof h);
  EXPECT_EQ(ring.drain(std::chrono::nanoseconds(0)), 2u);
  EXPECT_EQ(read_all(out), "first\nsecond\n");
  std::fclose(out);
  std::fclose(err);
}

TEST(PrintfDrainer, ThreadPrintsWhatKernelsWrite) {
  // Nobody calls drain(): the drainer's thread prints the records of every
  // ring it was given (within a few of its 1 ms periods).
  buffer first(64 * 1024), second(64 * 1024);
  std::FILE *out = std::tmpfile(), *err = std::tmpfile();
  auto *ring1 = new printf_ring(first.control(), "device 1", out, err);
  auto *ring2 = new printf_ring(second.control(), "device 2", out, err);
  auto *drainer = new printf_drainer; // never destroyed, as in a backend
  drainer->add(ring1);
  drainer->add(ring2);
  int a = 7, b = 8;
  ASSERT_EQ(pr::write_record(first.control(), "first %d\n",
                             reinterpret_cast<const char *>(&a)),
            0);
  ASSERT_EQ(pr::write_record(second.control(), "second %d\n",
                             reinterpret_cast<const char *>(&b)),
            0);
  std::string text;
  for (int i = 0; i < 2000 && text.size() < 17; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::fflush(out);
    text = read_all(out);
    std::fseek(out, 0, SEEK_END);
  }
  EXPECT_NE(text.find("first 7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("second 8\n"), std::string::npos) << text;
  EXPECT_EQ(read_all(err), "");
  // The buffers go with this test: the drainer must forget the rings first
  // (its thread keeps polling the rings it has).
  drainer->remove(ring1);
  drainer->remove(ring2);
  delete ring1;
  delete ring2;
  std::fclose(out);
  std::fclose(err);
}
