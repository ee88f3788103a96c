// Readers of untrusted JSON whose TypeScript types are inferred from them, so
// that a message's shape is written once (protocol.ts). A reader checks one
// value and returns it typed, or throws ProtocolError naming the path of the
// bad field ("state.game.legal: expected an array"): never a half-read object.

export class ProtocolError extends Error {}

export type Reader<T> = (v: unknown, path: string) => T;
export type Infer<R> = R extends Reader<infer T> ? T : never;

// A field that may be missing; `object` leaves it out when its reader gives undefined.
type Optional<T> = Reader<T | undefined> & { readonly optional: true };

export function fail(path: string, what: string): never {
  throw new ProtocolError(`${path}: expected ${what}`);
}

export const str: Reader<string> = (v, p) => (typeof v === 'string' ? v : fail(p, 'a string'));
export const num: Reader<number> = (v, p) => (typeof v === 'number' && Number.isFinite(v) ? v : fail(p, 'a number'));
export const int: Reader<number> = (v, p) => (Number.isInteger(num(v, p)) ? (v as number) : fail(p, 'an integer'));
export const bool: Reader<boolean> = (v, p) => (typeof v === 'boolean' ? v : fail(p, 'true or false'));

export function oneOf<const T extends readonly string[]>(...allowed: T): Reader<T[number]> {
  return (v, p) => {
    const s = str(v, p);
    return (allowed as readonly string[]).includes(s) ? (s as T[number]) : fail(p, `one of ${allowed.join(', ')}`);
  };
}

// null or missing: null.
export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (v, p) => (v === null || v === undefined ? null : read(v, p));
}

export function array<T>(read: Reader<T>): Reader<T[]> {
  return (v, p) => (Array.isArray(v) ? v.map((x, i) => read(x, `${p}[${i}]`)) : fail(p, 'an array'));
}

// A list the server may leave out when it is empty.
export function orEmpty<T>(read: Reader<T[]>): Reader<T[]> {
  return (v, p) => (v === undefined ? [] : read(v, p));
}

// A field that may be missing; present, it must read.
export function optional<T>(read: Reader<T>): Optional<T> {
  return Object.assign((v: unknown, p: string) => (v === undefined ? undefined : read(v, p)), {
    optional: true as const,
  });
}

// A field kept only when it reads; anything else is as if it were missing.
export function ifValid<T>(read: Reader<T>): Optional<T> {
  return Object.assign(
    (v: unknown, p: string) => {
      try {
        return read(v, p);
      } catch {
        return undefined;
      }
    },
    { optional: true as const },
  );
}

export function map<T, U>(read: Reader<T>, f: (t: T) => U): Reader<U> {
  return (v, p) => f(read(v, p));
}

// A check over the whole value once its fields have read.
export function refine<T>(read: Reader<T>, check: (t: T, p: string) => void): Reader<T> {
  return (v, p) => {
    const t = read(v, p);
    check(t, p);
    return t;
  };
}

type Shape = Record<string, Reader<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] };
export type ObjectOf<S extends Shape> = Flat<
  { [K in keyof S as S[K] extends Optional<unknown> ? never : K]: Infer<S[K]> } & {
    [K in keyof S as S[K] extends Optional<unknown> ? K : never]?: Exclude<Infer<S[K]>, undefined>;
  }
>;

export function record(v: unknown, p: string): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : fail(p, 'an object');
}

export function object<S extends Shape>(shape: S): Reader<ObjectOf<S>> {
  return (v, p) => {
    const o = record(v, p);
    const out: Record<string, unknown> = {};
    for (const [k, read] of Object.entries(shape)) {
      const x = read(o[k], `${p}.${k}`);
      if (x !== undefined || !('optional' in read)) out[k] = x;
    }
    return out as ObjectOf<S>;
  };
}

// Objects told apart by a string field (`type`, `kind`): each case's reader
// reads the rest, and the result carries the tag. `casePath` names the path
// the case's fields are read under (by default the object's own).
export type Tagged<K extends string, M extends Record<string, Reader<object>>> = {
  [C in keyof M & string]: Flat<{ [P in K]: C } & Infer<M[C]>>;
}[keyof M & string];

export function tagged<K extends string, M extends Record<string, Reader<object>>>(
  tag: K,
  cases: M,
  what: string,
  casePath: (p: string, tagValue: string) => string = (p) => p,
): Reader<Tagged<K, M>> {
  return (v, p) => {
    const o = record(v, p);
    const t = str(o[tag], `${p}.${tag}`);
    const read = Object.hasOwn(cases, t) ? cases[t] : fail(`${p}.${tag}`, what);
    return { [tag]: t, ...read(o, casePath(p, t)) } as Tagged<K, M>;
  };
}
