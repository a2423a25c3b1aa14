// The HSA backend's commands over a fake ROCr (hsa_fake_runtime.hpp): what
// it writes into the AQL queue (kernel dispatch and barrier-AND packets,
// header bits, geometry, the kernarg segment laid out from a real code
// object's metadata), how it chains dependencies inside a view and between
// views (copies too), and that commands complete through
// their signals and release what they hold. The "GPU" never runs anything:
// the test completes signals itself.
#include "backends/hsa/hsa_backend.hpp"
#include "backends/hsa/hsa_code_object.hpp"
#include "backends/hsa/hsa_device.hpp"
#include "hc/detail/image_registry.h"
#include "hc/detail/printf_record.h"
#include "hsa_fake_runtime.hpp"

#include "hc/detail/device_heap_layout.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

using namespace hsa_fake;
using hc::detail::async_ptr;
using hc::detail::copy_direction;
using hc::detail::device;
using hc::detail::execute_order;
using hc::detail::queue_priority;
using hc::detail::kernel_launch;
using hc::detail::memory_scope;
using hc::detail::queue;

namespace {

// A host global the image's descriptor lists (as the host pass's table
// does for globals kernels use), for the host-globals tests.
int host_counter = 5;
const __hcc_host_global host_global_entries[] = {{"host_counter", &host_counter}};
const __hcc_host_global_table host_globals = {1, host_global_entries};

// The code object, registered once as an hcc image of target gfx90a.
const std::vector<char> &code_object() {
  static const std::vector<char> bytes = [] {
    std::ifstream in(HSA_TEST_HSACO, std::ios::binary);
    EXPECT_TRUE(in) << "cannot read " << HSA_TEST_HSACO;
    return std::vector<char>((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  }();
  static const __hcc_image_desc desc = {
      __HCC_IMAGE_DESC_VERSION, __hcc_image_hsaco, "gfx90a",
      bytes.data(), bytes.size(), "hsa_test_kernel.hip", &host_globals};
  static const bool registered = (__hcc_register_image(&desc), true);
  (void)registered;
  return bytes;
}

struct block {
  int *out;
  int value;
  int pad[3];
};
static_assert(sizeof(block) == 24, "the kernel's argument block");

std::uint16_t header_of(const hsa_queue_t *q, std::uint64_t index) {
  return static_cast<const std::uint16_t *>(q->base_address)[index * 32];
}
template <class Packet>
const Packet &packet(const hsa_queue_t *q, std::uint64_t index) {
  return *reinterpret_cast<const Packet *>(
      static_cast<const unsigned char *>(q->base_address) + index * 64);
}
int type_of(std::uint16_t header) { return header & 0xff; }
bool barrier_of(std::uint16_t header) { return (header >> 8) & 1; }
int acquire_of(std::uint16_t header) { return (header >> 9) & 3; }
int release_of(std::uint16_t header) { return (header >> 11) & 3; }

std::uint64_t signal_of(const async_ptr &s) {
  return static_cast<hsa_signal_t *>(s->native_handle())->handle;
}

class HsaDispatch : public ::testing::Test {
protected:
  void SetUp() override {
    fake = fake_state();
    code_object();
    devices_ = make_backend_with(fake_runtime(), kfd_.path())->discover();
    ASSERT_EQ(devices_.size(), 1u);
    dev_ = devices_[0];
  }
  // The views' destructors wait for their commands, as on a GPU: each
  // test completes everything before its views go away.

  kernel_launch launch_of(block &args, std::size_t items) {
    kernel_launch k;
    k.device_name = "fake_kernel";
    k.args = &args;
    k.args_size = sizeof args;
    k.geometry.rank = 1;
    k.geometry.global[0] = items;
    return k;
  }
  const hsa_queue_t *hsa_queue_of(const std::shared_ptr<queue> &q) {
    return static_cast<const hsa_queue_t *>(q->native_handle());
  }

  fake_kfd kfd_;
  std::vector<device *> devices_;
  device *dev_ = nullptr;
};

TEST_F(HsaDispatch, KernelPacketAndKernargSegment) {
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 7, {1, 2, 3}};
  async_ptr done = q->launch(launch_of(args, 1000), {});
  EXPECT_EQ(dispatch.symbol_asked, "fake_kernel.kd");

  const hsa_queue_t *hq = hsa_queue_of(q);
  ASSERT_NE(hq, nullptr);
  std::uint16_t h = header_of(hq, 0);
  EXPECT_EQ(type_of(h), HSA_PACKET_TYPE_KERNEL_DISPATCH);
  EXPECT_TRUE(barrier_of(h));
  EXPECT_EQ(acquire_of(h), HSA_FENCE_SCOPE_SYSTEM);
  EXPECT_EQ(release_of(h), HSA_FENCE_SCOPE_SYSTEM);
  EXPECT_EQ(dispatch.last_doorbell, 0);

  const auto &p = packet<hsa_kernel_dispatch_packet_t>(hq, 0);
  EXPECT_EQ(p.setup, 1u); // dimensions
  EXPECT_EQ(p.workgroup_size_x, 256u);
  EXPECT_EQ(p.workgroup_size_y, 1u);
  EXPECT_EQ(p.grid_size_x, 1024u); // 1000 work-items, uniform groups
  EXPECT_EQ(p.grid_size_y, 1u);
  EXPECT_EQ(p.kernel_object, kernel_object);
  EXPECT_EQ(p.group_segment_size, 0u);
  EXPECT_EQ(p.completion_signal.handle, signal_of(done));

  // The kernarg segment: the argument block at 0, then what the metadata
  // says the hidden arguments are.
  auto md = hc::detail::rt::hsa::read_code_object_metadata(
      code_object().data(), code_object().size());
  const auto *k = md.find_kernel("fake_kernel");
  ASSERT_NE(k, nullptr);
  const auto *seg = static_cast<const unsigned char *>(p.kernarg_address);
  ASSERT_NE(seg, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(seg) % 16, 0u);
  EXPECT_EQ(std::memcmp(seg, &args, sizeof args), 0);
  std::map<std::string, std::uint64_t> expected = {
      {"hidden_block_count_x", 4},  {"hidden_group_size_x", 256},
      {"hidden_group_size_y", 1},   {"hidden_remainder_x", 0},
      {"hidden_grid_dims", 1},      {"hidden_global_offset_x", 0}};
  int checked = 0;
  for (const auto &a : k->args) {
    auto e = expected.find(a.value_kind);
    if (e == expected.end())
      continue;
    std::uint64_t v = 0;
    std::memcpy(&v, seg + a.offset, a.size);
    EXPECT_EQ(v, e->second) << a.value_kind;
    ++checked;
  }
  EXPECT_EQ(checked, 6);

  // Not finished until the signal drops; then the segment is freed.
  EXPECT_FALSE(done->is_ready());
  EXPECT_EQ(q->pending_count(), 1u);
  std::size_t allocations = dispatch.allocations.size();
  complete_all();
  EXPECT_TRUE(done->is_ready());
  EXPECT_EQ(dispatch.allocations.size(), allocations - 1);
  EXPECT_EQ(q->pending_count(), 0u);
}

TEST_F(HsaDispatch, TiledLaunchGroupSegmentAndDimensions) {
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 1, {0, 0, 0}};
  kernel_launch k = launch_of(args, 0);
  k.geometry.rank = 2;
  k.geometry.global[0] = 32;
  k.geometry.global[1] = 64;
  k.geometry.tile[0] = 16;
  k.geometry.tile[1] = 8;
  k.geometry.dynamic_group_bytes = 512;
  q->launch(k, {});
  const auto &p = packet<hsa_kernel_dispatch_packet_t>(hsa_queue_of(q), 0);
  EXPECT_EQ(p.setup, 2u);
  EXPECT_EQ(p.workgroup_size_x, 8u);  // hc dimension 1
  EXPECT_EQ(p.workgroup_size_y, 16u); // hc dimension 0
  EXPECT_EQ(p.grid_size_x, 8u * 8u);  // 8 tiles along x
  EXPECT_EQ(p.grid_size_y, 2u * 16u); // 2 along y
  EXPECT_EQ(p.group_segment_size, 512u); // no tile_static + dynamic
  complete_all();
}

TEST_F(HsaDispatch, DependenciesInsideAndBetweenViews) {
  auto q1 = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  auto q2 = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 1, {0, 0, 0}};
  async_ptr first = q1->launch(launch_of(args, 64), {});
  // The same view: ordered by the barrier bit, no extra packet.
  async_ptr second = q1->launch(launch_of(args, 64), {first});
  EXPECT_EQ(type_of(header_of(hsa_queue_of(q1), 1)),
            HSA_PACKET_TYPE_KERNEL_DISPATCH);
  // Another view: a barrier-AND on the first view's signal, then the kernel.
  async_ptr third = q2->launch(launch_of(args, 64), {second});
  const hsa_queue_t *h2 = hsa_queue_of(q2);
  EXPECT_EQ(type_of(header_of(h2, 0)), HSA_PACKET_TYPE_BARRIER_AND);
  const auto &b = packet<hsa_barrier_and_packet_t>(h2, 0);
  EXPECT_EQ(b.dep_signal[0].handle, signal_of(second));
  EXPECT_EQ(b.dep_signal[1].handle, 0u);
  EXPECT_EQ(b.completion_signal.handle, 0u);
  EXPECT_EQ(type_of(header_of(h2, 1)), HSA_PACKET_TYPE_KERNEL_DISPATCH);
  EXPECT_EQ(packet<hsa_kernel_dispatch_packet_t>(h2, 1).completion_signal.handle,
            signal_of(third));
  complete_all();
  EXPECT_TRUE(third->is_ready());
}

