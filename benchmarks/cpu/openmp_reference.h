// The OpenMP references of the CPU backend's benchmarks (cpu.cpp): the same
// loops written as an OpenMP user writes them, compiled by the system
// compiler with -O3 -march=native -fopenmp (openmp_reference.cpp), so that
// ours and theirs run in one process on the same cores.
#ifndef HCC_BENCH_CPU_OPENMP_REFERENCE_H
#define HCC_BENCH_CPU_OPENMP_REFERENCE_H

#ifdef __cplusplus
extern "C" {
#endif

// Threads an OpenMP parallel region gets here (omp_get_max_threads()).
int omp_ref_threads(void);
// An empty parallel region: what launching nothing and waiting costs.
void omp_ref_empty_region(void);
// y[i] = a * x[i] + y[i]
void omp_ref_saxpy(long n, float a, const float *x, float *y);
// a[i] = b[i] + s * c[i]
void omp_ref_triad(long n, float s, float *a, const float *b, const float *c);
// out = the 5-point stencil of in (rows x cols, row-major): interior
// points 0.6 * centre + 0.1 * each neighbour, the border copied.
void omp_ref_stencil2d(int rows, int cols, const float *in, float *out);
// partial[t] = the sum of in[t * tile .. t * tile + tile) (n a multiple of
// tile).
void omp_ref_tile_sums(long n, int tile, const float *in, float *partial);
// bins[b] += the number of x[i] in [b / nbins, (b + 1) / nbins), x in
// [0, 1): one atomic increment per value.
void omp_ref_histogram(long n, int nbins, const float *x, unsigned *bins);
// c = a * b, n x n row-major matrices: rows in parallel, the inner loop
// over a row of b with `simd`.
void omp_ref_matmul(int n, const float *a, const float *b, float *c);
// One step of all-pairs gravity: acc[i] (x, y, z) = sum over j of
// m_j * d / (|d|^2 + eps2)^(3/2), d = pos_j - pos_i; pos = (x, y, z, m) per
// body. Bodies in parallel, the loop over j with `simd`.
void omp_ref_nbody(int n, float eps2, const float *pos, float *acc);

#ifdef __cplusplus
}
#endif

#endif
