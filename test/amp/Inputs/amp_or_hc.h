// The diag-rule tests compile one source in both modes: C++ AMP mode, where
// C++ AMP's rules are errors, and hc mode, where the same code compiles.
// <amp.h> belongs to C++ AMP mode; hc mode gets hc's names under the same
// namespace name.
#if defined(__HCC_AMP__)
#include <amp.h>
#else
#include <hc.hpp>
namespace concurrency = hc;
#endif