TEST_F(HsaDispatch, MarkersAreBarrierAndPackets) {
  auto q1 = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  auto q2 = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 1, {0, 0, 0}};
  std::vector<async_ptr> deps;
  for (int i = 0; i < 6; ++i)
    deps.push_back(q1->launch(launch_of(args, 64), {}));
  // Six signals: two barrier-AND packets, the marker's signal on the last.
  async_ptr marker = q2->marker(deps, memory_scope::accelerator);
  EXPECT_TRUE(marker->is_marker());
  const hsa_queue_t *h2 = hsa_queue_of(q2);
  const auto &b0 = packet<hsa_barrier_and_packet_t>(h2, 0);
  const auto &b1 = packet<hsa_barrier_and_packet_t>(h2, 1);
  EXPECT_EQ(type_of(header_of(h2, 0)), HSA_PACKET_TYPE_BARRIER_AND);
  EXPECT_EQ(type_of(header_of(h2, 1)), HSA_PACKET_TYPE_BARRIER_AND);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(b0.dep_signal[i].handle, signal_of(deps[i]));
  EXPECT_EQ(b0.completion_signal.handle, 0u);
  EXPECT_EQ(b1.dep_signal[0].handle, signal_of(deps[5]));
  EXPECT_EQ(b1.completion_signal.handle, signal_of(marker));
  EXPECT_EQ(release_of(header_of(h2, 1)), HSA_FENCE_SCOPE_AGENT);
  EXPECT_EQ(q2->last_command(), marker);
  complete_all();
  EXPECT_TRUE(marker->is_ready());
  // A ready dependency adds nothing: one packet with no signals.
  async_ptr again = q2->marker(deps, memory_scope::system);
  const auto &b2 = packet<hsa_barrier_and_packet_t>(h2, 2);
  EXPECT_EQ(b2.dep_signal[0].handle, 0u);
  EXPECT_EQ(b2.completion_signal.handle, signal_of(again));
  complete_all();
}

