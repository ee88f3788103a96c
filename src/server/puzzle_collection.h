// The repository's puzzle collection (data/puzzles/, engine/puzzles/puzzle.h)
// read for the API at start: the engine reads the files, this turns each
// puzzle into the http wing's ShelfPuzzle (moves in the site's notation), so
// the API needs no engine header (docs/architecture.md, the wings).
#pragma once

#include <memory>
#include <string>

#include "server/http/puzzle_shelf.h"

namespace ft::server {

// Every puzzle of the folder's <variant>.txt files; throws
// std::runtime_error naming the first bad line or an unreadable folder.
std::shared_ptr<const PuzzleShelf> load_puzzle_shelf(const std::string& dir);

}  // namespace ft::server
