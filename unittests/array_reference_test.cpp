// Arrays reached through a reference ([&] capture) on a device that cannot
// read host memory (the fake GPU): launch_scope::submit replaces the
// object's host address in the functor by a device copy of the object
// (resident_arrays.hpp). Also: the last host-side view of user memory
// writes the data back when it goes away.
#include "fake_gpu_fixture.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

using namespace hc::detail;
using namespace hcc_test;

namespace {

// What an hc::array looks like to a kernel: the data's address on its
// home device and a size.
struct array_object {
  storage *s;
  int *data;
  std::size_t n;
};

// A kernel functor that captured an array by reference, next to values
// that must not be touched.
struct by_reference {
  std::size_t before;
  const array_object *array;
  std::size_t after;
};

struct captured {
  by_reference functor;
  const array_object *seen = nullptr; // what the kernel received
};

kernel_launch reference_kernel(const array_object &a, std::size_t before,
                               std::size_t after,
                               std::shared_ptr<captured> &out) {
  out = std::make_shared<captured>();
  out->functor = by_reference{before, &a, after};
  kernel_launch k;
  k.device_name = "test_reference_kernel";
  k.args = out.get();
  k.args_size = sizeof(captured);
  k.args_owner = out;
  k.functor = &out->functor;
  k.functor_size = sizeof(by_reference);
  k.cpu_range = [](const void *args, std::size_t begin, std::size_t end) {
    auto *c = const_cast<captured *>(static_cast<const captured *>(args));
    c->seen = c->functor.array;
    for (std::size_t i = begin; i < end; ++i)
      c->functor.array->data[i] += 1;
  };
  k.geometry.global[0] = a.n;
  return k;
}

async_ptr submit(const queue_ptr &q, const kernel_launch &k) {
  launch_scope scope(q);
  return scope.submit(k);
}

using ArrayReference = FakeGpuTest;

} // namespace

TEST_F(ArrayReference, ReferenceIsReplacedByADeviceCopyOfTheObject) {
  const std::size_t n = 64;
  storage *s = storage::create_on(q, n * sizeof(int));
  std::vector<int> zeros(n, 0);
  s->write_from_host(0, zeros.data(), n * sizeof(int));
  array_object a{s, static_cast<int *>(s->home_pointer()), n};
  s->set_array_object(&a, sizeof a);
  int allocations = gpu.allocations.load();

  std::shared_ptr<captured> first, second;
  submit(q, reference_kernel(a, 7, 9, first))->wait();
  EXPECT_EQ(first->functor.before, 7u);
  EXPECT_EQ(first->functor.after, 9u);
  ASSERT_NE(first->seen, &a);
  EXPECT_EQ(std::memcmp(first->seen, &a, sizeof a), 0);
  EXPECT_EQ(gpu.allocations.load(), allocations + 1);

  // The image is made once per array.
  submit(q, reference_kernel(a, 7, 9, second))->wait();
  EXPECT_EQ(second->seen, first->seen);
  EXPECT_EQ(gpu.allocations.load(), allocations + 1);

  std::vector<int> out(n);
  s->read_to_host(0, out.data(), n * sizeof(int));
  EXPECT_EQ(out[0], 2);
  EXPECT_EQ(out[n - 1], 2);
  s->forget_array_object(&a);
  s->release();
}

TEST_F(ArrayReference, ValuesThatAreNotLiveArraysAreLeftAlone) {
  storage *s = storage::create_on(q, 16 * sizeof(int));
  array_object a{s, static_cast<int *>(s->home_pointer()), 16};
  s->set_array_object(&a, sizeof a);
  // Forgotten: the address no longer names an array.
  s->forget_array_object(&a);
  std::shared_ptr<captured> c;
  std::vector<int> host(16, 0);
  array_object on_host{nullptr, host.data(), 16};
  submit(q, reference_kernel(on_host, reinterpret_cast<std::size_t>(&a), 3, c))
      ->wait();
  EXPECT_EQ(c->seen, &on_host);
  EXPECT_EQ(c->functor.before, reinterpret_cast<std::size_t>(&a));
  EXPECT_EQ(host[3], 1);
  s->release();
}

