// The names hcc's components agree on: symbols, annotations and sections that
// one of them creates and another looks up by name. The Clang plugin (clang/),
// the LLVM pass plugin (llvm-passes/), the driver (tools/hcc/) and the runtime
// (lib/hc-runtime/) take them from here, so a name is spelled once.
//
// The headers that define these symbols for device or host code
// (hc/detail/device_heap.hpp, printf_device.hpp, workitem.hpp,
// image_registry.h) declare them as C++ or C identifiers, which cannot come
// from a string; each entry names the header whose identifier it must match.
//
// C++17, no dependencies: the plugins build against LLVM's headers only, the
// runtime against the standard library only. Not part of the API.
#ifndef HC_DETAIL_ABI_NAMES_H
#define HC_DETAIL_ABI_NAMES_H

namespace hc {
namespace abi {

// ---------------------------------------------------------------------------
// Symbols of device modules.
// ---------------------------------------------------------------------------

// The prefix of every symbol hcc's device runtime defines. The pass plugin does
// not report references to such symbols as undefined on the device
// (llvm-passes/diagnostics/DeviceLibraryAllowList.cpp).
inline constexpr char symbol_prefix[] = "__hcc_";

// The device heap's state (hc/detail/device_heap.hpp defines it). The pass
// plugin drops it from modules that do not allocate
// (llvm-passes/heap/DeviceHeapCalls.cpp); the CUDA backend looks it up in a
// loaded module and points it at the device's heap, the HSA backend (no device
// heap yet) refuses a module that has it.
inline constexpr char device_heap[] = "__hcc_device_heap";

// The prefix of the device heap's functions below; the pass plugin keeps the
// heap of a module whose kernels reach one of them.
inline constexpr char heap_function_prefix[] = "__hcc_heap_";

// The device heap's functions (hc/detail/device_heap.hpp defines them): the
// pass plugin renames calls of malloc, free, ... and of the global operator new
// and delete to them (llvm-passes/heap/DeviceHeapCalls.cpp).
inline constexpr char heap_malloc[] = "__hcc_heap_malloc";
inline constexpr char heap_free[] = "__hcc_heap_free";
inline constexpr char heap_calloc[] = "__hcc_heap_calloc";
inline constexpr char heap_realloc[] = "__hcc_heap_realloc";
inline constexpr char heap_aligned_alloc[] = "__hcc_heap_aligned_alloc";
inline constexpr char heap_posix_memalign[] = "__hcc_heap_posix_memalign";
inline constexpr char heap_new[] = "__hcc_heap_new";
inline constexpr char heap_new_nothrow[] = "__hcc_heap_new_nothrow";
inline constexpr char heap_new_aligned[] = "__hcc_heap_new_aligned";
inline constexpr char heap_new_aligned_nothrow[] =
    "__hcc_heap_new_aligned_nothrow";
inline constexpr char heap_delete[] = "__hcc_heap_delete";
inline constexpr char heap_delete_sized[] = "__hcc_heap_delete_sized";
inline constexpr char heap_delete_aligned[] = "__hcc_heap_delete_aligned";
inline constexpr char heap_delete_sized_aligned[] =
    "__hcc_heap_delete_sized_aligned";
inline constexpr char heap_delete_nothrow[] = "__hcc_heap_delete_nothrow";
inline constexpr char heap_delete_aligned_nothrow[] =
    "__hcc_heap_delete_aligned_nothrow";

// The pointer to the device's printf buffer (hc/detail/printf_device.hpp
// defines it). The pass plugin drops it from modules that do not print
// (llvm-passes/printf/DevicePrintf.cpp); the GPU backends look it up in a
// loaded module and point it at the device's buffer.
inline constexpr char printf_buffer[] = "__hcc_printf_buffer";

// hcc's device printf (hc/detail/printf_device.hpp defines it): the pass plugin
// renames Clang's calls of vprintf to it (llvm-passes/printf/DevicePrintf.cpp).
inline constexpr char vprintf_function[] = "__hcc_vprintf";

// Host global variables in kernels (docs/svm.md): the pass plugin gives a
// device module that uses globals of the program an array of pointers, one slot
// per variable, and the variables' names, NUL-separated
// (llvm-passes/svm/HostGlobals.cpp); the GPU backends read the names and fill
// the slots when they load the module.
inline constexpr char host_global_slots[] = "__hcc_host_global_slots";
inline constexpr char host_global_names[] = "__hcc_host_global_names";

// The marker the headers put on the data pointer of array and array_view
// element accesses in device passes (hc/detail/array_data.hpp declares it):
// the pass plugin gives atomics on such addresses device scope and removes the
// calls (llvm-passes/svm/ArrayDataScope.cpp).
inline constexpr char array_data_marker[] = "__hcc_array_data";
// The same marker for the data of an hc::array, which is always in global
// memory: the pass also makes the pointer a global one.
inline constexpr char global_array_data_marker[] = "__hcc_global_array_data";

// Arrays captured by reference read from the kernel's parameters: the argument
// block begins with copies of the array objects that the first
// `array_object_slot_count` pointer-sized words at byte
// `array_object_slots_first_word` of the block point to
// (hc::detail::array_object_slots, hc/detail/kernel_launch.hpp): a word of
// mask, bit w set when slot w holds the first `array_object_slot_bytes` bytes
// of the object word w points to, then the slots. The runtime fills them
// (lib/hc-runtime/core/resident_arrays.cpp); the pass plugin reads an
// array object's fields from its slot instead of through the reference
// (llvm-passes/optimize/KernelArrayObjects.cpp), where the word's pointee
// has its data pointer at `array_object_data_offset` (hc/detail/array.hpp
// checks it), which reaches global_array_data_marker.
inline constexpr unsigned array_object_slot_count = 8;
inline constexpr unsigned array_object_slot_bytes = 32;
inline constexpr unsigned array_object_slots_first_word =
    8 + array_object_slot_count * array_object_slot_bytes;
inline constexpr unsigned array_object_data_offset = 8;
// The data pointer of a slot the runtime found no live array for (a
// reference to an array destroyed before the launch): an address no GPU
// maps (above every 57-bit virtual address space, and still so after any
// element offset a 64-bit index gives it), so the kernel faults at its
// first element access instead of reading whatever the slot held. Its
// extents read as 0.
inline constexpr unsigned long long array_object_unmapped_data =
    0x4000000000000000ull;
// The mangled names of the kernel entry points whose argument block begins so
// (hc_kernel, hc_kernel32, hc_tiled_kernel, hc_tiled_kernel32 and
// hc_tiled_kernel32_whole of hc/detail/parallel_for_each.hpp) begin with one
// of these.
inline constexpr const char *kernel_entry_prefixes[] = {
    "_ZN2hc6detail9hc_kernelI", "_ZN2hc6detail11hc_kernel32I",
    "_ZN2hc6detail15hc_tiled_kernelI", "_ZN2hc6detail17hc_tiled_kernel32I",
    "_ZN2hc6detail23hc_tiled_kernel32_wholeI"};

// 32-bit element offsets (hc/detail/offset_width.hpp declares the markers):
// every kernel has a second entry point with this annotation
// (hc/detail/parallel_for_each.hpp); the pass plugin answers the query
// marker with true in its body and false everywhere else, and removes the
// entry where it would be the same as the first or where the kernel makes
// views of rank 2 and up over memory of unknown size (the view marker, which
// returns its first argument) (llvm-passes/optimize/KernelOffsetWidth.cpp).
// The runtime launches the second entry while no storage of 2 GiB or more
// exists (lib/hc-runtime/core/kernel_entry.cpp). The Clang plugin and the
// device diagnostics skip such entries: the first entry reports the same.
inline constexpr char offsets_32_entry_annotation[] = "hcc.offsets_32_entry";
// The whole-tiles entry of a tiled kernel (hc_tiled_kernel32_whole) is also
// a 32-bit-offset entry, but its code differs from the first entry's even
// where no offset question is asked (rank 1): the pass keeps it then. Where
// 32-bit offsets are not safe it is removed with the other second entry.
inline constexpr char whole_tiles_entry_annotation[] = "hcc.whole_tiles_entry";
inline constexpr char offsets_32_query_marker[] = "__hcc_offsets_fit_32_bits";
inline constexpr char kernel_memory_view_marker[] =
    "__hcc_view_over_kernel_memory";

// ---------------------------------------------------------------------------
// Symbols of host modules.
// ---------------------------------------------------------------------------

// The yield point of the CPU backend's kernels (hc/detail/workitem.hpp defines
// it): the pass plugin calls it in kernel loops that wait for other threads
// (llvm-passes/cpu/CpuKernelYieldPoints.cpp).
inline constexpr char cpu_yield_point[] = "__hcc_cpu_yield_point";

// Whether the calling code runs in a CPU-backend kernel (hc/detail/workitem.hpp
// defines it to ask the thread): the pass plugin answers it in the copies of
// functions the kernels' entry points reach
// (llvm-passes/cpu/CpuKernelCode.cpp).
inline constexpr char cpu_kernel_code_marker[] = "__hcc_cpu_kernel_code";

// The CPU backend's tile barrier, the entry point of a tile split at its
// barriers, and the storage of a split tile (hc/detail/kernel_launch.hpp
// declares them, the runtime defines them): the pass plugin splits the
// work-item function named in a call of the second at the calls of the first
// into loops over the tile, which keep their values in the third
// (llvm-passes/cpu/CpuTileLoops.cpp).
inline constexpr char cpu_tile_barrier[] = "__hcc_cpu_tile_barrier";
inline constexpr char cpu_tile_loops[] = "__hcc_cpu_tile_loops";
inline constexpr char cpu_tile_context[] = "__hcc_cpu_tile_context";

// hc::detail::cpu_spin_point (hc/detail/kernel_launch.hpp), the runtime's half
// of a yield point: once the yield point is inlined, a call of it is what is
// left of a loop that may wait for another work-item, which the pass plugin
// leaves to fibers (llvm-passes/cpu/CpuTileLoops.cpp).
inline constexpr char cpu_spin_point[] =
    "_ZN2hc6detail14cpu_spin_pointEPNS0_16workitem_contextE";

// hc::detail::cpu_current_workitem (hc/detail/workitem.hpp), the CPU
// backend's pointer to the running work-item, which only the headers' code
// reads: a split tile stores it for each work-item only when its code reads
// it (llvm-passes/cpu/CpuTileLoops.cpp); cpu_run_tile restores it after.
inline constexpr char cpu_current_workitem[] =
    "_ZN2hc6detail20cpu_current_workitemE";

// The mangled names of hc::detail::cpu_run_work_items<Kernel, N>
// (hc/detail/parallel_for_each.hpp) begin so: the loop over the work-items
// of a non-tiled kernel on the CPU, which the pass plugin cuts where the
// kernel's tests of its position change (llvm-passes/cpu/CpuWorkItemLoops.h).
inline constexpr char cpu_run_work_items_prefix[] =
    "_ZN2hc6detail18cpu_run_work_items";

// The prefix of a translation unit's table of host globals: the driver names
// the table after the unit and hands the name to the pass plugin
// (-hcc-host-globals-table=), which defines it
// (llvm-passes/svm/HostGlobals.cpp); the image registration stub refers to it.
inline constexpr char host_globals_table_prefix[] = "__hcc_host_globals_";

// ---------------------------------------------------------------------------
// Image registration: what the driver's generated stub spells
// (tools/hcc/ImageEmbedder.cpp) and hc/detail/image_registry.h declares.
// ---------------------------------------------------------------------------

// The runtime's entry point the stub calls for each image
// (lib/hc-runtime/core/image_registry.cpp defines it).
inline constexpr char register_image[] = "__hcc_register_image";

// The descriptor of an image and the table of host globals, as struct tags.
inline constexpr char image_desc_struct[] = "__hcc_image_desc";
inline constexpr char host_global_table_struct[] = "__hcc_host_global_table";

// The descriptor's version macro and the kinds of image.
inline constexpr char image_desc_version[] = "__HCC_IMAGE_DESC_VERSION";
inline constexpr char image_kind_ptx[] = "__hcc_image_ptx";
inline constexpr char image_kind_hsaco[] = "__hcc_image_hsaco";

// The section of host objects that holds the device images, and the prefix of
// each image's local symbol (__hcc_image_<unit>_<n>).
// scripts/check-amdgpu-images.py reads both.
inline constexpr char image_section[] = ".hcc_images";
inline constexpr char image_symbol_prefix[] = "__hcc_image_";

// ---------------------------------------------------------------------------
// What the Clang plugin puts on functions for the pass plugin: annotations
// (device passes), which reach it as llvm.global.annotations, and an ABI tag.
// ---------------------------------------------------------------------------

// A [[cpu]]-only function in a device pass (clang/ExecutionSpace.cpp): when
// Clang still emits its body, the pass plugin drops it
// (llvm-passes/device/HostOnlyFunctions.cpp).
inline constexpr char host_only_annotation[] = "hcc.host_only";

// An [[hc]] (restrict(amp)) function in a device pass that another
// translation unit may define or call (clang/ExecutionSpace.cpp): the pass
// plugin lets kernels call such a declaration and keeps such a definition
// for the images of other translation units (llvm-passes/device/
// DeviceLinking.cpp); the runtime links the images (docs/driver.md,
// "Device functions across translation units").
inline constexpr char device_function_annotation[] = "hcc.device_function";

// The ABI tag of amp-only functions in C++ AMP mode (mangled B3amp, demangled
// f[abi:amp](int)): the Clang plugin gives it to them
// (clang/ExecutionSpace.cpp) so that an amp and a cpu function of one signature
// get different symbols; the pass plugin leaves it out of the names in
// diagnostics (llvm-passes/diagnostics/SymbolNames.cpp).
inline constexpr char amp_abi_tag[] = "amp";

// A function containing typeid of a polymorphic object or try/catch
// (clang/DeviceCodeMarkers.cpp), annotated "<marker>:LINE:COL" with the
// construct's location; the pass plugin reports it if a kernel reaches the
// function (llvm-passes/diagnostics/DeviceCodeMarkers.cpp).
inline constexpr char typeid_marker[] = "hcc.typeid";
inline constexpr char try_marker[] = "hcc.try";

// ---------------------------------------------------------------------------
// Names the pass plugin gives what it creates for its own use. Nothing else
// looks them up; they make the IR readable, and tests match them.
// ---------------------------------------------------------------------------

// The argument block of an AMDGPU printf call
// (llvm-passes/printf/DevicePrintf.cpp).
inline constexpr char printf_args_value[] = "hcc.printf.args";

// The guards of an integer division in CPU kernels
// (llvm-passes/cpu/CpuKernelDivision.cpp).
inline constexpr char div_by_zero_value[] = "hcc.div.by.zero";
inline constexpr char div_by_minus_one_value[] = "hcc.div.by.minus.one";

// The private arrays behind a host module's table of host globals: each
// variable's name, and the entries (llvm-passes/svm/HostGlobals.cpp).
inline constexpr char host_global_name_value[] = ".hcc.host_global_name";
inline constexpr char host_global_entries_value[] = ".hcc.host_globals";

// ---------------------------------------------------------------------------
// Attributes the headers write and the Clang plugin defines.
// ---------------------------------------------------------------------------

// On every tile_static variable (the `tile_static` macro of
// hc/detail/config.hpp spells it as an identifier): storage without
// construction (clang/TileStaticAttribute.cpp).
inline constexpr char tile_static_attribute[] = "hcc_tile_static";

} // namespace abi
} // namespace hc

#endif // HC_DETAIL_ABI_NAMES_H