// Copies of host memory: hsa_fake_copy_test.cpp.
TEST_F(HsaDispatch, CopiesFollowTheView) {
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 1, {0, 0, 0}};
  async_ptr kernel = q->launch(launch_of(args, 64), {});
  const std::size_t bytes = 1024;
  void *from = dev_->allocate(bytes);
  void *to = dev_->allocate(bytes);
  std::size_t before = dispatch.copies.size();
  async_ptr copy =
      q->copy(to, from, bytes, copy_direction::device_to_device, {});
  ASSERT_EQ(dispatch.copies.size(), before + 1);
  const fake_copy &c = dispatch.copies[before];
  EXPECT_EQ(c.dst, to);
  EXPECT_EQ(c.src, from);
  EXPECT_EQ(c.dst_agent, gpu_agent);
  EXPECT_EQ(c.src_agent, gpu_agent);
  ASSERT_EQ(c.deps.size(), 1u); // after the view's kernel
  EXPECT_EQ(c.deps[0], signal_of(kernel));
  EXPECT_EQ(c.completion.handle, signal_of(copy));

  // The next kernel waits for the copy (not an AQL packet) with a barrier.
  async_ptr after = q->launch(launch_of(args, 64), {});
  const hsa_queue_t *hq = hsa_queue_of(q);
  EXPECT_EQ(type_of(header_of(hq, 1)), HSA_PACKET_TYPE_BARRIER_AND);
  EXPECT_EQ(packet<hsa_barrier_and_packet_t>(hq, 1).dep_signal[0].handle,
            signal_of(copy));

  // The copy engine finishes: wait() sees the signal at 0.
  complete_all();
  fake_signal_store(c.completion, 0);
  copy->wait();
  after->wait();
  dev_->deallocate(from);
  dev_->deallocate(to);
}