TEST_F(ArrayReference, ForgettingAnotherObjectKeepsTheOwner) {
  storage *s = storage::create_on(q, 16 * sizeof(int));
  array_object a{s, static_cast<int *>(s->home_pointer()), 16}, b = a;
  s->set_array_object(&a, sizeof a);
  s->forget_array_object(&b); // b does not own it: no effect
  std::shared_ptr<captured> c;
  submit(q, reference_kernel(a, 0, 0, c))->wait();
  EXPECT_NE(c->seen, &a);
  s->forget_array_object(&a);
  s->release();
}

TEST_F(ArrayReference, LastHostViewWritesUserMemoryBack) {
  const std::size_t n = 32;
  std::vector<int> user(n, 5);
  storage *s = storage::create_for_host(user.data(), n * sizeof(int));
  s->add_host_view();
  s->add_host_view();
  {
    launch_scope scope(q);
    auto *p = static_cast<int *>(scope.bind(s, access_mode::read_write));
    scope.submit(flat_kernel(n, [p](std::size_t i) { p[i] *= 2; }));
  }
  s->drop_host_view(); // another view remains: nothing copied yet
  EXPECT_EQ(gpu.device_to_host.load(), 0);
  s->drop_host_view();
  EXPECT_EQ(gpu.device_to_host.load(), 1);
  EXPECT_EQ(user[0], 10);
  EXPECT_EQ(user[n - 1], 10);
  s->release();
}

// A C++ AMP staging array keeps its data on the host and is used by
// kernels on its associated device: the device copy of the object must
// hold the address of the data's device copy, not the host address.
TEST_F(ArrayReference, StagingArrayImageHoldsTheBoundDeviceData) {
  const std::size_t n = 32;
  queue_ptr host = cpu_device().create_queue(execute_order::in_order,
                                             queue_priority::normal);
  storage *s = storage::create_on(q, n * sizeof(int), host);
  std::vector<int> zeros(n, 0);
  s->write_from_host(0, zeros.data(), n * sizeof(int));
  array_object a{s, static_cast<int *>(s->home_pointer()), n};
  s->set_array_object(&a, sizeof a);

  std::shared_ptr<captured> c;
  submit(q, reference_kernel(a, 0, 0, c))->wait();
  ASSERT_NE(c->seen, &a);
  EXPECT_EQ(c->seen->s, a.s);
  EXPECT_EQ(c->seen->n, n);
  EXPECT_NE(c->seen->data, a.data) << "the kernel got the host address";

  std::vector<int> out(n);
  s->read_to_host(0, out.data(), n * sizeof(int));
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[n - 1], 1);
  s->forget_array_object(&a);
  s->release();
}

namespace {

// An argument block laid out as the headers lay it out: the slots for the
// array objects, then the functor (here: words, some of them references).
struct slotted_block {
  array_object_slots slots;
  std::uintptr_t words[10] = {};
};

kernel_launch slotted_kernel(const std::shared_ptr<slotted_block> &block) {
  kernel_launch k;
  k.device_name = "test_slotted_kernel";
  k.args = block.get();
  k.args_size = sizeof(slotted_block);
  k.args_owner = block;
  k.functor = block->words;
  k.functor_size = sizeof block->words;
  k.array_slots = &block->slots;
  k.cpu_range = [](const void *, std::size_t, std::size_t) {};
  k.geometry.global[0] = 1;
  return k;
}

bool same_bytes(const unsigned char *slot, const array_object &a) {
  return std::memcmp(slot, &a,
                     std::min(sizeof a,
                              std::size_t{hc::abi::array_object_slot_bytes})) ==
         0;
}

} // namespace

