# The rules part of `fourtable`: the referee's line processing is the library
# ft_referee (shared with fuzz/referee_fuzz.cpp and the referee tests); the
# command files cmd_*.cpp go into the program.
#
# Boost.JSON is the app's business only: ft_rules never links Boost.
if(NOT TARGET Boost::json)
  find_package(Boost 1.81 CONFIG QUIET COMPONENTS json)
endif()
if(NOT TARGET Boost::json)
  # Fallback for a Boost without CMake config files: the plain library.
  find_library(FT_BOOST_JSON_LIBRARY boost_json REQUIRED)
  add_library(Boost::json UNKNOWN IMPORTED)
  set_target_properties(Boost::json PROPERTIES IMPORTED_LOCATION ${FT_BOOST_JSON_LIBRARY})
endif()

set(_ft_rules_app ${CMAKE_CURRENT_LIST_DIR})
file(GLOB _ft_referee_sources CONFIGURE_DEPENDS ${_ft_rules_app}/referee*.cpp)
add_library(ft_referee STATIC ${_ft_referee_sources})
target_include_directories(ft_referee PUBLIC ${CMAKE_SOURCE_DIR}/src)
target_link_libraries(ft_referee PUBLIC ft_rules Boost::json)
ft_target_warnings(ft_referee)

file(GLOB _ft_rules_commands CONFIGURE_DEPENDS ${_ft_rules_app}/cmd_*.cpp)
list(APPEND FT_APP_SOURCES ${_ft_rules_commands})
list(APPEND FT_APP_LIBS ft_referee)
