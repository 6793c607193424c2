import SuperJSON from "superjson";
import { describe, expect, it } from "vitest";
import { wireTransformer } from "./transformer";

type Wire = ReturnType<typeof wireTransformer.serialize>;
const roundTrip = <T>(value: T): T =>
  wireTransformer.deserialize<T>(
    JSON.parse(JSON.stringify(wireTransformer.serialize(value))) as Wire,
  );

describe("wireTransformer", () => {
  it("carries Kubernetes keys superjson alone refuses, at any depth, with Dates intact", () => {
    const when = new Date("2026-11-24T00:00:00Z");
    const value = {
      createdAt: when,
      variants: [{ annotations: { constructor: "x", prototype: "y", "a/b": "c" } }],
      nested: { constructor: { prototype: { when } } },
    };
    const back = roundTrip(value);
    expect(back).toEqual(value);
    expect(back.nested.constructor.prototype.when).toBeInstanceOf(Date);
  });

  it("never lets a __proto__ key reach a prototype", () => {
    const hostile = JSON.parse('{"labels":{"__proto__":{"polluted":true}}}') as {
      labels: Record<string, unknown>;
    };
    const back = roundTrip(hostile);
    expect(Object.getPrototypeOf(back.labels)).toBe(Object.prototype);
    expect(Object.keys(back.labels)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps keys that happen to start with the escape character distinct", () => {
    const value = { "\u0000constructor": 1, constructor: 2, "\u0000": 3 };
    expect(roundTrip(value)).toEqual(value);
  });

  it("is plain superjson for values without such keys", () => {
    const value = { a: [1, 2, { b: "c", at: new Date(0) }] };
    expect(wireTransformer.serialize(value)).toEqual(SuperJSON.serialize(value));
  });
});
