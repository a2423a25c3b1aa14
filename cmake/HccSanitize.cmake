# Sanitizer builds of libhc_runtime and its unit tests (docs/testing.md,
# "Sanitizers"; scripts/run-sanitizers.sh configures them).
#
#   -DHCC_SANITIZE="address;undefined"   AddressSanitizer (with
#                                        LeakSanitizer) and UBSan
#   -DHCC_SANITIZE=thread                ThreadSanitizer
#
# hcc_sanitize(<target>) adds the flags to the compile and the link of one
# target; lib/hc-runtime and unittests/ call it for theirs. Only Clang is
# supported (the runtimes are compiler-rt's, from libclang-rt-22-dev).

set(HCC_SANITIZE "" CACHE STRING
  "Sanitizers for libhc_runtime and the unit tests: 'address;undefined' or 'thread'")

set(HCC_SANITIZE_FLAGS)
if(HCC_SANITIZE)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "HCC_SANITIZE needs clang (configure with "
      "-DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++), not "
      "${CMAKE_CXX_COMPILER_ID}")
  endif()
  if(NOT HCC_RUNTIME_ONLY)
    # The plugins are loaded into an uninstrumented clang and the lit
    # programs link the runtime without the sanitizer's runtime: neither
    # works with instrumented code.
    message(FATAL_ERROR "HCC_SANITIZE needs HCC_RUNTIME_ONLY=ON")
  endif()
  set(_hcc_known "address" "undefined" "thread")
  foreach(_s ${HCC_SANITIZE})
    if(NOT _s IN_LIST _hcc_known)
      message(FATAL_ERROR "HCC_SANITIZE: unknown sanitizer '${_s}' "
        "(expected address, undefined or thread)")
    endif()
  endforeach()
  if("thread" IN_LIST HCC_SANITIZE AND "address" IN_LIST HCC_SANITIZE)
    message(FATAL_ERROR "HCC_SANITIZE: thread and address cannot be combined")
  endif()
  list(JOIN HCC_SANITIZE "," _hcc_sanitizers)
  # -fno-omit-frame-pointer: whole stacks in reports (the fast unwinder).
  # -O1 -gline-tables-only: file:line in reports, at a fraction of the
  # compile time of -O3 with full debug information.
  set(HCC_SANITIZE_FLAGS -fsanitize=${_hcc_sanitizers} -fno-omit-frame-pointer
    -O1 -gline-tables-only)
  if("undefined" IN_LIST HCC_SANITIZE)
    # Undefined behaviour ends the program, as the other sanitizers' reports
    # do, so that a report cannot go unnoticed in a passing test.
    list(APPEND HCC_SANITIZE_FLAGS -fno-sanitize-recover=undefined)
  endif()
  message(STATUS "hcc: runtime and unit tests built with -fsanitize=${_hcc_sanitizers}")
endif()

function(hcc_sanitize target)
  if(HCC_SANITIZE_FLAGS)
    target_compile_options(${target} PRIVATE ${HCC_SANITIZE_FLAGS})
    target_link_options(${target} PRIVATE ${HCC_SANITIZE_FLAGS})
  endif()
endfunction()
