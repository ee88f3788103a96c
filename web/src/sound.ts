// Short sounds for a move, your turn and low time, made by WebAudio (no
// files to load). Off until the player turns them on; the choice is kept in
// localStorage. Browsers start audio only after a user gesture, which the
// toggle click is.
const KEY = 'fourtable.sound';

export type SoundKind = 'move' | 'turn' | 'low';

// Each sound: tones of [frequency Hz, start s, length s].
const TONES: Record<SoundKind, [number, number, number][]> = {
  move: [[220, 0, 0.07]],
  turn: [
    [660, 0, 0.09],
    [880, 0.1, 0.12],
  ],
  low: [
    [988, 0, 0.08],
    [988, 0.16, 0.08],
    [988, 0.32, 0.08],
  ],
};

let ctx: AudioContext | null = null;

export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // private mode: the sound stays off
  }
}

export function playSound(kind: SoundKind): void {
  if (!soundOn() || typeof AudioContext === 'undefined') return;
  try {
    ctx ??= new AudioContext();
    const start = ctx.currentTime + 0.01;
    for (const [freq, at, len] of TONES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = kind === 'move' ? 'triangle' : 'sine';
      osc.frequency.value = freq;
      // A quick rise and an exponential fall: no click at either end.
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.2, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + at);
      osc.stop(start + at + len + 0.02);
    }
  } catch {
    // no audio device: stay silent
  }
}
