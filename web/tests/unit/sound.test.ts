// @vitest-environment happy-dom
// The table's sounds: off until turned on, the choice kept
// in localStorage, and each kind played as its own tones through WebAudio
// (a recording fake AudioContext stands in for the browser's).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playSound, setSoundOn, soundOn } from '../../src/sound';

const started: number[] = [];

class FakeParam {
  value = 0;
  setValueAtTime(): void {}
  exponentialRampToValueAtTime(): void {}
}
class FakeNode {
  frequency = new FakeParam();
  gain = new FakeParam();
  type = '';
  connect(n: FakeNode): FakeNode {
    return n;
  }
  start(): void {
    started.push(this.frequency.value);
  }
  stop(): void {}
}
class FakeAudioContext {
  currentTime = 0;
  destination = new FakeNode();
  createOscillator(): FakeNode {
    return new FakeNode();
  }
  createGain(): FakeNode {
    return new FakeNode();
  }
}

describe('sounds', () => {
  beforeEach(() => {
    localStorage.clear();
    started.length = 0;
    (globalThis as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
  });
  afterEach(() => {
    delete (globalThis as unknown as { AudioContext?: unknown }).AudioContext;
  });

  it('is off on a first visit and plays nothing', () => {
    expect(soundOn()).toBe(false);
    playSound('turn');
    expect(started).toEqual([]);
  });

  it('keeps the choice in localStorage', () => {
    setSoundOn(true);
    expect(localStorage.getItem('fourtable.sound')).toBe('on');
    expect(soundOn()).toBe(true);
    setSoundOn(false);
    expect(soundOn()).toBe(false);
  });

  it('plays one tone for a move, a rising pair for your turn, three beeps for low time', () => {
    setSoundOn(true);
    playSound('move');
    expect(started).toEqual([220]);
    started.length = 0;
    playSound('turn');
    expect(started).toEqual([660, 880]);
    started.length = 0;
    playSound('low');
    expect(started).toEqual([988, 988, 988]);
  });
});
