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

if(FT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
