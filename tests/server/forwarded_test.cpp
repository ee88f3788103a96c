// The client's address behind a trusted proxy (server/edge/forwarded.h): only a
// trusted proxy's X-Forwarded-For counts, and only its right-most entries.
#include "server/edge/forwarded.h"

#include <gtest/gtest.h>

namespace ft::server {
namespace {

const std::vector<std::string> NGINX = {"127.0.0.1"};

TEST(Forwarded, OnlyATrustedProxyNamesTheClient) {
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.7", NGINX), "203.0.113.7");
  // Anyone else's header is their own word: the socket's address counts.
  EXPECT_EQ(client_address("198.51.100.2", "203.0.113.7", NGINX), "198.51.100.2");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.7", {}), "127.0.0.1");
}

TEST(Forwarded, TheRightMostUntrustedEntryIsTheClient) {
  // The client wrote "1.2.3.4" itself; nginx appended what it saw.
  EXPECT_EQ(client_address("127.0.0.1", "1.2.3.4, 203.0.113.7", NGINX), "203.0.113.7");
  // Two proxies of the site in a row.
  EXPECT_EQ(
      client_address("127.0.0.1", "203.0.113.7,10.0.0.5 , 127.0.0.1", {"127.0.0.1", "10.0.0.5"}),
      "203.0.113.7");
}

TEST(Forwarded, NoUsableEntryLeavesThePeer) {
  EXPECT_EQ(client_address("127.0.0.1", "", NGINX), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", " , ", NGINX), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", "127.0.0.1", NGINX), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", std::string(60, 'x'), NGINX), "127.0.0.1");
}

// Whether the browser reached the proxy over https: only a trusted proxy
// may say so; a client could send the header over plain http itself.
TEST(Forwarded, HttpsOnlyOnATrustedProxysWord) {
  EXPECT_TRUE(forwarded_https("127.0.0.1", "https", NGINX));
  EXPECT_TRUE(forwarded_https("127.0.0.1", " HTTPS ", NGINX));
  EXPECT_FALSE(forwarded_https("198.51.100.2", "https", NGINX));
  EXPECT_FALSE(forwarded_https("127.0.0.1", "https", {}));
  EXPECT_FALSE(forwarded_https("127.0.0.1", "http", NGINX));
  EXPECT_FALSE(forwarded_https("127.0.0.1", "", NGINX));
  EXPECT_FALSE(forwarded_https("127.0.0.1", "https, http", NGINX));
  EXPECT_FALSE(forwarded_https("127.0.0.1", "httpsx", NGINX));
}

}  // namespace
}  // namespace ft::server
