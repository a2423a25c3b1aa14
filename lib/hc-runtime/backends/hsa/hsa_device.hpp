// HSA (ROCr) agents, queues and the completion of their commands.
//
//   hsa_device  one GPU agent: its memory pools (coarse-grained device
//               memory for arrays, the system's fine-grained pool for pinned
//               host memory, the kernarg pool), the code objects and kernels
//               loaded on it.
//   hsa_queue   one AQL queue (hsa_queue_create) per accelerator_view.
//               Every packet has the barrier bit set, so the queue runs its
//               commands in order; dependencies on other queues become
//               barrier-AND packets on their completion signals, markers are
//               barrier-AND packets, copies go to ROCr's copy engines
//               (hsa_amd_memory_async_copy) with the queue's last signal as
//               a dependency.
//   hsa_state   a command's completion signal (created at 1, decremented to
//               0 by the packet processor or the copy engine). ROCr calls
//               back (hsa_amd_signal_async_handler) when it reaches 0; a
//               thread in completion_future::wait() blocks on the signal
//               itself. Whichever comes first finishes the command.
//
// Written against ROCr's documented API without an AMD GPU to run on:
// docs/backends.md lists what was and was not verified.
#ifndef HC_RUNTIME_HSA_DEVICE_HPP
#define HC_RUNTIME_HSA_DEVICE_HPP

#include "backends/hsa/hsa_code_object.hpp"
#include "backends/hsa/hsa_driver.hpp"
#include "backends/hsa/hsa_kernarg.hpp"
#include "backends/hsa/hsa_launch.hpp"
#include "core/device_impl.hpp"
#include "core/loaded_module.hpp"
#include "core/profiler.hpp"
#include "hc/detail/image_registry.h"

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

// What discovery learns about one GPU agent.
struct agent_description {
  hsa_agent_t agent{};
  std::string name;       // "gfx90a"
  std::string product;    // "AMD Instinct MI210"
  std::string isa_name;   // "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
  int profile = HSA_PROFILE_BASE;
  unsigned compute_units = 1;
  unsigned wavefront_size = 64;
  unsigned max_workgroup_size = 1024;
  std::uint32_t queue_max_size = 4096;
  std::size_t group_segment_bytes = 65536;
  std::size_t memory_bytes = 0;
  hsa_amd_memory_pool_t device_pool{};    // coarse-grained, this agent
  hsa_amd_memory_pool_t fine_host_pool{}; // fine-grained system memory
  hsa_amd_memory_pool_t kernarg_pool{};   // system, KERNARG_INIT
  hsa_region_t kernarg_region{};          // for get_hsa_kernarg_region()
  hsa_agent_t host_agent{};               // the CPU agent of those pools
  std::vector<hsa_agent_t> all_gpus;      // pinned memory is mapped to all
};

class hsa_device;
class hsa_queue;

// A frozen executable just loaded on an agent: its variables by symbol.
class hsa_module final : public loaded_module {
public:
  hsa_module(hsa_device &dev, hsa_executable_t executable, const char *source)
      : loaded_module(source), device_(dev), executable_(executable) {}
  bool find_global(const char *symbol, module_global &out) override;

private:
  hsa_device &device_;
  hsa_executable_t executable_;
};

// Completion of one command.
class hsa_state final : public async_state {
public:
  hsa_state(std::shared_ptr<const runtime_api> api, hsa_signal_t signal)
      : api_(std::move(api)), signal_(signal) {}
  ~hsa_state() override;

  hsa_signal_t signal() const { return signal_; }
  const hsa_queue *owner = nullptr; // the queue whose order it is in
  hsa_device *device = nullptr;     // the queue's device
  bool in_aql_order = false;        // an AQL packet of `owner`

  // Work to do once the command finished (free the kernarg segment, unlock
  // host memory, drop the argument block), before set_ready().
  std::vector<std::function<void()>> cleanups;
  // Commands this one waits for through their signals: kept alive until it
  // finished, so their signals outlive the barrier packet that reads them.
  std::vector<async_ptr> keep_alive;
  // What the command is (a kernel's name for messages), and for
  // HCC_PROFILE its queue's track (set only while profiling).
  profile::command_record command;
  std::string profile_track;

  // Idempotent: the first caller runs the cleanups and sets the state.
  void finish(std::exception_ptr error = nullptr) noexcept;
  // completion_future::get_native_handle(): the hsa_signal_t.
  void *native_handle() noexcept override { return &signal_; }

protected:
  void backend_wait() override;

private:
  std::shared_ptr<const runtime_api> api_;
  hsa_signal_t signal_;
  std::atomic<bool> finished_{false};
};

// Blocks the calling thread until `signal` dropped below 1 (the packet
// processor or a copy engine decrements it).
void wait_signal(const runtime_api &api, hsa_signal_t signal);

// A kernel loaded on an agent.
struct hsa_kernel {
  std::uint64_t object = 0; // kernel descriptor address for the packet
  kernarg_plan kernargs;
  std::uint32_t group_fixed = 0;
  std::uint32_t private_fixed = 0;
};

class hsa_device final : public device_impl {
public:
  hsa_device(std::shared_ptr<const runtime_api> api, agent_description desc,
             device_info info);
  ~hsa_device() override;

