// Reading the built client into the table of static_files.h, once at start.
// Only regular files under the root are read, each opened without following
// a symbolic link; what is left out is said, so an operator sees why a file
// is not served.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <optional>
#include <system_error>

#include "server/edge/static_files.h"

namespace ft::server {
namespace fs = std::filesystem;
namespace {

// The bytes of the regular file `p`, at most `limit` of them; nullopt (and
// `why`) when it is a link, not a regular file, larger or unreadable.
std::optional<std::string> read_regular(const fs::path& p, std::uintmax_t limit, std::string& why) {
  const int fd = ::open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    why = errno == ELOOP ? "a symbolic link" : "cannot be opened";
    return std::nullopt;
  }
  struct stat st {};
  std::optional<std::string> bytes;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    why = "not a regular file";
  } else if (static_cast<std::uintmax_t>(st.st_size) > limit) {
    why = "larger than " + std::to_string(limit >> 20) + " MiB";
  } else {
    std::string data(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t got = 0;
    while (got < data.size()) {
      const ssize_t n = ::read(fd, data.data() + got, data.size() - got);
      if (n <= 0) break;
      got += static_cast<std::size_t>(n);
    }
    data.resize(got);  // a file that shrank meanwhile is read as it is now
    bytes = std::move(data);
  }
  ::close(fd);
  return bytes;
}

// The URL name of `p` under `root` ("/assets/app.js"), "" if it is not plain.
std::string url_name(const fs::path& root, const fs::path& p) {
  const fs::path rel = p.lexically_relative(root);
  if (rel.empty()) return {};
  std::string name = "/" + rel.generic_string();
  return plain_file_name(name) ? name : std::string();
}

bool packed_form(std::string_view name) {
  return name.ends_with(".br") || name.ends_with(".gz");
}

}  // namespace

StaticFiles StaticFiles::load(const fs::path& root_arg, std::vector<std::string>& skipped,
                              const WebFileLimits& limits) {
  std::map<std::string, WebFile, std::less<>> files;
  std::error_code ec;
  // The root itself may be a link (a deployment's current release); what
  // lies under it is read without following any.
  const fs::path root = fs::canonical(root_arg, ec);
  if (ec || !fs::is_directory(root, ec)) return StaticFiles();
  std::uintmax_t total = 0;
  auto skip = [&skipped](const std::string& what, const std::string& why) {
    skipped.push_back(what + ": " + why);
  };
  fs::recursive_directory_iterator it(root, fs::directory_options::none, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& p = it->path();
    const fs::file_status status = it->symlink_status(ec);
    if (ec) break;
    const std::string name = url_name(root, p);
    if (fs::is_directory(status)) {
      // A directory whose files could not have plain names (.git) is not walked.
      if (name.empty()) it.disable_recursion_pending();
      continue;
    }
    const std::string shown = p.lexically_relative(root).generic_string();
    if (fs::is_symlink(status)) {
      skip(shown, "a symbolic link");
      continue;
    }
    if (!fs::is_regular_file(status)) {
      skip(shown, "not a regular file");
      continue;
    }
    if (name.empty()) {
      skip(shown, "not a plain name (letters, digits, '_', '-', '.'; no leading '.')");
      continue;
    }
    if (packed_form(name)) continue;  // read with its file below
    const std::string_view type = web_content_type(name);
    if (type.empty()) {
      skip(shown, "not a kind of file the web client holds");
      continue;
    }
    if (files.size() >= limits.max_files) {
      skip(shown, "more than " + std::to_string(limits.max_files) + " files");
      continue;
    }
    std::string why;
    auto bytes = read_regular(p, limits.max_file_bytes, why);
    if (!bytes) {
      skip(shown, why);
      continue;
    }
    WebFile file;
    file.content_type = std::string(type);
    file.bytes = std::move(*bytes);
    file.hashed = name.starts_with("/assets/");
    for (auto [suffix, form] : {std::pair{".br", &file.brotli}, std::pair{".gz", &file.gzip}}) {
      fs::path packed = p;
      packed += suffix;
      std::error_code absent;  // not found is an error here, and no reason to stop
      if (!fs::exists(fs::symlink_status(packed, absent))) continue;
      std::string packed_why;
      if (auto b = read_regular(packed, limits.max_file_bytes, packed_why)) {
        *form = std::move(*b);
      } else {
        skip(shown + suffix, packed_why);
      }
    }
    const std::uintmax_t size = file.bytes.size() + file.brotli.size() + file.gzip.size();
    if (total + size > limits.max_total_bytes) {
      skip(shown, "the files would pass " + std::to_string(limits.max_total_bytes >> 20) + " MiB");
      continue;
    }
    total += size;
    files.emplace(name, std::move(file));
  }
  if (ec) skip(root.string(), "not read to the end: " + ec.message());
  return StaticFiles(std::move(files));
}

}  // namespace ft::server
