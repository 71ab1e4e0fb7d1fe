/** Links between pictures and their edits (issue 31): to the editor, and from an edit back to the picture it came from. */
import { Link } from "react-router";
import type { GenerationView } from "~/lib/generation-views";
import type { EditKind } from "~/lib/picture-edits";

/** Where the edits are listed: they are image to art's generations. */
export const EDIT_HISTORY_PATH = "/ai/ai-image-to-art#history-title";

/** The editor's address for one picture of the history. */
export function editPath(generationId: string, index: number): string {
  return `/ai/edit?${new URLSearchParams({ generation: generationId, index: String(index) })}`;
}

/** The editor's address for the picture uploaded on the image-to-art page. */
export function editPreviewPath(fileName: string): string {
  return `/ai/edit?${new URLSearchParams({ preview: fileName })}`;
}

const EDITED: Record<EditKind, string> = { inpaint: "Repainted", outpaint: "Widened" };

/** "Repainted from the original picture", linking to it in the editor while it is in the history; nothing for other generations. */
export function EditedFrom({ generation: g, className }: { generation: GenerationView; className?: string }) {
  if (!g.edit) return null;
  const { kind, fromGenerationId, fromIndex } = g.edit;
  return (
    <p data-testid="edited-from" className={className}>
      {EDITED[kind]} from{" "}
      {fromGenerationId !== null && fromIndex !== null ? (
        <Link
          to={editPath(fromGenerationId, fromIndex)}
          className="font-medium text-accent underline-offset-4 hover:underline"
        >
          the original picture
        </Link>
      ) : (
        "a picture"
      )}
    </p>
  );
}