// The words of the functor at the slots' positions that hold the address
// of a live array get a copy of its object there, and only those; a
// reference past the last slot is still relocated.
TEST_F(ArrayReference, SlotsHoldTheObjectsOfTheFirstWords) {
  static_assert(sizeof(array_object_slots) == offsetof(slotted_block, words));
  storage *s = storage::create_on(q, 64);
  array_object a{s, static_cast<int *>(s->home_pointer()), 16};
  s->set_array_object(&a, sizeof a);
  auto block = std::make_shared<slotted_block>();
  block->slots.filled = ~std::uint64_t{0}; // whatever was there before
  std::memset(block->slots.objects, 0xff, sizeof block->slots.objects);
  block->words[0] = 12345;
  block->words[2] = reinterpret_cast<std::uintptr_t>(&a);
  block->words[9] = reinterpret_cast<std::uintptr_t>(&a); // no slot
  submit(q, slotted_kernel(block))->wait();
  EXPECT_EQ(block->slots.filled, std::uint64_t{1} << 2);
  EXPECT_TRUE(same_bytes(block->slots.objects[2], a));
  static_assert(sizeof a < hc::abi::array_object_slot_bytes);
  for (std::size_t i = sizeof a; i < hc::abi::array_object_slot_bytes; ++i)
    EXPECT_EQ(block->slots.objects[2][i], 0) << "past the object, byte " << i;
  EXPECT_EQ(block->words[0], 12345u);
  EXPECT_NE(block->words[2], reinterpret_cast<std::uintptr_t>(&a));
  EXPECT_EQ(block->words[9], block->words[2]) << "relocated like the first";
  s->forget_array_object(&a);
  s->release();
}

// Every slot without a live array (a word that is not a reference, or a
// reference to an array destroyed before the launch) holds an object of
// extent 0 whose data pointer no GPU maps, whatever the slot held before:
// kernels read the slots without testing the mask.
TEST_F(ArrayReference, EmptySlotsHoldAnUnmappedObject) {
  storage *s = storage::create_on(q, 64);
  array_object a{s, static_cast<int *>(s->home_pointer()), 16};
  s->set_array_object(&a, sizeof a);
  auto gone = std::make_unique<array_object>(a);
  auto block = std::make_shared<slotted_block>();
  std::memset(block->slots.objects, 0xff, sizeof block->slots.objects);
  block->words[1] = reinterpret_cast<std::uintptr_t>(&a);
  block->words[3] = reinterpret_cast<std::uintptr_t>(gone.get());
  gone.reset(); // word 3 refers to an object no array owns any more
  submit(q, slotted_kernel(block))->wait();
  EXPECT_EQ(block->slots.filled, std::uint64_t{1} << 1);
  EXPECT_TRUE(same_bytes(block->slots.objects[1], a));
  for (unsigned w = 0; w < hc::abi::array_object_slot_count; ++w) {
    if (w == 1)
      continue;
    const unsigned char *slot = block->slots.objects[w];
    std::uint64_t data = 0;
    std::memcpy(&data, slot + hc::abi::array_object_data_offset, sizeof data);
    EXPECT_EQ(data, hc::abi::array_object_unmapped_data) << "slot " << w;
    for (unsigned i = 0; i < hc::abi::array_object_slot_bytes; ++i)
      if (i < hc::abi::array_object_data_offset ||
          i >= hc::abi::array_object_data_offset + sizeof data)
        EXPECT_EQ(slot[i], 0) << "slot " << w << ", byte " << i;
  }
  s->forget_array_object(&a);
  s->release();
}

// An array homed on another device is not relocated, but its slot holds
// its object as it is (what the kernel read through the reference).
TEST_F(ArrayReference, SlotsHoldArraysHomedElsewhere) {
  queue_ptr host = cpu_device().create_queue(execute_order::in_order,
                                             queue_priority::normal);
  storage *s = storage::create_on(host, 64);
  array_object a{s, static_cast<int *>(s->home_pointer()), 16};
  s->set_array_object(&a, sizeof a);
  auto block = std::make_shared<slotted_block>();
  block->words[5] = reinterpret_cast<std::uintptr_t>(&a);
  submit(q, slotted_kernel(block))->wait();
  EXPECT_EQ(block->slots.filled, std::uint64_t{1} << 5);
  EXPECT_TRUE(same_bytes(block->slots.objects[5], a));
  EXPECT_EQ(block->words[5], reinterpret_cast<std::uintptr_t>(&a));
  s->forget_array_object(&a);
  s->release();
}
