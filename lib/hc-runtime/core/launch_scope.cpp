// launch_scope: collects the storages a kernel's functor captures.
//
// parallel_for_each creates a scope, copies the functor (array and
// array_view copy constructors call bind() through current()), and submits.
// The scope pointer is thread-local and scopes nest: a scope remembers the
// one that was current before it and restores it when closed.
#include "hc/detail/runtime.hpp"

#include "core/device_registry.hpp"
#include "core/functor_words.hpp"
#include "core/host_references.hpp"
#include "core/resident_arrays.hpp"
#include "core/svm_visibility.hpp"

#include <algorithm>

namespace hc {
namespace detail {

namespace {
thread_local launch_scope *current_scope = nullptr;
} // namespace

struct launch_scope::use {
  storage *s;
  access_mode mode;
  void *pointer;
  std::vector<async_ptr> deps;
};

launch_scope::launch_scope(queue_ptr q)
    : queue_(std::move(q)), uses_(nullptr), objects_(nullptr),
      previous_(current_scope), open_(true) {
  if (!queue_)
    throw Kalmar::runtime_exception("hc runtime: kernel launch without a queue",
                                    Kalmar::E_INVALIDARG_CODE);
  current_scope = this;
}

launch_scope::~launch_scope() {
  close();
  delete objects_;
  if (!uses_)
    return;
  for (use &u : *uses_)
    u.s->release();
  delete uses_;
}

launch_scope *launch_scope::current() noexcept { return current_scope; }

void launch_scope::close() noexcept {
  if (!open_)
    return;
  open_ = false;
  if (current_scope == this)
    current_scope = previous_;
}

void *launch_scope::bind(storage *s, access_mode mode, const void *object,
                         std::size_t object_size) {
  if (!s)
    return nullptr;
  if (!open_)
    throw Kalmar::runtime_exception(
        "hc runtime: storage bound to a kernel launch that is already closed",
        Kalmar::E_FAIL_CODE);
  if (object) {
    if (!objects_)
      objects_ = new std::vector<std::pair<const void *, std::size_t>>;
    objects_->emplace_back(object, object_size);
  }
  // Allocated on the first binding: kernels that capture no data (and
  // launch loops measuring dispatch) skip the allocation.
  if (!uses_)
    uses_ = new std::vector<use>;
  // The same data captured twice (two views of one array, or a view copied
  // twice): one binding with the union of the access modes.
  for (use &u : *uses_) {
    if (u.s != s)
      continue;
    access_mode merged = static_cast<access_mode>(
        static_cast<unsigned>(u.mode) | static_cast<unsigned>(mode));
    if (merged != u.mode) {
      storage::binding b = s->bind_for_launch(queue_, merged);
      u.mode = merged;
      u.pointer = b.pointer;
      u.deps = std::move(b.deps);
    }
    return u.pointer;
  }
  storage::binding b = s->bind_for_launch(queue_, mode);
  uses_->reserve(uses_->size() + 1); // so push_back below cannot throw
  s->retain();
  uses_->push_back(use{s, mode, b.pointer, std::move(b.deps)});
  return b.pointer;
}

async_ptr launch_scope::submit(const kernel_launch &kernel) {
  // Arrays the kernel may use through a reference (resident_arrays.hpp).
  // The functor was packed and the scope may already be closed for copy
  // constructors; these bindings are the scope's own.
  std::vector<const void *> array_images;
  {
    std::vector<storage *> arrays =
        rt::retain_resident_arrays(&queue_->get_device());
    open_ = true;
    try {
      std::vector<const void *> bound;
      bound.reserve(arrays.size());
      for (storage *s : arrays)
        bound.push_back(bind(s, access_mode::read_write));
      // Also where the device could read the object where it is: the
      // kernel gets the array as it was at the launch, as hcc's did, even
      // if the object moves or dies before the kernel runs (a reference
      // into a std::vector of arrays that grows).
      const auto functor_offset =
          static_cast<std::size_t>(static_cast<const char *>(kernel.functor) -
                                   static_cast<const char *>(kernel.args));
      rt::relocate_array_references(kernel.functor, kernel.functor_size, arrays,
                                    bound, queue_, array_images,
                                    kernel.array_slots, functor_offset);
      rt::fill_array_slots_homed_elsewhere(kernel.functor, kernel.functor_size,
                                           kernel.array_slots, functor_offset,
                                           &queue_->get_device());
      rt::fill_empty_array_slots(kernel.array_slots);
    } catch (...) {
      for (storage *s : arrays)
        s->release();
      close();
      throw;
    }
    for (storage *s : arrays)
      s->release();
  }
  close();
  static const std::vector<use> no_uses;
  const std::vector<use> &uses = uses_ ? *uses_ : no_uses;
  device &dev = queue_->get_device();
  // The runtime's own words (bound data, storage objects, array object
  // copies) are not the program's pointers.
  std::vector<const void *> ours(array_images);
  ours.reserve(ours.size() + 2 * uses.size());
  for (const use &u : uses) {
    ours.push_back(u.pointer);
    ours.push_back(u.s);
  }
  // The bound copies of arrays, views and textures hold the runtime's
  // words, never the program's pointers: the scan reads the functor with
  // them zeroed (functor_words.hpp). A view's extents looked like an
  // address in the CUDA driver's reserved range and cost every launch a
  // look-up in /proc/self/maps (20 us).
  std::vector<unsigned char> scrubbed;
  const void *scanned = kernel.functor;
  if (objects_ && kernel.functor) {
    scrubbed =
        rt::functor_without(kernel.functor, kernel.functor_size, *objects_);
    scanned = scrubbed.data();
  }
  bool uses_program_memory;
  if (!dev.info().reads_host_memory && dev.can_share_host_memory() &&
      rt::svm::enabled())
    // Host memory the functor points into is made visible (docs/svm.md);
    // the same scan tells whether there was any.
    uses_program_memory = rt::svm::make_captured_memory_visible(
        dev, scanned, kernel.functor_size, ours, kernel.device_name);
  else
    uses_program_memory =
        rt::refers_to_program_memory(scanned, kernel.functor_size, ours);
  std::vector<async_ptr> deps;
  for (const use &u : uses)
    for (const async_ptr &d : u.deps)
      if (!d->is_ready() &&
          std::find(deps.begin(), deps.end(), d) == deps.end())
        deps.push_back(d);
  async_ptr op = queue_->launch(kernel, deps);
  if (uses_program_memory) // host_references.hpp
    op->set_finish_when_abandoned();
  rt::note_kernel_submitted();
  for (const use &u : uses)
    u.s->record_use(queue_, u.mode, op);
  return op;
}

} // namespace detail
} // namespace hc
