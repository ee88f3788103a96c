import type { RulesText } from './types';

export const rulesEn: RulesText = {
  basics: [
    {
      heading: 'Board and goal',
      paras: [
        'The board stands upright: columns side by side, rows stacked. The classic board is 7 columns wide and 6 rows high. You and your opponent take turns dropping a disc of your colour into a column that still has room; it slides down to the lowest free cell.',
        'Get four of your discs in an unbroken line — across, up and down, or on a slant — before your opponent does. If the board fills up and nobody has a line, the game is a draw. Red always moves first, Yellow second. There is no passing.',
      ],
    },
    {
      heading: 'Writing moves down',
      paras: [
        'Columns are named by letters from the left (a, b, c, …), rows by numbers from the bottom, so d1 is the middle of the bottom row. The move list shows each disc as its number, a disc symbol in the mover\'s colour and the column: "7. ● d" means the seventh disc went into column d. A pop (PopOut) is written with a caret: "d^".',
      ],
    },
    {
      heading: 'At the table',
      paras: [
        'Point at a column and a disc of your colour appears above it; click to let it fall. On a phone, the first tap picks the column and the second tap drops. With the keyboard, the arrow keys pick a column, Enter drops, and a digit drops straight into that column (1 is column a).',
      ],
    },
    {
      heading: 'The match',
      paras: [
        'On the 7×6 board the player who starts wins with perfect play, so a rated game is a match of two games, and in the second game the colours and the first move change hands.',
        'A won game is worth 1 point, a draw ½, a loss 0. The match result is the sum: 2:0, 1½:½ or 1:1. A 1:1 match is drawn; there is no extra game.',
        'After a game the final position stays on the board until every player has pressed "Ready for next game". "Resign game", under the board, gives up only the current game; "Resign match" gives up the current game and every game still to come.',
      ],
    },
    {
      heading: 'Clock and rating',
      paras: [
        'Each player has one time bank for the whole match, plus a few seconds added after each of their moves, like a chess clock. Whoever runs out of time loses the match. If a player is gone for 30 seconds while it is their turn, the opponent may claim the match.',
        'Only matches count for the rating (Glicko-2, one rating per variant); a single game never does.',
      ],
    },
    {
      heading: 'Analysis and accuracy',
      paras: [
        "After each game of four in a row the exact solver works out every position of it: for every move that was possible, whether it wins, draws or loses with best play, and how quickly. It is the truth, not an engine's estimate. Three players and twiceFour have no analysis: the solver plays two colours of four in a row only.",
        'A move keeps the result when it leaves the mover the same outcome as the best move would (a won position stays won, a drawn one drawn); a move that changes it is a mistake. Where the result is kept, the page also shows how many moves the win came later (or the loss sooner) than with the best move.',
        'Accuracy counts only the moves where it mattered, where some possible move would have lost the result: it is the share of those moves that kept it. A game where nothing could go wrong has no accuracy. The profile adds up the analysed games of each variant.',
      ],
    },
  ],
  variants: {
    classic: [
      {
        heading: 'Classic',
        paras: [
          'The game exactly as described below: a 7×6 board, four in a row, a match of two games with colours swapped.',
        ],
      },
    ],
    single: [
      {
        heading: 'Single game',
        paras: ['Just one game instead of a match, for a quick round. A single game is never rated.'],
      },
    ],
    five: [
      {
        heading: 'Five in a row',
        paras: [
          'The board is 9 columns wide and you need five in a row instead of four.',
          'The two outer columns start full of discs in alternating colours: column a from the bottom red, yellow, red, …; column i mirrored, starting with yellow. These discs count for lines like any others. With PopOut switched on, they can never be popped.',
        ],
      },
    ],
    popout: [
      {
        heading: 'PopOut',
        paras: [
          'On your turn you either drop a disc as usual or pop: take one of your own discs out of the bottom row. It leaves the game and everything above it in that column slides down one row.',
          'Because a pop moves discs of both colours, it can complete lines for you, for your opponent, or for both. If both get a line at once, the player who popped wins; if only the opponent gets one, the opponent wins.',
          'A drop that fills the board without a line is a draw, and so is a pop that empties the board. The same position with the same player to move for the third time is a draw; the table warns you the second time.',
          'At the table your own bottom discs show a pop mark: click the disc (or the arrow under it) to pop. With the keyboard, arrow down aims at the pop and Enter makes it.',
        ],
      },
    ],
    small: [
      {
        heading: 'Small board',
        paras: [
          'The board is 6 columns by 5 rows; everything else is classic. With perfect play this board is a draw, so it is a fair fight.',
        ],
      },
    ],
    misere: [
      {
        heading: 'Misère',
        paras: [
          'Everything is turned around: whoever completes a line of four loses. Fill the board without making a line and the game is drawn.',
        ],
      },
    ],
    cylinder: [
      {
        heading: 'Cylinder',
        paras: [
          'The board is bent into a ring: the column to the right of the last one is the first one again. Lines across and on a slant may run over that edge, so a line can be made from g, a, b and c on a 7-wide board.',
          'At the table the faded columns at each side show the neighbours across the seam.',
        ],
      },
    ],
    obstacles: [
      {
        heading: 'Obstacles',
        paras: [
          'Before the match, a number of neutral blocks (4 on 7×6; the table can choose 2 to 8) drop into randomly chosen columns, placed mirror-wise about the middle column.',
          'A block fills its cell like a disc but belongs to nobody and never forms part of a line. Both games of the match use the same blocks.',
        ],
      },
    ],
    'drawn-opening': [
      {
        heading: 'Drawn opening',
        paras: [
          'Before the match a short opening (2 plies by default, up to 6) is drawn at random and placed on the board; the player whose turn it is continues from there. The opening never contains a line and never hands the player to move an immediate win.',
          'Both games start from the same opening with colours swapped, so each player plays each side once.',
        ],
      },
    ],
    'three-players': [
      {
        heading: 'Three players',
        paras: [
          'Three colours — Red, Yellow and Green — move in that order on a 9×7 board. Green discs carry a diamond mark.',
          'The first line of four wins and the other two players lose; a full board is a draw. A match is three games, and the seat order turns so that everyone starts once.',
        ],
      },
    ],
    'two-vs-two': [
      {
        heading: 'Two vs two',
        paras: [
          'Four players in two teams, Red and Yellow, on an 8×7 board. Team-mates share a colour and a result. The order is Red 1, Yellow 1, Red 2, Yellow 2.',
          'Every player has their own clock, and a timeout loses the match for the whole team. A match is two games; the teams swap colours and the first move.',
        ],
      },
    ],
  },
  twicefour: [
    {
      heading: 'Board and pieces',
      paras: [
        'twiceFour is played on 21 points: a 5×5 grid (columns a–e, rows 1–5) without its four corners. Points connect across and up and down only.',
        'Nothing is dropped. Each side starts with five pieces, the second arrangement being the first turned round: Cross on b1, c1, d1, b2, d2 and Circle on d5, c5, b5, d4, b4. Eleven points are empty, the centre c3 among them. (Until 1 December 2026 Cross started on a2, b1, c1, d1, e2; from there the first player filled row 2 in three steps and could not be stopped, so the start was changed. From this one neither side can force a round win early.) Before round 1 each player picks cross or circle; if both want the same, a lottery decides.',
      ],
    },
    {
      heading: 'Moving and scoring',
      paras: [
        'Players take turns moving one of their pieces one step to a neighbouring empty point — no diagonal steps. If you cannot step, you pass.',
        'There are 16 lines of four points: four-point stretches of rows 2, 3 and 4 and of columns b, c and d, and four diagonals (a2–d5, b1–e4, a4–d1, b5–e2). Four of your pieces on one of them score a point. The pieces stay where they are, but that line does not count again in this round for either player.',
        'The first to two points wins the round; one move that completes two lines scores both. Running out of time or resigning loses the round.',
      ],
    },
    {
      heading: 'When nobody gets there',
      paras: [
        'A round ends after 80 half-moves, or when the same position (every piece on the same point, the same player to move) comes up the third time; the table warns you the second time. Then more points win; with equal points, the better placement wins: for every line not yet counted and free of enemy pieces, square the number of your pieces on it (1, 4 or 9) and add up. Equal again, and the round is drawn.',
      ],
    },
    {
      heading: 'Match and levels',
      paras: [
        'The lottery winner starts round 1 and the other player round 2. A won round is worth 1, a drawn one ½. At 1–1 after two rounds a third round decides, its starter drawn again; if it is drawn, so is the match.',
        'The computer has seven levels with 60, 50, 40, 30, 25, 20 and 15 seconds per move; it looks ahead 1, 2, 3, 4, 5, 6 and 8 half-moves.',
      ],
    },
    {
      heading: 'A worked example',
      paras: [
        'Cross has already scored with d2–d5 and stands on b1, c2, d3, d4 and d5; d2 and e4 are empty. Stepping d4–e4 completes the diagonal b1–e4: the second point, and the round. Stepping c2–d2 completes d2–d5 again, but a line only scores once, so it gives nothing. Try it on the board below.',
      ],
    },
  ],
  facts: 'Good to know',
  factList: [
    'Classic 7×6: the first player wins with perfect play, with the 41st disc (Allen and Allis, 1988).',
    'The 6×5 board, used for the small-board variant, is a draw with perfect play, as are 5×4 and 7×7.',
    'PopOut on 7×6 is a first-player win; misère on 7×6 is a second-player win.',
  ],
};
