// @vitest-environment happy-dom
// After the match: what the rematch part of the result shows
// each seat and a watcher for every state of the offer (protocol 5.10, read
// from the golden frames), and the small live boards of the home page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { miniBoard } from '../../src/mini_board';
import { parseServer } from '../../src/protocol';
import { rematchBox, type RematchAction, type RematchFrame } from '../../src/rematch_view';

const GOLDEN = join(import.meta.dirname, '..', '..', '..', 'tests', 'server', 'golden', 's2c');
const frame = (f: string) => parseServer(readFileSync(join(GOLDEN, f), 'utf8')) as RematchFrame;
const names = ['Ada', 'Bob'];

function box(f: RematchFrame | null, mySeat: number | null) {
  const sent: RematchAction[] = [];
  const el = rematchBox({ frame: f, mySeat, nameOf: (s) => names[s], send: (a) => sent.push(a) });
  document.body.replaceChildren(el);
  return { el, sent, ids: [...el.querySelectorAll('button, a')].map((e) => e.id) };
}

describe('the rematch after a match', () => {
  it('reads the golden rematch frames', () => {
    const offered = frame('rematch_offered.json');
    expect(offered).toEqual({ type: 'rematch', state: 'offered', by: 0, agreed: [true, false], table: null });
    expect(frame('rematch_accepted.json').table).toBe('m4n8pq2rst');
  });

  it('offers a rematch to a seat when nothing is offered, and nothing to a watcher', () => {
    const seat = box(null, 1);
    expect(seat.ids).toEqual(['rematch-offer', 'play-again']);
    (seat.el.querySelector('#rematch-offer') as HTMLButtonElement).click();
    expect(seat.sent).toEqual(['offer']);
    expect(box(null, null).ids).toEqual(['play-again']);
  });

  it('lets the other seat accept or decline, and tells the offerer to wait', () => {
    const other = box(frame('rematch_offered.json'), 1);
    expect(other.el.textContent).toContain('Ada offers a rematch.');
    expect(other.ids).toEqual(['rematch-accept', 'rematch-decline', 'play-again']);
    (other.el.querySelector('#rematch-decline') as HTMLButtonElement).click();
    expect(other.sent).toEqual(['decline']);
    const offerer = box(frame('rematch_offered.json'), 0);
    expect(offerer.ids).toEqual(['play-again']);
    expect(offerer.el.querySelector('#rematch-status')?.textContent).toMatch(/waiting/);
  });

  it('says who declined, and links the accepted table (to watch, for a watcher)', () => {
    const declined: RematchFrame = { type: 'rematch', state: 'declined', by: 1, agreed: [true, false], table: null };
    expect(box(declined, 0).el.textContent).toContain('Bob declined the rematch.');
    expect(box(declined, 1).el.textContent).toContain('You declined the rematch.');
    const accepted = frame('rematch_accepted.json');
    expect(box(accepted, 0).el.querySelector('#rematch-link')?.getAttribute('href')).toBe('/t/m4n8pq2rst');
    expect(box(accepted, null).el.querySelector('#rematch-link')?.getAttribute('href')).toBe('/t/m4n8pq2rst?watch=1');
  });

  it('draws a live board with one circle per cell, discs and blocks by class', () => {
    const svg = miniBoard(['..#', 'RY.'], false);
    expect(svg.getAttribute('viewBox')).toBe('0 0 30 20');
    expect([...svg.querySelectorAll('circle')].map((c) => c.getAttribute('class'))).toEqual([
      'empty',
      'empty',
      'block',
      'p0',
      'p1',
      'empty',
    ]);
    // twiceFour rows have blanks outside the board: no cell there.
    expect(miniBoard([' O ', '.X.'], true).querySelectorAll('circle')).toHaveLength(4);
  });
});
