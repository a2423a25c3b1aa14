# hcc-config.cmake: CMake package of hcc (docs/cmake.md).
#
#   find_package(hcc CONFIG REQUIRED)
#
# Found in <prefix>/lib/cmake/hcc/ of an installed hcc, and in
# <build>/lib/cmake/hcc/ of a build tree (which has the same layout). Every
# path is derived from this file's own location, so the prefix can be moved.
#
# Imported targets:
#   hcc::hc_runtime         libhc_runtime.so and <prefix>/include; link it
#                           to whatever holds objects that hcc compiled
#   hcc::hc_am              <hc_am.hpp> (am_alloc, the memory tracker): an
#                           INTERFACE target over hcc::hc_runtime, which
#                           holds that code (the original hcc had a separate
#                           libhc_am)
#   hcc::hccrt              the original hcc's name of its runtime (HIP
#                           linked hcc::hccrt and hcc::hc_am): INTERFACE over
#                           hcc::hc_runtime
#   hcc::hcc                the driver (bin/hcc)
#   hcc::hcc-config         bin/hcc-config
#   hcc::hcc-info           bin/hcc-info (if installed)
#   hcc::hcc-clang-plugin   the driver's frontend plugin (MODULE; if present)
#   hcc::hcc-llvm-passes    the driver's LLVM pass plugin (MODULE; if present)
#
# Variables:
#   HCC_PREFIX, HCC_EXECUTABLE, HCC_CONFIG_EXECUTABLE, HCC_INCLUDE_DIR,
#   HCC_TOOLCHAIN_FILE (the file to pass as CMAKE_TOOLCHAIN_FILE),
#   hcc_VERSION (from hcc-config-version.cmake)
#   HCC_OFFLOAD_ARCH (cache, empty): default device targets of the
#                           functions below; empty: the driver's default
#                           ($HCC_OFFLOAD_ARCH, else sm_90)
#   HCC_COMPILE_FLAGS (cache, empty): extra flags for every hcc compile
#
# Functions: compile chosen sources with bin/hcc in a project whose other
# sources use the project's own C++ compiler (g++, ...):
#
#   hcc_target_sources(<target> <source>...
#                      [OFFLOAD_ARCH <arch>...] [COMPILE_OPTIONS <flag>...])
#   hcc_add_executable(<name> <source>... [OFFLOAD_ARCH ...] [COMPILE_OPTIONS ...])
#   hcc_add_library(<name> [STATIC|SHARED] <source>... [OFFLOAD_ARCH ...]
#                   [COMPILE_OPTIONS ...])
#
# hcc_target_sources compiles each source with hcc into an object file (a
# custom command, with a dependency file) and adds the object to <target>,
# which is linked by the project's compiler as usual, with hcc::hc_runtime.
# The hcc command line gets the target's include directories, compile
# definitions and C++ standard, the flags of the build type
# (CMAKE_CXX_FLAGS_<CONFIG>), -fPIC for position-independent targets, and
# then HCC_COMPILE_FLAGS and COMPILE_OPTIONS. It does not get the target's
# other COMPILE_OPTIONS nor CMAKE_CXX_FLAGS: those are the project
# compiler's.

cmake_minimum_required(VERSION 3.20)
cmake_policy(PUSH)
cmake_policy(VERSION 3.20...3.31)

