/**
 * A schema built the first time it is used rather than when its module is imported (ADR 061).
 * Building Zod schemas is most of what the contracts cost at import: the lobby imports the
 * contracts of every call its first screen might make, and on a phone building them all took
 * longer than drawing home. The stand-in forwards every operation to the real schema, built once
 * on first touch, so parsing, nesting it in another schema, `.extend()`, `instanceof` and the
 * inferred types are those of the schema itself.
 *
 * Identity is the one difference: the stand-in is not the built object, so a registry keyed by
 * schema (Zod's `.describe()`/`.meta()`, `asTextId`) sees them as two. The lobby's build makes
 * its contracts lazy (apps/web/build/lazy-contract-schemas.ts); the server, which writes the
 * OpenAPI page from those registries, imports them as written.
 */
const standIns = new WeakSet<object>();

/** Whether a value is a stand-in of lazySchema (the lobby's tests check that its build uses them). */
export function isLazySchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && standIns.has(value);
}

export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    built ??= build();
    return built;
  };
  const standIn = new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // The stand-in's own (empty) target holds nothing, so a property may not be reported as fixed.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  standIns.add(standIn);
  return standIn;
}
