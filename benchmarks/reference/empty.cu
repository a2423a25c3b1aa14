// Reference kernel of the dispatch benchmark: a launch that does nothing,
// so that what is timed is the launch path of the driver alone.
// Compiled by run-gpu.sh: nvcc -cubin -arch=sm_90 -O3 empty.cu
extern "C" __global__ void empty_kernel() {}
