/** Control characters in people's text: found by path, stripped from searches, refused by forms. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listQuery } from "../../app/lib/community";
import { parseForm } from "../../app/lib/forms";
import {
  CONTROL_CHARACTERS_MESSAGE,
  findControlCharacters,
  hasControlCharacters,
  stripControlCharacters,
} from "../../app/lib/plain-text";

describe("control characters", () => {
  it("allow line breaks and tabs, refuse NUL, escapes and DEL", () => {
    expect(hasControlCharacters("two\nlines\r\nand\ttabs, émojis 🎨")).toBe(false);
    for (const bad of ["\u0000", "\u0001", "\u001b[31m", "\u007f", "\u000b", "\u000c"])
      expect(hasControlCharacters(`a${bad}b`), JSON.stringify(bad)).toBe(true);
  });

  it("are found by path in nested bodies, keys included", () => {
    expect(findControlCharacters({ prompt: "ok", items: [{ name: "fine" }, { name: "x\u0000" }] })).toBe(
      "items.1.name",
    );
    expect(findControlCharacters(["a", "b\u0007"])).toBe("1");
    expect(findControlCharacters({ "bad\u0000key": 1 })).toBe("_form");
    expect(findControlCharacters("\u0000")).toBe("_form");
    expect(findControlCharacters({ n: 1, b: true, z: null, s: "plain" })).toBeNull();
  });

  it("are taken out of searches rather than refused", () => {
    expect(stripControlCharacters("sea\u0000sun\u001b")).toBe("sea sun ");
    expect(listQuery.parse({ q: "sea\u0000sun", style: "oil\u0000", cursor: "\u0000" })).toMatchObject({
      q: "sea sun",
      style: undefined,
      cursor: undefined,
    });
  });

  it("give a form the error next to the field", () => {
    const form = new FormData();
    form.set("name", "Ada\u0000");
    form.set("bio", "fine");
    const result = parseForm(form, z.object({ name: z.string(), bio: z.string() }));
    expect(result).toMatchObject({ ok: false, errors: { fields: { name: CONTROL_CHARACTERS_MESSAGE } } });
  });
});
