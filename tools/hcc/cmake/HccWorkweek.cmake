# Sets HCC_VERSION_WORKWEEK, the value of __hcc_workweek__: yyWWd (year, ISO
# week and weekday, 1 = Monday) of the sources' last commit, the format of
# the original hcc, whose users compare it with five-digit numbers
# (`#if __hcc_workweek__ >= 18114`). It extends __hcc_patchlevel__ (yyWW,
# top-level CMakeLists.txt) by the day; outside a git checkout the day is 1.
if(NOT DEFINED HCC_VERSION_WORKWEEK)
  set(HCC_VERSION_WORKWEEK "${HCC_VERSION_PATCHLEVEL}1")
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(
      COMMAND ${GIT_EXECUTABLE} -C ${CMAKE_CURRENT_LIST_DIR} log -1 --format=%cd --date=format:%y%V%u
      OUTPUT_VARIABLE _hcc_yywwd
      RESULT_VARIABLE _hcc_yywwd_result
      OUTPUT_STRIP_TRAILING_WHITESPACE
      ERROR_QUIET)
    if(_hcc_yywwd_result EQUAL 0 AND _hcc_yywwd MATCHES "^[1-9][0-9][0-9][0-9][1-7]$")
      set(HCC_VERSION_WORKWEEK ${_hcc_yywwd})
    endif()
  endif()
endif()
