#include "server/edge/build_info.h"

namespace ft::server {
const char* build_version() {
  return FT_VERSION;
}
const char* build_commit() {
  return FT_GIT_COMMIT;
}
}  // namespace ft::server
