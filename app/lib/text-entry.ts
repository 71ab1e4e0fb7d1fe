/**
 * Whether a key press goes to a field that takes text: the canvases' keyboard shortcuts (undo,
 * brush keys) leave those keys to the field.
 */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !["range", "radio", "checkbox", "button", "submit", "file", "color"].includes(target.type)
  );
}
