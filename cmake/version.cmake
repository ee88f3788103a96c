# The commit the build comes from, shown in `fourtable --version` and page footers.
execute_process(COMMAND git rev-parse --short=7 HEAD
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
  OUTPUT_VARIABLE FT_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT FT_GIT_COMMIT)
  set(FT_GIT_COMMIT "unknown")
endif()
set(FT_VERSION "${PROJECT_VERSION}")