  std::shared_ptr<queue> create_queue_impl(execute_order order,
                                           queue_priority priority) override;
  void *allocate_impl(std::size_t bytes) override;
  void deallocate_impl(void *ptr) noexcept override;
  void *allocate_pinned_host_impl(std::size_t bytes, bool coherent) override;
  void free_pinned_host_impl(void *ptr) noexcept override;
  bool register_host_impl(void *ptr, std::size_t bytes) override;
  void unregister_host_impl(void *ptr) noexcept override;
  // register_host succeeds only where ROCr maps locked pages at their host
  // address; elsewhere a launch that captures host pointers fails with an
  // exception naming the address (docs/svm.md).
  bool can_share_host_memory_impl() const override { return true; }
  void *native_handle_impl(native_object what) override;

  const agent_description &description() const { return desc_; }
  const std::shared_ptr<const runtime_api> &api() const { return api_; }
  // The kernel `name` for `args_size` bytes of arguments, loading the best
  // matching code object on first use. Throws Kalmar::runtime_exception.
  const hsa_kernel &kernel(const char *name, std::size_t args_size);
  // A kernarg segment of `bytes` (freed by the command's cleanup).
  void *allocate_kernargs(std::size_t bytes);
  void free_kernargs(void *ptr) noexcept;

  // Setting up loaded modules (hsa_module_globals.cpp): through a
  // fine-grained staging block and hsa_memory_copy, since ROCr's copy needs
  // memory it knows on both sides.
  void write_device_now_impl(std::uint64_t address, const void *from,
                             std::size_t bytes, const char *what) override;
  void read_device_now_impl(void *to, std::uint64_t address, std::size_t bytes,
                            const char *what) override;

  [[noreturn]] void fail(const char *call, hsa_status_t status,
                         const std::string &what) const;

private:
  struct loaded_image {
    hsa_executable_t executable{};
    code_object_metadata metadata;
  };
  const loaded_image &load_image(std::size_t index,
                                 const __hcc_image_desc &desc);

  std::shared_ptr<const runtime_api> api_;
  agent_description desc_;
  std::mutex mutex_;
  std::map<std::size_t, loaded_image> images_; // by registry index
  std::map<std::string, hsa_kernel> kernels_;
};

class hsa_queue final : public queue_impl,
                        public std::enable_shared_from_this<hsa_queue> {
public:
  hsa_queue(hsa_device &dev, execute_order order,
            queue_priority priority = queue_priority::normal);
  ~hsa_queue() override;

  async_ptr launch_impl(const kernel_launch &kernel,
                        const std::vector<async_ptr> &deps) override;
  async_ptr copy_impl(void *dst, const void *src, std::size_t bytes,
                      copy_direction direction,
                      const std::vector<async_ptr> &deps) override;
  async_ptr marker_impl(const std::vector<async_ptr> &deps,
                        memory_scope scope) override;
  void wait_impl() override;
  std::size_t pending_count_impl() const override;
  async_ptr last_command_impl() const override;
  void *native_handle_impl() override { return queue_; }
  // Commands of HSA queues: barrier packets and copies wait for their
  // signals.
  bool orders_after_impl(const async_state &dep) const override;

  // The queue reported an error (a fault in a kernel): every pending
  // command fails with it.
  void fail_pending(const std::string &message) noexcept;
  // A command of this queue failed: wait() reports the first such error
  // since the previous wait(), as every backend's queue does.
  void note_failure(std::exception_ptr error) const noexcept;

private:
  // A command's state; `record` says what it is.
  std::shared_ptr<hsa_state> new_state(const profile::command_record &record);
  // The signals of the HSA commands in `deps` (and, in an in-order queue,
  // of the queue's last command) that the GPU must wait for: those not
  // already ordered by the AQL barrier bit (`aql`: the new command is an
  // AQL packet of this queue). Caller holds mutex_.
  std::vector<hsa_signal_t> gpu_dependencies(const std::vector<async_ptr> &deps,
                                             bool aql, hsa_state &state);
  // A copy of unpinned host memory through the device's staging buffers,
  // after `waits` (hsa_copy_engine.hpp). Caller holds mutex_.
  async_ptr staged_copy(const std::shared_ptr<hsa_state> &state,
                        const std::vector<hsa_signal_t> &waits, void *dst,
                        const void *src, std::size_t bytes, bool to_device);
  // Barrier-AND packets for `signals` (five per packet); the last one gets
  // `completion` (may be the null signal). Caller holds mutex_.
  void submit_barriers(const std::vector<hsa_signal_t> &signals,
                       hsa_signal_t completion, int release_scope);
  std::uint64_t reserve_slot();
  void publish(std::uint64_t index, std::uint16_t header,
               std::uint16_t setup);
  void track(const std::shared_ptr<hsa_state> &state);
  void watch(const std::shared_ptr<hsa_state> &state);

  hsa_device &device_;
  std::shared_ptr<const runtime_api> api_;
  hsa_queue_t *queue_ = nullptr;
  mutable std::mutex mutex_;
  std::deque<std::shared_ptr<hsa_state>> pending_;
  std::shared_ptr<hsa_state> last_;
  mutable std::exception_ptr unreported_; // guarded by mutex_
  // HCC_PROFILE's track of this queue's commands.
  const std::string profile_track_ = device_label(device_) + " queue";
};

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