TEST_F(HsaDispatch, ArgumentBlockOfTheWrongSizeIsAnError) {
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  char small[16] = {0};
  kernel_launch k;
  k.device_name = "fake_kernel_of_another_size";
  k.args = small;
  k.args_size = sizeof small;
  k.geometry.global[0] = 1;
  // No image has this kernel: the error names it and what to rebuild with.
  try {
    q->launch(k, {});
    FAIL() << "launched a kernel no image has";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_NE(std::string(e.what()).find(
                  "no AMDGPU image of kernel 'fake_kernel_of_another_size'"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("--offload-arch=gfx90a"),
              std::string::npos)
        << e.what();
  }
}

} // namespace

// Kernels that allocate get the device's heap (docs/device-heap.md), set up
// as on every GPU backend: one device allocation sized by the program's
// __HIP_* settings, its address written into the code object's
// __hcc_device_heap, and a kernel's heap error fails its command.
TEST_F(HsaDispatch, KernelsThatAllocateGetTheDeviceHeap) {
  namespace dh = hc::detail::device_heap;
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 7, {1, 2, 3}};
  dh::module_heap settings = {nullptr, 8192, 40};
  dispatch.variables.insert("__hcc_device_heap");
  auto &var = dispatch.variable_storage["__hcc_device_heap"];
  var.resize(sizeof settings);
  std::memcpy(var.data(), &settings, sizeof settings);
  async_ptr first = q->launch(launch_of(args, 10), {});
  dh::module_heap seen{};
  std::memcpy(&seen, var.data(), sizeof seen);
  ASSERT_NE(seen.heap, nullptr);
  EXPECT_EQ(seen.heap->page_shift, 13u); // __HIP_SIZE_OF_PAGE 8192
  EXPECT_EQ(seen.heap->num_pages, 40u);  // __HIP_NUM_PAGES
  ASSERT_NE(seen.heap->status, 0u);
  complete_all();
  first->wait();

  // The "kernel" runs out of heap memory: its command fails with the
  // heap's message, and the next one runs clean.
  async_ptr failing = q->launch(launch_of(args, 10), {});
  auto *status = reinterpret_cast<dh::status *>(seen.heap->status);
  status->size = 1 << 20;
  __atomic_store_n(&status->error, dh::error_exhausted, __ATOMIC_RELEASE);
  complete_all();
  try {
    failing->wait();
    ADD_FAILURE() << "the heap error was lost";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_NE(std::string(e.what()).find("device heap exhausted"),
              std::string::npos)
        << e.what();
  }
  // The view's wait() reports the first failure since the previous wait(),
  // once, as on every backend.
  EXPECT_THROW(q->wait(), Kalmar::runtime_exception);
  EXPECT_NO_THROW(q->wait());
  async_ptr clean = q->launch(launch_of(args, 10), {});
  complete_all();
  EXPECT_NO_THROW(clean->wait());
  dispatch.variables.clear();
  dispatch.variable_storage.clear();
}

