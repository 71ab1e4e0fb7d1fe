/**
 * Text people type may hold line breaks and tabs, never other control characters: NUL is refused
 * by PostgreSQL outright, and the rest are invisible tricks (terminal escapes, bidi-less junk).
 * Checked at the edge for every form, query and JSON body (app/lib/forms.ts, server/http/api.ts).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTERS_MESSAGE = "Remove the invisible control characters from this text.";

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** The path (`field`, `items.0.name`) of the first text holding control characters, or null. */
export function findControlCharacters(value: unknown, path = ""): string | null {
  if (typeof value === "string") return hasControlCharacters(value) ? path || "_form" : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacters(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key)) return path || "_form";
      const found = findControlCharacters(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** The text with each control character replaced by a space: for searches, where a refusal helps no one. */
export function stripControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARACTERS.source, "g"), " ");
}

const FILE_NAME_CONTROL_CHARACTERS_MESSAGE = "Rename the file: its name holds invisible control characters.";

/**
 * Each field of a posted form whose text holds control characters, with the message for beside
 * it: for actions that read their form by hand instead of through parseForm (app/lib/forms.ts).
 * A file's name counts too, since it is stored and shown like any text.
 */
export function controlCharacterFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" ? hasControlCharacters(value) : hasControlCharacters(value.name)) {
      fields[key] ??= typeof value === "string" ? CONTROL_CHARACTERS_MESSAGE : FILE_NAME_CONTROL_CHARACTERS_MESSAGE;
    }
  }
  return fields;
}
