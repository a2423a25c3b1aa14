// CUDA handles of hc objects and hc objects over the program's CUDA objects
// (docs/multi-gpu.md, "CUDA handles"). On a CUDA GPU the test drives the
// driver API itself (loaded with dlopen, no CUDA headers needed): a view
// over the program's stream runs hc kernels in order with the program's
// own work on that stream, a command's CUDA event completes with it, a
// marker waits for the program's event. Elsewhere the handles are null and
// the constructors throw, saying what is missing.

// RUN: %hcc %s -o %t -ldl && %t | FileCheck %s
// CHECK: interop: ok

#include <hc.hpp>

#include <cstdio>
#include <dlfcn.h>
#include <string>
#include <vector>

#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::printf("FAILED line %d: %s\n", __LINE__, #c);                       \
      return 1;                                                                \
    }                                                                          \
  } while (0)

namespace {

// The few driver entry points the test uses.
struct cuda_api {
  int (*ctx_set_current)(void *);
  int (*stream_create)(void **, unsigned);
  int (*stream_destroy)(void *);
  int (*stream_synchronize)(void *);
  int (*event_create)(void **, unsigned);
  int (*event_record)(void *, void *);
  int (*event_synchronize)(void *);
  int (*event_destroy)(void *);
  int (*memset_d32_async)(unsigned long long, unsigned, size_t, void *);

  bool load() {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!lib)
      return false;
    bool ok = true;
    auto get = [&](auto &fn, const char *name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
          dlsym(lib, name));
      ok &= fn != nullptr;
    };
    get(ctx_set_current, "cuCtxSetCurrent");
    get(stream_create, "cuStreamCreate");
    get(stream_destroy, "cuStreamDestroy_v2");
    get(stream_synchronize, "cuStreamSynchronize");
    get(event_create, "cuEventCreate");
    get(event_record, "cuEventRecord");
    get(event_synchronize, "cuEventSynchronize");
    get(event_destroy, "cuEventDestroy_v2");
    get(memset_d32_async, "cuMemsetD32Async");
    return ok;
  }
};

int on_cuda(hc::accelerator &acc) {
  cuda_api cu;
  CHECK(cu.load());
  CHECK(acc.get_cuda_device() >= 0);
  void *context = acc.get_cuda_context();
  CHECK(context != nullptr);
  CHECK(cu.ctx_set_current(context) == 0);
  void *stream = nullptr;
  CHECK(cu.stream_create(&stream, 0) == 0);
  {
    hc::accelerator_view view = acc.create_view_from_cuda_stream(stream);
    CHECK(view.get_cuda_stream() == stream);
    CHECK(acc.get_default_view().get_cuda_stream() != nullptr);
    CHECK(view.get_hsa_queue() == nullptr);

    const int n = 1 << 20;
    hc::array<int, 1> a(n, view);
    hc::completion_future first = hc::parallel_for_each(
        view, a.get_extent(), [&a](hc::index<1> i) [[hc]] { a[i] = i[0]; });
    void *done = first.get_cuda_event();
    CHECK(done != nullptr);
    CHECK(cu.event_synchronize(done) == 0);
    first.wait();

    // The program's own work on the stream, between two hc kernels.
    auto device_pointer =
        reinterpret_cast<unsigned long long>(a.accelerator_pointer());
    CHECK(cu.memset_d32_async(device_pointer, 7, n, stream) == 0);
    void *after_memset = nullptr;
    CHECK(cu.event_create(&after_memset, 0) == 0);
    CHECK(cu.event_record(after_memset, stream) == 0);
    hc::parallel_for_each(view, a.get_extent(), [&a](hc::index<1> i) [[hc]] {
      a[i] += 1;
    }).wait();
    std::vector<int> out = a;
    for (int i = 0; i < n; i += 4099)
      CHECK(out[i] == 8);
    CHECK(out[n - 1] == 8);

    // Another view waits for the program's event.
    hc::accelerator_view other = acc.create_view();
    hc::completion_future marker =
        other.create_marker_after_cuda_event(after_memset);
    marker.wait();
    CHECK(marker.is_ready());
    CHECK(cu.event_destroy(after_memset) == 0);
  }
  CHECK(cu.stream_synchronize(stream) == 0);
  CHECK(cu.stream_destroy(stream) == 0); // still the program's to destroy
  std::printf("cuda handles: ok\n");
  return 0;
}

int elsewhere(hc::accelerator &acc) {
  CHECK(acc.get_cuda_device() == -1);
  CHECK(acc.get_cuda_context() == nullptr);
  hc::accelerator_view view = acc.get_default_view();
  CHECK(view.get_cuda_stream() == nullptr);
  hc::completion_future f = view.create_marker();
  f.wait();
  CHECK(f.get_cuda_event() == nullptr);
  CHECK(hc::completion_future().get_cuda_event() == nullptr);
  int fake = 0;
  try {
    acc.create_view_from_cuda_stream(&fake);
    CHECK(!"no exception");
  } catch (const hc::runtime_exception &e) {
    CHECK(std::string(e.what()).find("only CUDA streams") != std::string::npos);
  }
  try {
    view.create_marker_after_cuda_event(&fake);
    CHECK(!"no exception");
  } catch (const hc::runtime_exception &e) {
    CHECK(std::string(e.what()).find("only CUDA events") != std::string::npos);
  }
  std::printf("no CUDA handles on %ls: ok\n", acc.get_description().c_str());
  return 0;
}

} // namespace

int main() {
  hc::accelerator acc;
  int failed = acc.get_cuda_device() >= 0 ? on_cuda(acc) : elsewhere(acc);
  if (!failed)
    std::printf("interop: ok\n");
  return failed;
}