// printf in kernels (docs/printf.md): a code object with __hcc_printf_buffer
// gets the agent's buffer at load (hsa_memory_copy of its host address into
// the variable's VARIABLE_ADDRESS), and what a kernel writes there is on
// stdout when the command finishes.
TEST_F(HsaDispatch, PrintfBufferIsAttachedAndDrained) {
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 7, {1, 2, 3}};
  dispatch.variables.insert("__hcc_printf_buffer");
  dispatch.variable_storage["__hcc_printf_buffer"].assign(8, 0);
  dispatch.memory_copies.clear();
  async_ptr done = q->launch(launch_of(args, 10), {});
  std::vector<unsigned char> &var =
      dispatch.variable_storage["__hcc_printf_buffer"];
  std::uint64_t address = 0;
  std::memcpy(&address, var.data(), sizeof address);
  ASSERT_NE(address, 0u);
  ASSERT_EQ(dispatch.memory_copies.size(), 1u);
  EXPECT_EQ(dispatch.memory_copies[0].first, var.data());
  EXPECT_EQ(dispatch.memory_copies[0].second, 8u);
  auto *ctl = reinterpret_cast<hc::detail::printf_record::control *>(address);
  EXPECT_GE(ctl->capacity, std::uint64_t(64) << 10);
  EXPECT_EQ(ctl->capacity % 16, 0u);

  // The "kernel" prints: a record as __hcc_vprintf writes it.
  struct {
    int value;
  } printf_args{42};
  testing::internal::CaptureStdout();
  EXPECT_EQ(hc::detail::printf_record::write_record(
                ctl, "hsa printf %d\n",
                reinterpret_cast<const char *>(&printf_args)),
            0);
  complete_all();
  done->wait();
  std::string printed = testing::internal::GetCapturedStdout();
  EXPECT_EQ(printed, "hsa printf 42\n");
  dispatch.variables.clear();
  dispatch.variable_storage.clear();
}

// A __hcc_printf_buffer of another size than a pointer (a code object from
// another compiler) is an error at load, not memory corruption.
TEST_F(HsaDispatch, PrintfBufferOfWrongSizeIsRefused) {
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 7, {1, 2, 3}};
  dispatch.variables.insert("__hcc_printf_buffer");
  dispatch.variable_storage["__hcc_printf_buffer"].assign(4, 0);
  try {
    q->launch(launch_of(args, 10), {});
    ADD_FAILURE() << "launched";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_NE(std::string(e.what()).find("__hcc_printf_buffer of "),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("is 4 bytes, the runtime expected 8"),
              std::string::npos)
        << e.what();
  }
  dispatch.variables.clear();
  dispatch.variable_storage.clear();
}

// Host globals (docs/svm.md): the slots of a code object that uses them get
// the host addresses from the descriptor's table, the memory locked for the
// agent (hsa_amd_memory_lock) first.
TEST_F(HsaDispatch, HostGlobalSlotsAreFilled) {
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 7, {1, 2, 3}};
  dispatch.variables = {"__hcc_host_global_slots", "__hcc_host_global_names"};
  dispatch.variable_storage["__hcc_host_global_slots"].assign(8, 0);
  const char names[] = "host_counter\0"; // each name NUL-terminated, "" last
  dispatch.variable_storage["__hcc_host_global_names"].assign(
      names, names + sizeof names);
  dispatch.locked.clear();
  async_ptr done = q->launch(launch_of(args, 10), {});
  std::uint64_t slot = 0;
  std::memcpy(&slot, dispatch.variable_storage["__hcc_host_global_slots"].data(),
              sizeof slot);
  EXPECT_EQ(slot, reinterpret_cast<std::uintptr_t>(&host_counter));
  bool locked = false;
  for (void *p : dispatch.locked)
    locked |= reinterpret_cast<std::uintptr_t>(p) <=
              reinterpret_cast<std::uintptr_t>(&host_counter);
  EXPECT_TRUE(locked) << "the global's memory was not locked for the agent";
  complete_all();
  done->wait();
  dispatch.variables.clear();
  dispatch.variable_storage.clear();
}

// A name the descriptor has no address for is refused at the first launch,
// naming the variable.
TEST_F(HsaDispatch, HostGlobalWithoutAddressIsRefused) {
  auto q = dev_->create_queue(execute_order::in_order, queue_priority::normal);
  int out = 0;
  block args{&out, 7, {1, 2, 3}};
  dispatch.variables = {"__hcc_host_global_slots", "__hcc_host_global_names"};
  dispatch.variable_storage["__hcc_host_global_slots"].assign(8, 0);
  const char names[] = "elsewhere\0";
  dispatch.variable_storage["__hcc_host_global_names"].assign(
      names, names + sizeof names);
  try {
    q->launch(launch_of(args, 10), {});
    ADD_FAILURE() << "launched";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_NE(std::string(e.what()).find("host global variable 'elsewhere', "
                                         "but the host object of that "
                                         "translation unit has no address"),
              std::string::npos)
        << e.what();
  }
  dispatch.variables.clear();
  dispatch.variable_storage.clear();
}
