//===- DeviceModule.h - Recognising device modules and kernels -*- C++ -*-===//
//
// Part of hcc. hcc compiles every translation unit twice with the same
// -fpass-plugin; only the device pass must be pruned, so everything in this
// plugin first asks whether the module it got is a device module.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_DEVICEMODULE_H
#define HCC_LLVM_PASSES_DEVICE_DEVICEMODULE_H

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
class GlobalValue;
class Module;
} // namespace llvm

namespace hcc {

/// Group memory (tile_static): address space 3 on NVPTX (.shared) and on
/// AMDGPU (LDS).
constexpr unsigned GroupAddressSpace = 3;

/// True for the targets hcc produces device code for (NVPTX and AMDGPU).
/// Host modules (x86-64, AArch64, ...) are left untouched.
bool isDeviceModule(const llvm::Module &M);

/// All kernels of \p M in module order, so that diagnostics come out in a
/// stable order.
llvm::SmallVector<llvm::Function *, 8> findKernels(llvm::Module &M);

/// Whether \p F is the 32-bit-offset twin of a kernel entry point
/// (hc/detail/offset_width.hpp): annotated so in the source; the
/// annotation becomes the function attribute hc::abi::offsets_32_entry_
/// annotation, which outlives the annotations array (host bookkeeping that
/// pruning deletes), in findDiagnosedKernels.
bool isOffsets32Entry(const llvm::Function &F);

/// Whether \p F is a tiled kernel's whole-tiles entry point (one block per
/// tile, no tile loop; hc_tiled_kernel32_whole), also a 32-bit-offset twin;
/// its annotation becomes an attribute the same way.
bool isWholeTilesEntry(const llvm::Function &F);

/// The kernels the diagnostics judge: all but the 32-bit-offset twins of
/// kernel entry points, whose code is the same as their first entry's, so
/// that each problem is reported once. Run first at the pipeline start, it
/// also turns the twins' annotations into attributes (above).
llvm::SmallVector<llvm::Function *, 8> findDiagnosedKernels(llvm::Module &M);

/// In a host module: hc::detail::cpu_run_range / cpu_run_item, the kernels
/// as the CPU backend runs them, cpu_run_work_items, cpu_run_range's loop
/// over work-items (a function of its own, parallel_for_each.hpp), and
/// cpu_tile_work_item, a tiled kernel's work-item (the tiles' loops are made
/// of it, cpu/CpuTileLoops.h).
bool isCpuKernelEntry(const llvm::Function &F);

/// The defined CPU entry points of kernels in host module \p M (none in a
/// device module): the roots of what the CPU backend runs as kernel code.
llvm::SmallVector<llvm::GlobalValue *, 8> cpuKernelEntries(llvm::Module &M);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_DEVICEMODULE_H
