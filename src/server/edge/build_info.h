// The version and commit this server was built from (/healthz, welcome).
#pragma once

namespace ft::server {
const char* build_version();
const char* build_commit();
}  // namespace ft::server
