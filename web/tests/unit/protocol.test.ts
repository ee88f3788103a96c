// The client reads and writes the golden frames of docs/protocol.md
// (tests/server/golden), the same files the C++ tests use.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeClient, parseServer, ProtocolError, type ClientMessage } from '../../src/protocol';
import { applyMessage, clockNow, emptyModel, isMyTurn } from '../../src/table_model';

const GOLDEN = join(import.meta.dirname, '..', '..', '..', 'tests', 'server', 'golden');
const read = (dir: string, f: string) => readFileSync(join(GOLDEN, dir, f), 'utf8');
const s2c = readdirSync(join(GOLDEN, 's2c')).filter((f) => f.endsWith('.json'));
const c2s = readdirSync(join(GOLDEN, 'c2s')).filter((f) => f.endsWith('.json'));

describe('server frames (golden s2c)', () => {
  it('finds the golden frames', () => {
    expect(s2c.length).toBeGreaterThanOrEqual(15);
  });

  for (const f of s2c) {
    it(`parses ${f}`, () => {
      const text = read('s2c', f);
      const msg = parseServer(text);
      expect(msg.type).toBe(JSON.parse(text).type);
    });
  }

  it('reads a state with the board, legal moves, clocks and presence', () => {
    const m = parseServer(read('s2c', 'state.json'));
    if (m.type !== 'state') throw new Error('not a state');
    expect(m.version).toBe(4);
    expect(m.game?.board).toHaveLength(6);
    expect(m.game?.legal).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(m.game?.moves).toEqual(['d']);
    expect(m.clocks.running).toBe(1);
    expect(m.presence.connected).toEqual([true, true]);
    expect(m.you.seat).toBe(0);
  });

  it('reads match_over with its rating changes', () => {
    const m = parseServer(read('s2c', 'event_match_over.json'));
    if (m.type !== 'event' || m.event.kind !== 'match_over') throw new Error('not match_over');
    expect(m.event.score).toEqual([1.5, 0.5]);
    expect(m.event.results).toEqual(['win', 'loss']);
    expect(m.event.ratings.length).toBeGreaterThan(0);
    expect(m.event.ratings[0].after).toBeGreaterThan(m.event.ratings[0].before);
  });

  it('reads the twiceFour round as it is scored (protocol 5.3 round)', () => {
    const moved = parseServer(read('s2c', 'event_moved_twicefour.json'));
    if (moved.type !== 'event' || moved.event.kind !== 'moved') throw new Error('not moved');
    const r = moved.event.game.round;
    expect(r?.points).toEqual([1, 0]);
    expect(r?.lines).toEqual([{ line: 'a2-d2', cells: ['a2', 'b2', 'c2', 'd2'], side: 0, ply: 5 }]);
    expect(r?.lines[0].ply).toBe(moved.event.ply); // scored by this move
    expect(r?.placement).toBeNull();
    const state = parseServer(read('s2c', 'state_twicefour.json'));
    if (state.type !== 'state') throw new Error('not a state');
    expect(state.game?.outcome?.reason).toBe('repetition');
    expect(state.game?.round?.placement).toHaveLength(2);
    expect(state.game?.round?.points).toEqual([1, 0]);
    const bad = JSON.parse(read('s2c', 'state_twicefour.json'));
    bad.game.round.lines[0].cells = 'a2';
    expect(() => parseServer(JSON.stringify(bad))).toThrow(/state\.game\.round\.lines\[0\]\.cells: expected an array/);
  });

  it('names the bad field of a frame that does not fit', () => {
    const state = JSON.parse(read('s2c', 'state.json'));
    state.game.legal = 'abc';
    expect(() => parseServer(JSON.stringify(state))).toThrow(/state\.game\.legal: expected an array/);
    expect(() => parseServer('{"type":"ack","id":"m1"}')).toThrow(/ack\.version/);
    expect(() => parseServer('not json')).toThrow(ProtocolError);
    expect(() => parseServer('{"type":"gossip"}')).toThrow(/frame\.type/);
    const moved = JSON.parse(read('s2c', 'event_moved.json'));
    moved.event.kind = 'teleported';
    expect(() => parseServer(JSON.stringify(moved))).toThrow(/event\.kind/);
  });
});

describe('client frames (golden c2s)', () => {
  for (const f of c2s) {
    it(`writes ${f} as the protocol has it`, () => {
      const golden = JSON.parse(read('c2s', f)) as ClientMessage;
      // Rebuild the message field by field, as the page does, and compare.
      const rebuilt = JSON.parse(encodeClient({ ...golden }));
      expect(rebuilt).toEqual(golden);
    });
  }
});

