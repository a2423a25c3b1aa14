// Sparse matrix times vector, y = A x, with A in CSR form (row offsets,
// column indices, values): one row per work-item, the textbook scalar
// kernel. A is random: 16 to 48 entries per row (32 on average), their
// columns spread over the whole row, so x is read in a scattered order.
// Twin: spmv.cu.
//
//   twin.spmv.gflops   2 flops per stored entry / median time of one y = A x
//
// Both results are checked against the CPU (double precision), every row.
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

namespace {

struct csr {
  int rows = 0, cols = 0;
  std::vector<int> offsets, columns;
  std::vector<float> values;
};

// Row lengths uniform in [16, 48]; each entry's column is drawn from its own
// equal share of [0, cols), so a row's columns are sorted and distinct.
csr random_matrix(int rows, int cols, twin::random &rng) {
  csr a;
  a.rows = rows;
  a.cols = cols;
  a.offsets.reserve(rows + 1);
  a.offsets.push_back(0);
  for (int r = 0; r < rows; ++r) {
    const int length = 16 + static_cast<int>(rng.below(33));
    for (int k = 0; k < length; ++k) {
      const long first = static_cast<long>(cols) * k / length;
      const long last = static_cast<long>(cols) * (k + 1) / length;
      a.columns.push_back(static_cast<int>(
          first + rng.below(static_cast<unsigned>(last - first))));
      a.values.push_back(rng.uniform(-1, 1));
    }
    a.offsets.push_back(static_cast<int>(a.columns.size()));
  }
  return a;
}

void spmv(const hc::accelerator_view &view,
          const hc::array_view<const int, 1> &offsets,
          const hc::array_view<const int, 1> &columns,
          const hc::array_view<const float, 1> &values,
          const hc::array_view<const float, 1> &x,
          const hc::array_view<float, 1> &y) {
  hc::parallel_for_each(view, y.get_extent(), [=](hc::index<1> i) [[hc]] {
    const int row = i[0];
    float sum = 0.0f;
    for (int k = offsets[row]; k < offsets[row + 1]; ++k)
      sum += values[k] * x[columns[k]];
    y[row] = sum;
  }).wait();
}

std::vector<double> cpu_spmv(const csr &a, const std::vector<float> &x) {
  std::vector<double> y(a.rows);
  for (int r = 0; r < a.rows; ++r) {
    double sum = 0;
    for (int k = a.offsets[r]; k < a.offsets[r + 1]; ++k)
      sum += static_cast<double>(a.values[k]) * x[a.columns[k]];
    y[r] = sum;
  }
  return y;
}

int run(twin::harness &h) {
  int rows = static_cast<int>(h.size(1 << 20, 1000));
  twin::random rng(6);
  const csr a = random_matrix(rows, rows, rng);
  std::vector<float> hx(a.cols);
  for (float &v : hx)
    v = rng.uniform(-1, 1);
  const std::size_t nnz = a.values.size();
  bench::note("%d x %d, %zu entries (%.1f per row), median of %d products",
              a.rows, a.cols, nnz, static_cast<double>(nnz) / a.rows, h.reps());

  hc::accelerator_view view = h.view();
  hc::array<int, 1> offsets_data(rows + 1, a.offsets.begin(), view),
      columns_data(static_cast<int>(nnz), a.columns.begin(), view);
  hc::array<float, 1> values_data(static_cast<int>(nnz), a.values.begin(),
                                  view),
      x_data(a.cols, hx.begin(), view), y_data(rows, view);
  hc::array_view<const int, 1> offsets(offsets_data), columns(columns_data);
  hc::array_view<const float, 1> values(values_data), x(x_data);
  hc::array_view<float, 1> y(y_data);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr roffsets = 0, rcolumns = 0, rvalues = 0, rx = 0, ry = 0;
  if (ref) {
    kernel = ref->function("spmv_csr");
    roffsets = h.upload(a.offsets);
    rcolumns = h.upload(a.columns);
    rvalues = h.upload(a.values);
    rx = h.upload(hx);
    ry = h.alloc<float>(rows);
  }
  void *params[] = {&rows, &roffsets, &rcolumns, &rvalues, &rx, &ry};
  const unsigned block = 256;

  h.time([&] { spmv(view, offsets, columns, values, x, y); },
         [&] {
           ref->launch(kernel, (rows + block - 1) / block, 1, block, 1, params);
         });

  std::vector<float> ours(rows);
  hc::copy(y_data, ours.begin());
  // At most 48 float products summed in order, some contracted into fused
  // multiply-adds: well within 1e-4 of max(|y|, 1); a wrong entry or
  // column is off by about 1.
  twin::expect_close("ours against the CPU", ours, cpu_spmv(a, hx), 1e-4);
  if (ref)
    twin::expect_close("ref against ours", h.download<float>(ry, rows), ours,
                       1e-4);

  h.report("twin.spmv.gflops", 2.0 * nnz, 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "spmv", "[--size ROWS]", run);
}
