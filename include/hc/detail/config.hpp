// Compilation-mode plumbing shared by every hc header.
//
// hcc compiles each translation unit twice (docs/architecture.md):
//   host pass    __KALMAR_CPU__ defined: the program, and the kernels as
//                ordinary host code for the CPU backend;
//   device pass  __KALMAR_ACCELERATOR__ defined: the kernels for a GPU.
// Class layouts must be identical in both passes (kernel arguments are the
// host's bytes); only function bodies may differ. HC_DEVICE_PASS selects
// those bodies.
#ifndef HC_DETAIL_CONFIG_HPP
#define HC_DETAIL_CONFIG_HPP

#if defined(__KALMAR_ACCELERATOR__) && __KALMAR_ACCELERATOR__
#define HC_DEVICE_PASS 1
#else
#define HC_DEVICE_PASS 0
#endif

#if HC_DEVICE_PASS
#include <gpuintrin.h>
#endif

// A variable the runtime fills in for every module it loads (the printf
// buffer, the device heap). The runtime links an NVPTX image with the
// images that define the [[hc]] functions it calls from other translation
// units (docs/driver.md): each defines the variable, and the linked module
// keeps one.
#if HC_DEVICE_PASS && defined(__NVPTX__)
#define HC_MODULE_VARIABLE __attribute__((weak))
#else
#define HC_MODULE_VARIABLE
#endif

// C++ AMP mode (`hcc -std=c++amp`, docs/amp.md): hc's extent is C++ AMP's
// extent, so its tile<D0, ...>() gives Concurrency::tiled_extent<D0, ...>,
// and launches follow C++ AMP's rules (synchronous, checked domains).
#if defined(__KALMAR_AMP__) && __KALMAR_AMP__
#define HC_AMP_MODE 1
#else
#define HC_AMP_MODE 0
#endif

// hcc's spellings of the restriction annotations. With hcc's auto
// annotation every function a kernel calls is compiled for the device, so
// these document intent; the frontend plugin gives them their meaning.
#ifndef __HC__
#define __HC__ __attribute__((hc))
#endif
#ifndef __CPU__
#define __CPU__ __attribute__((cpu))
#endif

// tile_static: one variable per tile. On a GPU that is group (shared)
// memory. On the CPU backend a tile's work-items run as fibers of one worker
// thread, one tile at a time per thread, so a thread_local is per tile.
// hcc_tile_static: the variable is not constructed or destroyed, as C++ AMP
// says (clang/TileStaticAttribute.cpp).
#ifndef tile_static
#if HC_DEVICE_PASS
#define tile_static __attribute__((shared, hcc_tile_static))
#else
#define tile_static static thread_local __attribute__((hcc_tile_static))
#endif
#endif

#define HC_INLINE inline __attribute__((always_inline))

// What C++ AMP declares restrict(cpu) and hc leaves callable anywhere: in
// C++ AMP mode its rules reject a call from restrict(amp) code.
#if HC_AMP_MODE
#define HC_AMP_CPU_ONLY __attribute__((cpu))
#else
#define HC_AMP_CPU_ONLY
#endif

// C++ AMP's properties (`acc.device_path`, `av.extent`): Microsoft's
// __declspec(property), which Clang accepts with -fdeclspec; the driver
// passes it in C++ AMP mode (-std=c++amp). A property takes no storage, so
// class layouts are the same with and without.
#if defined(__has_declspec_attribute)
#if __has_declspec_attribute(property)
#define HC_HAS_PROPERTIES 1
#endif
#endif
#ifdef HC_HAS_PROPERTIES
#define HC_PROPERTY(type, name, getter)                                        \
  __declspec(property(get = getter)) type name;
#else
#define HC_PROPERTY(type, name, getter)
#endif

// Functions whose device body uses GPU intrinsics (which Clang only lets
// host-and-device code call); their host body is the CPU backend's. Plain
// functions where a compiler other than hcc reads the header (the
// runtime's unit tests).
#if defined(__KALMAR_CC__)
#define HC_HOST_DEVICE __attribute__((host, device))
#else
#define HC_HOST_DEVICE
#endif

#endif // HC_DETAIL_CONFIG_HPP
