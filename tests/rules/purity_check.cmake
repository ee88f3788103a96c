# architecture.md: `rules` uses the standard library only - no Boost,
# no I/O, never reads the time. Checked three ways:
#   1. no source in src/rules includes a header for I/O, time, threads,
#      entropy or Boost;
#   2. the target links no library but ft_common (src/common: header-only,
#      held to rule 1 as well);
#   3. the built archive calls no I/O or clock function (nm), which also
#      catches what an allowed header might pull in.
# Run by CTest: cmake -DSRC=... -DLIBS=... -DARCHIVE=... -DNM=... -P purity_check.cmake
set(failures "")

file(GLOB sources ${SRC}/*.h ${SRC}/*.cpp ${SRC}/../common/*.h)
set(forbidden_headers
    "boost/" "iostream" "istream" "ostream" "fstream" "sstream" "iomanip" "cstdio" "stdio\\.h"
    "print" "chrono" "ctime" "time\\.h" "sys/" "unistd\\.h" "fcntl\\.h" "filesystem" "thread"
    "future" "random" "syncstream")
list(JOIN forbidden_headers "|" header_regex)
foreach(f IN LISTS sources)
  file(STRINGS ${f} lines REGEX "^[ \t]*#[ \t]*include[ \t]*<(${header_regex})")
  foreach(l IN LISTS lines)
    get_filename_component(name ${f} NAME)
    string(APPEND failures "  ${name}: ${l}\n")
  endforeach()
endforeach()

string(REPLACE "ft_common" "" other_libs "${LIBS}")
string(REPLACE ";" "" other_libs "${other_libs}")
if(NOT "${other_libs}" STREQUAL "")
  string(APPEND failures "  ft_rules links libraries: ${LIBS}\n")
endif()

execute_process(COMMAND ${NM} -C --undefined-only ${ARCHIVE}
                OUTPUT_VARIABLE symbols RESULT_VARIABLE nm_result)
if(NOT nm_result EQUAL 0)
  string(APPEND failures "  nm failed on ${ARCHIVE}\n")
endif()
string(REPLACE "\n" ";" symbol_lines "${symbols}")
foreach(s IN LISTS symbol_lines)
  string(STRIP "${s}" s)
  # C functions of stdio, POSIX I/O and clocks, by exact name; C++ streams,
  # clocks, threads and Boost by namespace.
  if(s MATCHES "^U (f?open|fopen64|fclose|fread|fwrite|fflush|fputs|fputc|fgets|puts|putchar|printf|fprintf|vfprintf|dprintf|read|write|pread|pwrite|time|clock|clock_gettime|gettimeofday|localtime|gmtime|getenv|getrandom|syscall)$"
     OR s MATCHES "std::chrono|std::basic_ostream|std::basic_istream|std::basic_[io]?fstream|std::cout|std::cerr|std::clog|std::cin|std::random_device|std::thread|std::this_thread|boost::")
    string(APPEND failures "  ${ARCHIVE} calls ${s}\n")
  endif()
endforeach()

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "rules must stay pure (no Boost, no I/O, no clock):\n${failures}")
endif()
message(STATUS "rules purity: ${SRC} clean, no link libraries, no I/O or clock symbols")
