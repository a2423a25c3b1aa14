// <amp_graphics.h>: C++ AMP 1.2's textures (namespace Concurrency::graphics,
// docs/amp-graphics.md):
//   texture<T, N>                 texels on an accelerator_view, N = 1..3,
//                                 in 8/16/32/64-bit formats, with mipmaps
//   texture_view<T, N>            one level, read and written in kernels
//   texture_view<const T, N>      levels, read, sample()d, gather_*()ed
//   writeonly_texture_view<T, N>  C++ AMP 1.0's write-only view
//   sampler, filter_mode, address_mode
//   copy, copy_async              to and from host memory, iterators and
//                                 other textures
// and, from <amp_short_vectors.h>, norm, unorm and the short vectors.
//
// Textures are ordinary device memory here; sampling and filtering are
// computed by the kernel (the same results on every backend). Absent:
// Concurrency::graphics::direct3d (interop with Direct3D textures and
// samplers: there is no Direct3D).
#ifndef HC_AMP_GRAPHICS_H
#define HC_AMP_GRAPHICS_H

#include <amp.h>
#include <amp_short_vectors.h>

#include <hc/detail/amp_graphics/sampler.hpp>
#include <hc/detail/amp_graphics/texture.hpp>
#include <hc/detail/amp_graphics/texture_copy.hpp>
#include <hc/detail/amp_graphics/texture_view.hpp>

#endif // HC_AMP_GRAPHICS_H
