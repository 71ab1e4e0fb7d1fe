/** The doodle canvas seen from the studio: whether it holds a drawing, and a picture to put on it. */
import { useEffect, useRef, useState } from "react";
import type { DoodleCanvasHandle } from "~/components/doodle/doodle-canvas";
import type { Say } from "./studio-message";

export function useStudioDoodle({
  enabled,
  width,
  height,
  say,
}: {
  /** Only the doodle page has a canvas. */
  enabled: boolean;
  width: number;
  height: number;
  say: Say;
}) {
  const canvasRef = useRef<DoodleCanvasHandle>(null);
  const [hasContent, setHasContent] = useState(false);
  const [pendingPicture, setPendingPicture] = useState<string | null>(null);

  // A picture to put on the doodle canvas once it has the right size (re-run of a doodle).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the canvas size is a trigger: a resize clears the canvas, so the picture goes on again
  useEffect(() => {
    if (!pendingPicture || !enabled) return;
    const timer = setTimeout(() => {
      void canvasRef.current
        ?.loadPicture(pendingPicture)
        .catch(() => say({ tone: "error", text: "That drawing could not be loaded." }));
      setPendingPicture(null);
    }, 50);
    return () => clearTimeout(timer);
  }, [pendingPicture, enabled, width, height, say]);

  return {
    canvasRef,
    /** As the canvas last reported it (for rendering). */
    hasContent,
    onContentChange: setHasContent,
    /** Asked of the canvas now (before replacing or clearing a drawing). */
    holdsDrawing: () => canvasRef.current?.hasContent() ?? false,
    toBlob: () => canvasRef.current!.toBlob(),
    putPicture: (url: string) => setPendingPicture(url),
  };
}

export type StudioDoodle = ReturnType<typeof useStudioDoodle>;
