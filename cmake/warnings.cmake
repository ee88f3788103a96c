# Warnings for the project's own targets only (not for third-party headers).
function(ft_target_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
    -Wnon-virtual-dtor
    -Woverloaded-virtual -Wimplicit-fallthrough)
  # GCC 12 reports false -Wrestrict positives inside std::string at -O3
  # (GCC bug 105329); the check stays on for clang.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(FT_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

string(TOLOWER "${FT_SANITIZE}" _ft_sanitize)
if(_ft_sanitize STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
elseif(_ft_sanitize MATCHES "^(address|on|yes|true|1)$")
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
  # clang 14 (the presets' compiler) cannot compile a C++20 coroutine, such as
  # the edge's Asio coroutines (server/edge/), with -fsanitize=function, a part of
  # undefined: "Cannot represent a difference across sections"
  # (https://github.com/llvm/llvm-project/issues/49689).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 15)
    add_compile_options(-fno-sanitize=function)
  endif()
elseif(FT_SANITIZE)
  message(FATAL_ERROR "FT_SANITIZE='${FT_SANITIZE}': use OFF, ON, address or thread")
endif()
