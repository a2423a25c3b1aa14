// <amp_math.h>: C++ AMP's Concurrency::fast_math and precise_math are not
// part of hcc yet. They need device math functions (libdevice on NVPTX, the
// host libm on the CPU backend) wired into both passes, which is the subject
// of hcc's math-library issue; see docs/amp.md. Until then, including this
// header is an error rather than a silent gap.
#error "<amp_math.h> is not available in hcc yet (Concurrency::fast_math / precise_math depend on the device math library, not implemented); see docs/amp.md"
