// Built only while src/app/rules/referee_twicefour.cpp does not exist (see
// app.cmake): the referee knows the game's name but cannot judge it yet.
#include "app/rules/referee.h"

namespace ft::app::referee {

Reply judge_twicefour(const boost::json::object&) {
  return error_reply("game twicefour is not available");
}

}  // namespace ft::app::referee
