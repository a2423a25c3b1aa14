// hc data handed to cuBLAS without a copy: C = A B with cublasSgemm on the
// CUDA stream of an hc::accelerator_view, then an hc kernel on the same
// view checks C against its own product. The stream orders the two: the
// kernel runs after cuBLAS without a wait in between (docs/multi-gpu.md,
// "CUDA handles").
//
// cuBLAS is loaded at run time (dlopen), with the few declarations it
// needs written here, so the example builds where no CUDA toolkit is
// installed; a program that has the toolkit includes <cublas_v2.h> and
// links -lcublas instead.
#include <hc.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <vector>

namespace {

// cuBLAS's entry points and constants as <cublas_v2.h> declares them.
using cublas_handle = void *;
constexpr int cublas_op_n = 0; // CUBLAS_OP_N
struct cublas_api {
  int (*create)(cublas_handle *);
  int (*destroy)(cublas_handle);
  int (*set_stream)(cublas_handle, void *);
  int (*sgemm)(cublas_handle, int, int, int, int, int, const float *,
               const float *, int, const float *, int, const float *, float *,
               int);

  bool load() {
    const char *names[] = {"libcublas.so", "libcublas.so.13", "libcublas.so.12",
                           "/usr/local/cuda/lib64/libcublas.so"};
    void *lib = nullptr;
    for (const char *name : names)
      if ((lib = dlopen(name, RTLD_NOW)))
        break;
    if (!lib)
      return false;
    create = reinterpret_cast<decltype(create)>(dlsym(lib, "cublasCreate_v2"));
    destroy =
        reinterpret_cast<decltype(destroy)>(dlsym(lib, "cublasDestroy_v2"));
    set_stream = reinterpret_cast<decltype(set_stream)>(
        dlsym(lib, "cublasSetStream_v2"));
    sgemm = reinterpret_cast<decltype(sgemm)>(dlsym(lib, "cublasSgemm_v2"));
    return create && destroy && set_stream && sgemm;
  }
};

} // namespace

int main() {
  hc::accelerator gpu;
  if (gpu.get_cuda_device() < 0) {
    std::printf("cublas_sgemm: the default accelerator (%ls) is not a CUDA "
                "GPU; nothing to do\n",
                gpu.get_description().c_str());
    return 0;
  }
  cublas_api cublas;
  if (!cublas.load()) {
    std::printf("cublas_sgemm: cuBLAS not found (libcublas.so)\n");
    return 1;
  }

  const int m = 512, n = 384, k = 256;
  std::vector<float> host_a(m * k), host_b(k * n);
  for (int i = 0; i < m * k; ++i)
    host_a[i] = static_cast<float>((i * 7) % 13) / 13.0f;
  for (int i = 0; i < k * n; ++i)
    host_b[i] = static_cast<float>((i * 5) % 11) / 11.0f;

  hc::accelerator_view view = gpu.get_default_view();
  hc::array<float, 2> a(m, k, host_a.begin(), view);
  hc::array<float, 2> b(k, n, host_b.begin(), view);
  hc::array<float, 2> c(m, n, view);

  cublas_handle handle = nullptr;
  if (cublas.create(&handle) != 0) {
    std::printf("cublas_sgemm: cublasCreate failed\n");
    return 1;
  }
  // cuBLAS works on the view's stream: ordered with the view's commands.
  cublas.set_stream(handle, view.get_cuda_stream());
  // Row-major C = A B is column-major C^T = B^T A^T: cuBLAS multiplies the
  // arrays as they lie, B first.
  const float one = 1.0f, zero = 0.0f;
  int status = cublas.sgemm(handle, cublas_op_n, cublas_op_n, n, m, k, &one,
                            b.accelerator_pointer(), n, a.accelerator_pointer(),
                            k, &zero, c.accelerator_pointer(), n);
  if (status != 0) {
    std::printf("cublas_sgemm: cublasSgemm failed (%d)\n", status);
    return 1;
  }

  // On the same view, so after cuBLAS: the largest difference from a
  // straightforward product, per row.
  hc::array<float, 1> row_error(m, view);
  hc::parallel_for_each(view, row_error.get_extent(),
                        [&a, &b, &c, &row_error](hc::index<1> idx) [[hc]] {
                          const int i = idx[0];
                          float worst = 0.0f;
                          for (int j = 0; j < n; ++j) {
                            float sum = 0.0f;
                            for (int p = 0; p < k; ++p)
                              sum += a(i, p) * b(p, j);
                            worst = hc::fast_math::fmaxf(
                                worst, hc::fast_math::fabsf(sum - c(i, j)));
                          }
                          row_error[idx] = worst;
                        })
      .wait();
  cublas.destroy(handle);

  std::vector<float> errors = row_error;
  float worst = 0.0f;
  for (float e : errors)
    worst = std::fmax(worst, e);
  std::printf("cublas_sgemm: %d x %d x %d on %ls, largest difference %g\n", m,
              n, k, gpu.get_description().c_str(), worst);
  bool ok = worst < 1e-3f;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
