// The guest cookie's name and attributes by scheme (server/edge/net.h): over
// https "__Host-ft_guest", Secure, Path=/, no Domain; over http "ft_guest".
#include <gtest/gtest.h>

#include "server/edge/net.h"

namespace ft::server {
namespace {

TEST(GuestCookie, OverHttpOnlyThePlainNameCounts) {
  EXPECT_EQ(guest_cookie("ft_guest=abc", false).token, "abc");
  EXPECT_EQ(guest_cookie("a=1; ft_guest=abc; b=2", false).token, "abc");
  EXPECT_EQ(guest_cookie("__Host-ft_guest=abc", false).token, "");
  EXPECT_EQ(guest_cookie("xft_guest=abc", false).token, "");
  EXPECT_EQ(guest_cookie("ft_guestx=abc", false).token, "");
  EXPECT_EQ(guest_cookie("", false).token, "");
  EXPECT_FALSE(guest_cookie("ft_guest=abc", false).plain);
}

TEST(GuestCookie, OverHttpsTheHostNameWinsAndAPlainOneIsAcceptedAsPlain) {
  GuestCookie c = guest_cookie("__Host-ft_guest=abc", true);
  EXPECT_EQ(c.token, "abc");
  EXPECT_FALSE(c.plain);
  c = guest_cookie("ft_guest=old; __Host-ft_guest=new", true);
  EXPECT_EQ(c.token, "new");
  EXPECT_FALSE(c.plain);
  c = guest_cookie("ft_guest=old", true);
  EXPECT_EQ(c.token, "old");
  EXPECT_TRUE(c.plain);
  c = guest_cookie("__Host-ft_guest=; ft_guest=old", true);  // an empty one is none
  EXPECT_EQ(c.token, "old");
  EXPECT_TRUE(c.plain);
  EXPECT_EQ(guest_cookie("", true).token, "");
}

TEST(GuestCookie, SetCookieValuesByScheme) {
  EXPECT_EQ(
      guest_cookie_headers("tok", false, false),
      (std::vector<std::string>{"ft_guest=tok; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"}));
  EXPECT_EQ(guest_cookie_headers("", false, true),
            (std::vector<std::string>{"ft_guest=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"}));
  EXPECT_EQ(guest_cookie_headers("tok", true, false),
            (std::vector<std::string>{
                "__Host-ft_guest=tok; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure"}));
  EXPECT_EQ(guest_cookie_headers("tok", true, true),
            (std::vector<std::string>{
                "__Host-ft_guest=tok; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure",
                "ft_guest=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure"}));
}

}  // namespace
}  // namespace ft::server
