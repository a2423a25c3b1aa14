# Sets HCC_GIT_REVISION to the short hash of the hcc sources' HEAD, or to
# "unknown" outside a git checkout (release tarballs, a repository with no
# commit yet). Taken at configure time: re-run cmake to refresh it.
# Included by tools/hcc and tools/hcc-config so both print the same version.
if(NOT DEFINED HCC_GIT_REVISION)
  set(HCC_GIT_REVISION unknown)
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(
      COMMAND ${GIT_EXECUTABLE} -C ${CMAKE_CURRENT_LIST_DIR} rev-parse --short HEAD
      OUTPUT_VARIABLE _hcc_rev
      RESULT_VARIABLE _hcc_rev_result
      OUTPUT_STRIP_TRAILING_WHITESPACE
      ERROR_QUIET)
    if(_hcc_rev_result EQUAL 0 AND _hcc_rev MATCHES "^[0-9a-f]+$")
      set(HCC_GIT_REVISION ${_hcc_rev})
    endif()
  endif()
endif()