# <prefix>/lib/cmake/hcc -> <prefix>
get_filename_component(HCC_PREFIX "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

set(HCC_EXECUTABLE "${HCC_PREFIX}/bin/hcc")
set(HCC_CONFIG_EXECUTABLE "${HCC_PREFIX}/bin/hcc-config")
set(HCC_INCLUDE_DIR "${HCC_PREFIX}/include")
set(HCC_TOOLCHAIN_FILE "${CMAKE_CURRENT_LIST_DIR}/hcc-toolchain.cmake")
set(_hcc_runtime_lib "${HCC_PREFIX}/lib/libhc_runtime.so")

foreach(_hcc_required IN ITEMS "${HCC_EXECUTABLE}" "${_hcc_runtime_lib}"
                               "${HCC_INCLUDE_DIR}/hc.hpp")
  if(NOT EXISTS "${_hcc_required}")
    set(hcc_FOUND FALSE)
    set(hcc_NOT_FOUND_MESSAGE
        "hcc at ${HCC_PREFIX} is incomplete: ${_hcc_required} is missing")
    cmake_policy(POP)
    return()
  endif()
endforeach()

include(CMakeFindDependencyMacro)
find_dependency(Threads)

if(NOT TARGET hcc::hc_runtime)
  add_library(hcc::hc_runtime SHARED IMPORTED)
  set_target_properties(hcc::hc_runtime PROPERTIES
    IMPORTED_LOCATION "${_hcc_runtime_lib}"
    IMPORTED_SONAME "libhc_runtime.so"
    INTERFACE_INCLUDE_DIRECTORIES "${HCC_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES Threads::Threads)
endif()

# Names that users of the original hcc link. Here everything is in
# libhc_runtime, so they are interface targets that only pass it on.
foreach(_hcc_alias IN ITEMS hc_am hccrt)
  if(NOT TARGET hcc::${_hcc_alias})
    add_library(hcc::${_hcc_alias} INTERFACE IMPORTED)
    set_target_properties(hcc::${_hcc_alias} PROPERTIES
      INTERFACE_LINK_LIBRARIES hcc::hc_runtime)
  endif()
endforeach()

foreach(_hcc_tool IN ITEMS hcc hcc-config hcc-info)
  if(NOT TARGET hcc::${_hcc_tool} AND EXISTS "${HCC_PREFIX}/bin/${_hcc_tool}")
    add_executable(hcc::${_hcc_tool} IMPORTED)
    set_target_properties(hcc::${_hcc_tool} PROPERTIES
      IMPORTED_LOCATION "${HCC_PREFIX}/bin/${_hcc_tool}")
  endif()
endforeach()

foreach(_hcc_plugin IN ITEMS hcc-clang-plugin hcc-llvm-passes)
  set(_hcc_plugin_file "${HCC_PREFIX}/lib/hcc/lib${_hcc_plugin}.so")
  if(NOT TARGET hcc::${_hcc_plugin} AND EXISTS "${_hcc_plugin_file}")
    add_library(hcc::${_hcc_plugin} MODULE IMPORTED)
    set_target_properties(hcc::${_hcc_plugin} PROPERTIES
      IMPORTED_LOCATION "${_hcc_plugin_file}")
  endif()
endforeach()

set(HCC_OFFLOAD_ARCH "" CACHE STRING
  "Device targets for hcc_target_sources() (e.g. sm_80;sm_90, or none); empty: the hcc driver's default")
set(HCC_COMPILE_FLAGS "" CACHE STRING
  "Extra flags for every source that hcc_target_sources() compiles")

# A list made one argument of a custom command that COMMAND_EXPAND_LISTS
# splits again after generator expressions are evaluated.
function(_hcc_genex_list out)
  string(REPLACE ";" "$<SEMICOLON>" _joined "${ARGN}")
  set(${out} "${_joined}" PARENT_SCOPE)
endfunction()

function(hcc_target_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 _hcc "" "" "OFFLOAD_ARCH;COMPILE_OPTIONS")
  if(NOT TARGET ${target})
    message(FATAL_ERROR "hcc_target_sources: '${target}' is not a target")
  endif()
  get_target_property(_kind ${target} TYPE)
  if(NOT _kind MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY)$")
    message(FATAL_ERROR "hcc_target_sources(${target}): a ${_kind} cannot "
      "hold hcc objects (executables, static, shared and module libraries can)")
  endif()
  set(_sources ${_hcc_UNPARSED_ARGUMENTS})
  if(NOT _sources)
    message(FATAL_ERROR "hcc_target_sources(${target}): no sources given")
  endif()

  # Flags of the build type, for single- and multi-config generators.
  set(_config_flags)
  foreach(_config IN ITEMS Debug Release RelWithDebInfo MinSizeRel)
    string(TOUPPER ${_config} _upper)
    separate_arguments(_flags UNIX_COMMAND "${CMAKE_CXX_FLAGS_${_upper}}")
    if(_flags)
      _hcc_genex_list(_flags_arg ${_flags})
      list(APPEND _config_flags "$<$<CONFIG:${_config}>:${_flags_arg}>")
    endif()
  endforeach()

  set(_arch ${_hcc_OFFLOAD_ARCH})
  if(NOT _arch AND HCC_OFFLOAD_ARCH)
    set(_arch ${HCC_OFFLOAD_ARCH})
  endif()
  set(_arch_flags)
  if(_arch)
    list(JOIN _arch "," _arch_joined)
    set(_arch_flags "--offload-arch=${_arch_joined}")
  endif()
  separate_arguments(_extra UNIX_COMMAND "${HCC_COMPILE_FLAGS}")

  # Without hcc's own include directory (from hcc::hc_runtime): the driver
  # adds it as -isystem, so warnings flags do not apply to the hc headers.
  string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" _hcc_inc_regex "${HCC_INCLUDE_DIR}")
  set(_tp "$<FILTER:$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>,EXCLUDE,^${_hcc_inc_regex}/?$>")
  set(_includes "$<$<BOOL:${_tp}>:-I$<JOIN:${_tp},$<SEMICOLON>-I>>")
  set(_td "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(_defines "$<$<BOOL:${_td}>:-D$<JOIN:${_td},$<SEMICOLON>-D>>")
  set(_ts "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(_std "$<$<BOOL:${_ts}>:-std=c++${_ts}>")
  set(_type "$<TARGET_PROPERTY:${target},TYPE>")
  set(_pic "$<$<OR:$<BOOL:$<TARGET_PROPERTY:${target},POSITION_INDEPENDENT_CODE>>,$<STREQUAL:${_type},SHARED_LIBRARY>,$<STREQUAL:${_type},MODULE_LIBRARY>>:-fPIC>")

  set(_objects)
  foreach(_source IN LISTS _sources)
    get_filename_component(_abs "${_source}" ABSOLUTE)
    # The object mirrors the source's path below the source or build tree.
    file(RELATIVE_PATH _rel "${CMAKE_CURRENT_SOURCE_DIR}" "${_abs}")
    if(_rel MATCHES "^\\.\\./")
      file(RELATIVE_PATH _rel "${CMAKE_CURRENT_BINARY_DIR}" "${_abs}")
      if(_rel MATCHES "^\\.\\./")
        get_filename_component(_rel "${_abs}" NAME)
      endif()
    endif()
    set(_object "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.hcc/${_rel}.o")
    get_filename_component(_object_dir "${_object}" DIRECTORY)
    file(RELATIVE_PATH _object_rel "${CMAKE_BINARY_DIR}" "${_object}")

    add_custom_command(
      OUTPUT "${_object}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${_object_dir}"
      COMMAND "${HCC_EXECUTABLE}" ${_config_flags} ${_std} ${_includes}
              ${_defines} ${_pic} ${_arch_flags} ${_extra}
              ${_hcc_COMPILE_OPTIONS}
              -MD -MF "${_object}.d" -MT "${_object}"
              -c "${_abs}" -o "${_object}"
      DEPENDS "${_abs}" "${HCC_EXECUTABLE}"
      DEPFILE "${_object}.d"
      WORKING_DIRECTORY "${CMAKE_BINARY_DIR}"
      COMMENT "Building hcc object ${_object_rel}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    list(APPEND _objects "${_object}")
  endforeach()

  set_source_files_properties(${_objects} PROPERTIES
    EXTERNAL_OBJECT TRUE GENERATED TRUE)
  target_sources(${target} PRIVATE ${_objects})
  # Objects with only hcc sources have no language for the link step.
  get_target_property(_linker_language ${target} LINKER_LANGUAGE)
  if(NOT _linker_language)
    set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
  endif()
  # The runtime, as target_link_libraries(PRIVATE) would add it (INTERFACE
  # too for a static library), but through the properties, so that the
  # target may use either signature of target_link_libraries itself.
  set_property(TARGET ${target} APPEND PROPERTY LINK_LIBRARIES hcc::hc_runtime)
  if(_kind STREQUAL "STATIC_LIBRARY")
    set_property(TARGET ${target} APPEND PROPERTY
      INTERFACE_LINK_LIBRARIES hcc::hc_runtime)
  endif()
endfunction()

function(hcc_add_executable name)
  cmake_parse_arguments(PARSE_ARGV 1 _hcc "" "" "OFFLOAD_ARCH;COMPILE_OPTIONS")
  add_executable(${name})
  hcc_target_sources(${name} ${_hcc_UNPARSED_ARGUMENTS}
                     OFFLOAD_ARCH ${_hcc_OFFLOAD_ARCH}
                     COMPILE_OPTIONS ${_hcc_COMPILE_OPTIONS})
endfunction()

function(hcc_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 _hcc "STATIC;SHARED" ""
                        "OFFLOAD_ARCH;COMPILE_OPTIONS")
  set(_kind)
  foreach(_k IN ITEMS STATIC SHARED)
    if(_hcc_${_k})
      set(_kind ${_k})
    endif()
  endforeach()
  add_library(${name} ${_kind})
  hcc_target_sources(${name} ${_hcc_UNPARSED_ARGUMENTS}
                     OFFLOAD_ARCH ${_hcc_OFFLOAD_ARCH}
                     COMPILE_OPTIONS ${_hcc_COMPILE_OPTIONS})
endfunction()

cmake_policy(POP)
