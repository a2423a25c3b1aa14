// HCC_PROFILE's output (core/profiler.hpp): the kernel names it shows, the
// summary table and the Chrome trace, from hand-made events.
#include "core/profiler.hpp"

#include <gtest/gtest.h>

using namespace hc::detail::rt::profile;

namespace {

event make(kind k, const char *name, std::uint64_t begin_us,
           std::uint64_t end_us, std::size_t bytes = 0) {
  event e;
  e.what = k;
  e.name = name;
  e.track = "fake stream \"0\"";
  e.bytes = bytes;
  e.begin_ns = begin_us * 1000;
  e.end_ns = end_us * 1000;
  return e;
}

} // namespace

TEST(ProfilerNames, FunctorOfHccKernelTemplates) {
  // void hc::detail::hc_kernel<scale_kernel,
  // 1>(hc::detail::kernel_args<scale_kernel, 1>)
  EXPECT_EQ(
      kernel_display_name("_ZN2hc6detail9hc_kernelI12scale_kernelLi1EEEvNS0_"
                          "11kernel_argsIT_XT0_EEE"),
      "scale_kernel");
  EXPECT_EQ(kernel_display_name("_Z3fooi"), "foo(int)");
  EXPECT_EQ(kernel_display_name("not_mangled"), "not_mangled");
  EXPECT_EQ(kernel_display_name(""), "(unnamed kernel)");
}

TEST(ProfilerSummary, KernelsAndCopies) {
  std::vector<event> events = {
      make(kind::kernel, "_Z1av", 0, 10), make(kind::kernel, "_Z1av", 20, 50),
      make(kind::copy, "copy to the device", 60, 1060, 1000000000),
      make(kind::wait, "", 0, 100)};
  std::string table = summary_table(events);
  EXPECT_NE(table.find("4 commands"), std::string::npos) << table;
  // a(): 2 launches, 0.040 ms in all, 20 us average, 10 min, 30 max.
  EXPECT_NE(table.find("a()"), std::string::npos) << table;
  EXPECT_NE(
      table.find("       2       0.040       20.00       10.00       30.00"),
      std::string::npos)
      << table;
  // 1 GB in 1 ms: 1000 GB/s.
  EXPECT_NE(table.find("1000.00"), std::string::npos) << table;
  EXPECT_NE(table.find("host waits: 1"), std::string::npos) << table;
}

TEST(ProfilerTrace, CompleteEventsPerTrack) {
  std::vector<event> events = {
      make(kind::kernel, "_Z1av", 5, 10),
      make(kind::copy, "copy to the device", 10, 12, 64)};
  std::string trace = chrome_trace(events);
  EXPECT_EQ(trace.rfind("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", 0),
            0u);
  // Track names are escaped, timestamps start at the earliest event.
  EXPECT_NE(trace.find("\"name\":\"fake stream \\\"0\\\"\""), std::string::npos)
      << trace;
  EXPECT_NE(
      trace.find("\"name\":\"a()\",\"cat\":\"kernel\",\"ph\":\"X\",\"pid\":1,"
                 "\"tid\":1,\"ts\":0.000,\"dur\":5.000}"),
      std::string::npos)
      << trace;
  EXPECT_NE(trace.find("\"ts\":5.000,\"dur\":2.000,\"args\":{\"bytes\":64}}"),
            std::string::npos)
      << trace;
}
