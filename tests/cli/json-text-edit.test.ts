import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { appendChild, applyEdit, indexIn, nodeAt, parseJsonText, removeChild, replaceValue, valueOf, type JsonText } from "../../src/cli/json-text-edit";

const doc = (text: string | null): JsonText => {
  const r = parseJsonText(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const append = (text: string, path: (string | number)[], value: unknown, key?: string): string => {
  const d = doc(text);
  return applyEdit(d.text, appendChild(d, nodeAt(d, path)!, value, key));
};
const remove = (text: string, path: (string | number)[], index: number): string => {
  const d = doc(text);
  return applyEdit(d.text, removeChild(d, nodeAt(d, path)!, index));
};

describe("parsing a settings file's text", () => {
  it("reads an absent or blank file as an empty object, and refuses text that is not JSON", () => {
    expect(doc(null).text).toBe("{}\n");
    expect(doc("  \n").text).toBe("{}\n");
    expect(valueOf(doc('{"a": [1, {"b": null}]}').root)).toEqual({ a: [1, { b: null }] });
    const bad = parseJsonText('{"a": }');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toBe("ValueExpected at character 6");
    expect(parseJsonText('{"a": 1 // note\n}').ok).toBe(true);
    expect(parseJsonText('{"a": 1,}').ok).toBe(true);
  });

  it("takes the file's layout: indent unit, line ending, spacing of one-line objects", () => {
    expect(doc('{\n\t"a": 1\n}').unit).toBe("\t");
    expect(doc('{\n    "a": 1\n}').unit).toBe("    ");
    expect(doc('{\n  "a": [\n    1\n  ]\n}').unit).toBe("  ");
    expect(doc('{"a": 1}').unit).toBe("  ");
    expect(doc('{\r\n  "a": 1\r\n}').eol).toBe("\r\n");
    expect(doc('{\n  "a": 1\n}').eol).toBe("\n");
    expect(doc('{"a": 1}').space).toBe(" ");
    expect(doc('{"a":1}').space).toBe("");
  });

  it("finds nodes by path and their index in their container", () => {
    const d = doc('{"a": {"b": [10, 20]}, "c": 3}');
    expect(valueOf(nodeAt(d, ["a", "b", 1])!)).toBe(20);
    expect(nodeAt(d, ["x"])).toBeUndefined();
    expect(nodeAt(d, [])).toBe(d.root);
    const c = nodeAt(d, ["c"])!;
    expect(indexIn(d.root, c.parent!)).toBe(1);
  });
});

describe("adding a child", () => {
  it("spreads over lines as the container does, at its children's indent", () => {
    expect(append('{\n  "a": 1\n}\n', [], { x: [1] }, "k")).toBe('{\n  "a": 1,\n  "k": {\n    "x": [\n      1\n    ]\n  }\n}\n');
    expect(append('{\n\t"a": {\n\t\t"b": 1\n\t}\n}', ["a"], 2, "c")).toBe('{\n\t"a": {\n\t\t"b": 1,\n\t\t"c": 2\n\t}\n}');
    expect(append('{\r\n  "a": [\r\n    1\r\n  ]\r\n}', ["a"], { y: 2 })).toBe('{\r\n  "a": [\r\n    1,\r\n    {\r\n      "y": 2\r\n    }\r\n  ]\r\n}');
  });

  it("keeps a one-line container on one line, with the file's spacing", () => {
    expect(append('{"a": 1}', [], { x: [1, "y"] }, "k")).toBe('{"a": 1, "k": {"x": [1, "y"]}}');
    expect(append('{"a":1}', [], { x: [1, "y"] }, "k")).toBe('{"a":1,"k":{"x":[1,"y"]}}');
    expect(append('{\n  "a": { "b": 1 }\n}', ["a"], 2, "c")).toBe('{\n  "a": { "b": 1, "c": 2 }\n}');
    expect(append('{"a": [1]}', ["a"], 2)).toBe('{"a": [1, 2]}');
    expect(append('{"a": [1]}', ["a"], null)).toBe('{"a": [1, null]}');
    expect(append('{"a": [1]}', ["a"], "s")).toBe('{"a": [1, "s"]}');
  });

  it("opens an empty container over lines in a file of lines, and keeps it one line in a one-line file", () => {
    expect(append('{\n  "a": {}\n}\n', ["a"], 1, "b")).toBe('{\n  "a": {\n    "b": 1\n  }\n}\n');
    expect(append('{\n  "a": []\n}\n', ["a"], "x")).toBe('{\n  "a": [\n    "x"\n  ]\n}\n');
    expect(append("{}\n", [], { c: true }, "b")).toBe('{\n  "b": {\n    "c": true\n  }\n}\n');
    expect(append("{}", [], { c: true }, "b")).toBe('{"b":{"c":true}}');
    expect(append('{"a": {}}', ["a"], [1, 2], "b")).toBe('{"a": {"b": [1, 2]}}');
  });
});

describe("removing a child", () => {
  it("cuts the child and the comma before it (or after it, for the first), and empties an only child's container", () => {
    const t = '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}';
    expect(remove(t, [], 0)).toBe('{\n  "b": 2,\n  "c": 3\n}');
    expect(remove(t, [], 1)).toBe('{\n  "a": 1,\n  "c": 3\n}');
    expect(remove(t, [], 2)).toBe('{\n  "a": 1,\n  "b": 2\n}');
    expect(remove('{\n  "a": [\n    1\n  ]\n}', ["a"], 0)).toBe('{\n  "a": []\n}');
    expect(remove("[1, 2]", [], 0)).toBe("[2]");
  });

  it("is the inverse of adding, byte for byte, whatever the container's layout", () => {
    const value = fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 5 }),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
    );
    const layout = fc.constantFrom<[string, number]>(["  ", 0], ["\t", 0], ["    ", 0], ["", 0], ["  ", 1]);
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 4 }), value, { maxKeys: 4 }), value, fc.boolean(), layout, (base, added, crlf, [indent]) => {
        let text = JSON.stringify({ wrap: base, list: Object.values(base) }, null, indent === "" ? undefined : indent);
        if (crlf) text = text.replace(/\n/g, "\r\n");
        const key = "new key";
        const withKey = append(text, ["wrap"], added, key);
        expect(JSON.parse(withKey)).toEqual({ wrap: { ...base, [key]: added }, list: Object.values(base) });
        const d = doc(withKey);
        const wrap = nodeAt(d, ["wrap"])!;
        expect(applyEdit(d.text, removeChild(d, wrap, wrap.children!.length - 1))).toBe(text);
        const withElement = append(text, ["list"], added);
        const d2 = doc(withElement);
        const list = nodeAt(d2, ["list"])!;
        expect(applyEdit(d2.text, removeChild(d2, list, list.children!.length - 1))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe("replacing a value", () => {
  it("writes the new value at the old one's place in the file's layout", () => {
    const t = '{\n  "a": {\n    "b": 1\n  },\n  "c": 2\n}';
    const d = doc(t);
    expect(applyEdit(t, replaceValue(d, nodeAt(d, ["a", "b"])!, { x: 1 }))).toBe('{\n  "a": {\n    "b": {\n      "x": 1\n    }\n  },\n  "c": 2\n}');
    const one = doc('{"a": 1, "c": 2}');
    expect(applyEdit(one.text, replaceValue(one, nodeAt(one, ["a"])!, [1, 2]))).toBe('{"a": [1, 2], "c": 2}');
  });
});