describe('the table model applies frames in version order (protocol 5.5)', () => {
  const now = 1_000_000;
  const load = () => {
    const m = emptyModel();
    applyMessage(m, parseServer(read('s2c', 'welcome.json')), now);
    applyMessage(m, parseServer(read('s2c', 'state.json')), now);
    return m;
  };
  const movedAt = (version: number) => {
    const e = JSON.parse(read('s2c', 'event_moved.json'));
    e.version = version;
    e.event.ply = 2;
    e.event.seat = 1;
    e.event.side = 1;
    e.event.move = 'c';
    e.event.game.ply = 2;
    e.event.game.to_move = { side: 0, seat: 0 };
    return parseServer(JSON.stringify(e));
  };

  it('takes the state as the whole table', () => {
    const m = load();
    expect(m.version).toBe(4);
    expect(m.mySeat).toBe(0);
    expect(m.game?.moves).toEqual(['d']);
    expect(isMyTurn(m)).toBe(false);
  });

  it('appends a moved event and makes it my turn', () => {
    const m = load();
    expect(applyMessage(m, movedAt(5), now).kind).toBe('changed');
    expect(m.version).toBe(5);
    expect(m.game?.moves).toEqual(['d', 'c']);
    expect(m.lastMove?.move).toBe('c');
    expect(isMyTurn(m)).toBe(true);
  });

  it('ignores an event it already has and reports a gap', () => {
    const m = load();
    expect(applyMessage(m, movedAt(4), now).kind).toBe('ignored');
    expect(applyMessage(m, movedAt(7), now).kind).toBe('gap');
    expect(m.version).toBe(4);
    expect(m.game?.moves).toEqual(['d']);
  });

  it('ends a game, takes the score and waits for Ready', () => {
    const m = load();
    const over = JSON.parse(read('s2c', 'event_game_over.json'));
    over.version = 5;
    applyMessage(m, parseServer(JSON.stringify(over)), now);
    expect(m.table?.status).toBe('between_games');
    expect(m.match?.score).toEqual([1, 0]);
    expect(m.game?.winning_cells).toEqual(['a1', 'b1', 'c1', 'd1']);
    expect(m.game?.legal).toEqual([]);
    const ready = JSON.parse(read('s2c', 'event_ready.json'));
    ready.version = 6;
    applyMessage(m, parseServer(JSON.stringify(ready)), now);
    expect(m.match?.ready[ready.event.seat]).toBe(true);
    const mo = JSON.parse(read('s2c', 'event_match_over.json'));
    mo.version = 7;
    applyMessage(m, parseServer(JSON.stringify(mo)), now);
    expect(m.match?.over).toBe(true);
    expect(m.table?.status).toBe('finished');
    expect(m.match?.result?.score).toEqual([1.5, 0.5]);
  });

  it('keeps the board of the game played when a game is lost unplayed with the match', () => {
    const m = load();
    const over = JSON.parse(read('s2c', 'event_game_over.json'));
    over.version = 5;
    applyMessage(m, parseServer(JSON.stringify(over)), now);
    const unplayed = JSON.parse(read('s2c', 'event_game_over.json'));
    unplayed.version = 6;
    unplayed.event.number = 2;
    unplayed.event.unplayed = true;
    unplayed.event.winning_cells = [];
    unplayed.event.outcome = { status: 'win', winner_side: null, winner_seats: [0], reason: 'resign_match' };
    unplayed.event.score = [2, 0];
    applyMessage(m, parseServer(JSON.stringify(unplayed)), now);
    expect(m.version).toBe(6);
    expect(m.game?.outcome?.reason).toBe('line');
    expect(m.game?.winning_cells).toEqual(['a1', 'b1', 'c1', 'd1']);
    expect(m.match?.score).toEqual([2, 0]);
  });

  it('runs only the running clock, on the server time base', () => {
    const m = load();
    // The state stamps clocks at its server_time; 1.5 s later seat 1 has 1.5 s less.
    const at = m.clocks!.at;
    m.serverOffset = at - now;
    expect(clockNow(m, 1, now + 1500)).toBe(300000 - 1500);
    expect(clockNow(m, 0, now + 1500)).toBe(298170);
    expect(clockNow(m, 1, now + 10_000_000)).toBe(0);
  });

  it('takes the clock offset from ping and pong (protocol 5.9)', () => {
    const m = load();
    // Sent at local 1000, answered at local 1200, server said 5100: offset 5100 - 1100.
    applyMessage(m, parseServer('{"type":"pong","t":1000,"server_time":5100}'), 1200);
    expect(m.serverOffset).toBe(4000);
    expect(m.offsetFromPong).toBe(true);
    // Later events do not replace the measured offset with their send stamps.
    applyMessage(m, movedAt(5), 999_999);
    expect(m.serverOffset).toBe(4000);
  });

  it('reads the twiceFour piece choice: match phase and pieces_chosen (protocol 4.8)', () => {
    const st = JSON.parse(read('s2c', 'state.json'));
    st.match.phase = 'choosing-pieces';
    const m = emptyModel();
    applyMessage(m, parseServer(JSON.stringify(st)), now);
    expect(m.match?.phase).toBe('choosing_pieces');
    const ev = {
      type: 'event',
      version: 5,
      server_time: 1,
      event: { kind: 'pieces_chosen', sides: [1, 0], lottery: true },
    };
    expect(applyMessage(m, parseServer(JSON.stringify(ev)), now).kind).toBe('changed');
    expect(m.piecesChosen).toEqual({ sides: [1, 0], lottery: true });
    expect(encodeClient({ type: 'choose_piece', piece: 'cross' })).toBe('{"type":"choose_piece","piece":"cross"}');
  });

  it('updates presence and spectators', () => {
    const m = load();
    applyMessage(m, parseServer(read('s2c', 'presence.json')), now);
    expect(m.presence?.connected).toEqual([true, false]);
    expect(m.table?.spectators).toBe(2);
  });
});
