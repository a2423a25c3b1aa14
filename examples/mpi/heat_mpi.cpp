// The heat equation of examples/multi_gpu over MPI ranks: one strip of rows
// per rank, each rank on one accelerator of its node, halo rows exchanged
// with its neighbours through MPI from pinned host memory
// (hc::am_alloc(..., amHostPinned)). A step:
//
//   1. the strip's first and last rows are updated, then the rest of the
//      strip, asynchronously;
//   2. when the edge rows are done they are copied into pinned buffers and
//      sent to the neighbours (MPI_Isend/MPI_Irecv) while the interior
//      kernel runs;
//   3. the received rows are copied into the strip's halo rows.
//
// Rank 0 gathers the plate at the end and checks it against the same
// sweeps on its own accelerator.
//
//   mpirun -np 2 heat_mpi [--rows R] [--cols C] [--steps S]
//
// Each rank takes the GPU numbered by its rank on the node (Open MPI's
// OMPI_COMM_WORLD_LOCAL_RANK, else the rank within MPI_COMM_TYPE_SHARED)
// modulo the node's GPUs, or the CPU when the node has none
// (docs/multi-gpu.md).
#include "../common/heat_plate.hpp"

#include <hc_am.hpp>
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// This process's number among the ranks of its node.
int node_local_rank() {
  if (const char *local = std::getenv("OMPI_COMM_WORLD_LOCAL_RANK"))
    return std::atoi(local);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                      &node);
  int rank = 0;
  MPI_Comm_rank(node, &rank);
  MPI_Comm_free(&node);
  return rank;
}

hc::accelerator pick_accelerator(int local_rank) {
  std::vector<hc::accelerator> gpus;
  for (hc::accelerator &a : hc::accelerator::get_all())
    if (!a.get_is_emulated())
      gpus.push_back(a);
  if (gpus.empty())
    return hc::accelerator(L"cpu");
  return gpus[local_rank % gpus.size()];
}

// A row's worth of page-locked host memory: the GPU copies into it
// directly, and MPI sends from it.
struct pinned_row {
  float *data;
  pinned_row(int cols, hc::accelerator &acc)
      : data(static_cast<float *>(
            hc::am_alloc(cols * sizeof(float), acc, amHostPinned))) {
    if (!data)
      throw std::runtime_error("heat_mpi: no pinned host memory");
  }
  ~pinned_row() { hc::am_free(data); }
  pinned_row(const pinned_row &) = delete;
  pinned_row &operator=(const pinned_row &) = delete;
};

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  heat::options o = heat::parse(argc, argv);
  if (o.rows < ranks || o.cols < 3 || o.steps < 0) {
    if (rank == 0)
      std::fprintf(stderr, "heat_mpi: need rows >= ranks, cols >= 3\n");
    MPI_Finalize();
    return 2;
  }

  hc::accelerator acc = pick_accelerator(node_local_rank());
  std::wstring name = acc.get_description();
  std::printf("rank %d of %d on %s\n", rank, ranks,
              std::string(name.begin(), name.end()).c_str());
  std::fflush(stdout);

  std::vector<int> firsts(ranks), heights(ranks);
  for (int r = 0, first = 0; r < ranks; ++r) {
    heights[r] = o.rows / ranks + (r < o.rows % ranks ? 1 : 0);
    firsts[r] = first;
    first += heights[r];
  }
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int down = rank + 1 < ranks ? rank + 1 : MPI_PROC_NULL;

  {
    heat::strip s(firsts[rank], heights[rank], o.rows, o.cols,
                  acc.get_default_view());
    pinned_row send_up(o.cols, acc), send_down(o.cols, acc);
    pinned_row from_up(o.cols, acc), from_down(o.cols, acc);

    MPI_Barrier(MPI_COMM_WORLD);
    auto start = std::chrono::steady_clock::now();
    for (int step = 0; step < o.steps; ++step) {
      if (step == 1) // the first step loaded the kernels: not timed
        start = std::chrono::steady_clock::now();
      hc::completion_future edges = s.sweep_edges();
      std::vector<hc::completion_future> interior;
      s.sweep_interior(interior);
      edges.wait();
      // The edge rows leave while the interior kernel runs.
      hc::copy(*s.send_top, send_up.data);
      hc::copy(*s.send_bottom, send_down.data);
      MPI_Request requests[4];
      MPI_Irecv(from_up.data, o.cols, MPI_FLOAT, up, 0, MPI_COMM_WORLD,
                &requests[0]);
      MPI_Irecv(from_down.data, o.cols, MPI_FLOAT, down, 1, MPI_COMM_WORLD,
                &requests[1]);
      MPI_Isend(send_up.data, o.cols, MPI_FLOAT, up, 1, MPI_COMM_WORLD,
                &requests[2]);
      MPI_Isend(send_down.data, o.cols, MPI_FLOAT, down, 0, MPI_COMM_WORLD,
                &requests[3]);
      MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
      if (up != MPI_PROC_NULL)
        hc::copy(from_up.data, *s.halo_top);
      if (down != MPI_PROC_NULL)
        hc::copy(from_down.data, *s.halo_bottom);
      // The next step's edge kernel is ordered after this interior kernel
      // by the runtime; only the first step (not timed) and the last wait.
      if (step == 0 || step + 1 == o.steps)
        for (auto &f : interior)
          f.wait();
      s.swap_buffers();
    }
    double ms_per_step = std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - start)
                             .count() /
                         (o.steps > 1 ? o.steps - 1 : 1);

    // Rank 0 gathers the plate and checks it.
    std::vector<float> mine(static_cast<size_t>(o.rows) * o.cols);
    s.copy_rows_to(mine);
    std::vector<int> counts(ranks), offsets(ranks);
    for (int r = 0; r < ranks; ++r) {
      counts[r] = heights[r] * o.cols;
      offsets[r] = firsts[r] * o.cols;
    }
    std::vector<float> plate(rank == 0 ? mine.size() : 0);
    MPI_Gatherv(mine.data() + offsets[rank], counts[rank], MPI_FLOAT,
                plate.data(), counts.data(), offsets.data(), MPI_FLOAT, 0,
                MPI_COMM_WORLD);
    double slowest = 0;
    MPI_Reduce(&ms_per_step, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0,
               MPI_COMM_WORLD);
    int failed = 0;
    if (rank == 0) {
      std::vector<float> one = heat::on_one_accelerator(
          acc.get_default_view(), o.rows, o.cols, o.steps);
      double worst = heat::largest_difference(plate, one);
      std::printf("heat_mpi: %d x %d, %d steps, %d ranks: %.3f ms/step\n",
                  o.rows, o.cols, o.steps, ranks, slowest);
      std::printf("largest difference from one accelerator: %g\n", worst);
      failed = worst > 1e-5;
      std::printf("%s\n", failed ? "FAILED" : "PASSED");
    }
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return failed ? 1 : 0;
  }
}
