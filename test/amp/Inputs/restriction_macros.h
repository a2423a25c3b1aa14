// Restriction macros as C++ AMP code defines them in its own headers.
#define GPU_AND_CPU restrict(amp, cpu)
#define GPU_ONLY restrict(amp)
#define CPU_EXPLICIT restrict(cpu)
