// The concrete storage behind hc::detail::storage (runtime.hpp).
//
// Model (docs/runtime.md, "Coherence"):
//   * The data has *locations*: the host copy (location 0) and at most one
//     copy per device whose memory is not host memory. A device with
//     is_host_memory (the CPU) uses the host copy itself, so on the CPU
//     nothing is ever copied; only dependencies are tracked.
//   * Each location is valid (holds the current data) or not; a write makes
//     the written location the only valid one. After discard() no location
//     is valid and the next user gets memory without a copy.
//   * Dependencies: the last command that wrote the data and the commands
//     that read it since. A reader waits for the last writer; a writer waits
//     for the last writer and for every reader. Copies made to validate a
//     location count as readers (of the source) and are that location's
//     `fill`, which every user of the location waits for.
//   * host_flags_ caches "the host copy may be read / written without a
//     call" for the headers' fast path.
// All members are guarded by `mutex`. Completing a command never takes a
// storage lock, so waiting for commands with the lock held cannot deadlock.
#ifndef HC_RUNTIME_CORE_STORAGE_OBJECT_HPP
#define HC_RUNTIME_CORE_STORAGE_OBJECT_HPP

#include "hc/detail/runtime.hpp"

#include <deque>
#include <mutex>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// An enqueued command that uses the data, with the queue it went to (to
// skip dependencies that the queue's own ordering already guarantees).
struct tracked_op {
  async_ptr state;
  queue *q = nullptr;      // identity only
  std::weak_ptr<queue> qw; // q is compared only while still alive

  bool pending() const { return state && !state->is_ready(); }
  void reset() { *this = tracked_op(); }
};

struct location {
  device *dev = nullptr; // null: the host copy
  void *ptr = nullptr;
  bool owned = false; // allocated by us, freed with the storage
  bool valid = false;
  tracked_op fill;               // the copy that made it valid, if pending
  std::weak_ptr<queue> last_queue; // a queue that used it; copies go there
};

class storage_object final : public storage {
public:
  explicit storage_object(std::size_t bytes);
  ~storage_object() override;

  // Called by release() when the last reference is gone: deletes the object
  // once the commands still using its memory have finished, without
  // blocking the caller.
  void destroy() noexcept;

  std::mutex mutex;
  std::atomic<int> refs{1};
  const std::size_t bytes;
  queue_ptr home;         // arrays only
  // C++ AMP staging arrays: the view the array was created on (the data's
  // side), `home` being the associated view it is used from. Null otherwise.
  queue_ptr staging;
  std::size_t home_index = 0; // location of home_pointer()
  // home_pointer() without the lock: fixed at creation, and CPU kernels
  // call it while another thread may hold the mutex waiting for them.
  void *home_ptr = nullptr;
  std::deque<location> locations; // [0] = host; deque: stable references
  tracked_op last_writer;
  std::vector<tracked_op> readers;

  // The hc::array object that owns this storage (arrays only), and copies
  // of its bytes in home-device memory for kernels that reach the object
  // through a reference (resident_arrays.cpp). Not guarded by `mutex`:
  // array constructors and destructors set and clear the owner without a
  // lock, the images have their own.
  std::atomic<const void *> array_object{nullptr};
  std::atomic<std::size_t> array_object_size{0};
  std::mutex image_mutex;
  std::vector<unsigned char> image_bytes; // contents of the current image
  std::vector<void *> images; // home-device memory; the last is current

  // --- coherence machinery (storage_coherence.cpp); mutex held ---
  std::size_t location_index(device &d);
  void ensure_allocated(location &loc);
  // A queue of `loc`'s device suited for copies to or from it.
  queue_ptr copy_queue(location &loc);
  // Makes `locations[index]` valid, enqueueing copies when needed (on
  // `q` when given and the target is a device); returns the fill op.
  void make_valid(std::size_t index, const queue_ptr &q);
  void invalidate_others(std::size_t index);
  void forget_finished();
  // Pending commands that an access must wait for.
  std::vector<async_ptr> conflicts(std::size_t index, bool writing,
                                   const queue *q) const;
  std::vector<async_ptr> all_pending() const;
  void update_host_flags();
  void clear_host_flags(unsigned bits) {
    host_flags_.fetch_and(~bits, std::memory_order_acq_rel);
  }
  bool any_valid() const;
  // Synchronous copies between a host buffer and a location.
  void write_location(location &loc, std::size_t offset, const void *src,
                      std::size_t n);
  void read_location(location &loc, std::size_t offset, void *dst,
                     std::size_t n);
};

inline storage_object &impl_of(storage &s) {
  return static_cast<storage_object &>(s);
}

tracked_op track(const async_ptr &state, const queue_ptr &q);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
