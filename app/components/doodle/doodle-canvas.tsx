/**
 * The drawing canvas of doodle to art. Pointer events with pressure (mouse, pen and touch, with
 * pointer capture and touch-action: none), strokes kept as raw [x, y, pressure] points in the
 * drawing's logical pixels and outlined by perfect-freehand, one cached Path2D per finished
 * stroke, one redraw per animation frame while drawing. Undo/redo (buttons, Ctrl/Cmd+Z,
 * Shift+Ctrl/Cmd+Z, Ctrl+Y), clear (undoable), fill region, and a picture of your own as the
 * starting layer. The drawing is kept in sessionStorage, so a reload or a sign-in keeps it.
 *
 * Everything is painted on an offscreen canvas at the logical resolution (what is exported);
 * the visible canvas shows it scaled to its box at the screen's pixel density.
 */
import { isTextEntry } from "~/lib/text-entry";
import {
  Eraser,
  House,
  ImageUp,
  type LucideIcon,
  PaintBucket,
  Paintbrush,
  PawPrint,
  PersonStanding,
  Redo2,
  Sailboat,
  Trash2,
  TreeDeciduous,
  Undo2,
} from "lucide-react";
import {
  type PointerEvent as ReactPointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { cn } from "~/lib/cn";
import { DOODLE_BRUSHES, findBrush } from "@atelier/studio/brushes";
import { UPLOAD_MAX_BYTES } from "~/lib/generation";
import {
  type DoodleOp,
  ERASER,
  floodFillLayer,
  loadImage,
  loadPictures,
  paintOp,
  paintPicture,
  parseDrawing,
  replay,
  serializeDrawing,
  type StrokePoint,
  strokePath,
} from "./drawing";

export interface DoodleCanvasHandle {
  /** The drawing as a PNG at its logical resolution, on white. */
  toBlob(): Promise<Blob>;
  hasContent(): boolean;
  /** Starts the drawing from a picture (an undoable step), e.g. an earlier doodle from the history. */
  loadPicture(src: string): Promise<void>;
}

type Tool = "draw" | "fill";
type StrokeOp = Extract<DoodleOp, { kind: "stroke" }>;

const SIZE_MIN = 2;
const SIZE_MAX = 160;

interface BrushChip {
  id: string;
  label: string;
  color: string;
  /** The icon on a dark swatch is drawn light. */
  dark?: boolean;
  hint?: string;
}

/** Stamp brushes wear a picture of what they become, the eraser its own. */
const BRUSH_ICONS: Record<string, LucideIcon> = {
  tree: TreeDeciduous,
  house: House,
  boat: Sailboat,
  animal: PawPrint,
  person: PersonStanding,
  [ERASER.id]: Eraser,
};

const chip = (b: (typeof DOODLE_BRUSHES)[number]): BrushChip => {
  const name = b.label.toLowerCase();
  return {
    id: b.id,
    label: b.label,
    color: b.color,
    dark: 0.2126 * b.rgb[0] + 0.7152 * b.rgb[1] + 0.0722 * b.rgb[2] < 120,
    ...(b.stamp ? { hint: `Each blob painted with it becomes ${/^[aeiou]/.test(name) ? "an" : "a"} ${name}` } : {}),
  };
};

/** Regions, things (stamps) and lines, each a wrapping row: the palette stays usable on a phone. */
const BRUSH_GROUPS: { name: string; brushes: BrushChip[] }[] = [
  { name: "Places", brushes: DOODLE_BRUSHES.filter((b) => b.semantic && !b.stamp).map(chip) },
  { name: "Things", brushes: DOODLE_BRUSHES.filter((b) => b.stamp).map(chip) },
  {
    name: "Lines",
    brushes: [
      ...DOODLE_BRUSHES.filter((b) => !b.semantic).map(chip),
      { id: ERASER.id, label: ERASER.label, color: ERASER.color },
    ],
  },
];

const STAMP_NAMES = DOODLE_BRUSHES.filter((b) => b.stamp)
  .map((b) => b.label.toLowerCase())
  .join(", ");

function hasContentIn(ops: readonly DoodleOp[]): boolean {
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]!;
    if (op.kind === "clear") return false;
    if (op.kind === "stroke" && op.brush !== ERASER.id) return true;
    if (op.kind === "fill" && op.color !== ERASER.color) return true;
    if (op.kind === "picture") return true;
  }
  return false;
}

export function DoodleCanvas({
  width,
  height,
  storageKey,
  onContentChange,
  error,
  ref,
}: {
  width: number;
  height: number;
  /** sessionStorage key for the drawing. */
  storageKey: string;
  onContentChange?: (hasContent: boolean) => void;
  /** A problem with the drawing the server reported. */
  error?: string;
  ref?: Ref<DoodleCanvasHandle>;
}) {
  const id = useId();
  const display = useRef<HTMLCanvasElement>(null);
  const committed = useRef<HTMLCanvasElement | null>(null);
  const ops = useRef<DoodleOp[]>([]);
  const redoStack = useRef<DoodleOp[]>([]);
  const live = useRef<{ op: StrokeOp; pointerId: number } | null>(null);
  const frame = useRef<number | null>(null);
  const [tool, setTool] = useState<Tool>("draw");
  const [brushId, setBrushId] = useState<string>("sky");
  const [sizes, setSizes] = useState({ region: 56, ink: 8 });
  const [history, setHistory] = useState({ undo: 0, redo: 0, content: false });
  const [message, setMessage] = useState<string | null>(null);
  const contentCallback = useRef(onContentChange);
  contentCallback.current = onContentChange;

  const isInk = brushId !== ERASER.id && findBrush(brushId)?.semantic === false;
  const size = isInk ? sizes.ink : sizes.region;
  const brushColor = brushId === ERASER.id ? ERASER.color : (findBrush(brushId)?.color ?? "#111111");
  const brushLabel = brushId === ERASER.id ? ERASER.label : (findBrush(brushId)?.label ?? brushId);

  const context = useCallback(() => committed.current?.getContext("2d", { willReadFrequently: true }) ?? null, []);

  const redraw = useCallback(() => {
    frame.current = null;
    const canvas = display.current;
    const source = committed.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !source || !ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
    const current = live.current?.op;
    if (current) {
      ctx.setTransform(canvas.width / width, 0, 0, canvas.height / height, 0, 0);
      ctx.fillStyle = current.color;
      ctx.fill(strokePath(current, false));
    }
  }, [width, height]);

  const scheduleRedraw = useCallback(() => {
    if (frame.current === null) frame.current = requestAnimationFrame(redraw);
  }, [redraw]);

  const persist = useCallback(() => {
    try {
      sessionStorage.setItem(storageKey, serializeDrawing(ops.current, width, height));
    } catch {
      try {
        // too big for storage with pictures: keep the strokes at least
        sessionStorage.setItem(storageKey, serializeDrawing(ops.current, width, height, false));
      } catch {
        // storage unavailable: the drawing lives until the page closes
      }
    }
  }, [storageKey, width, height]);

  const changed = useCallback(() => {
    const content = hasContentIn(ops.current);
    setHistory({ undo: ops.current.length, redo: redoStack.current.length, content });
    contentCallback.current?.(content);
    persist();
    scheduleRedraw();
  }, [persist, scheduleRedraw]);

  const push = useCallback(
    (op: DoodleOp) => {
      const ctx = context();
      if (!ctx) return;
      paintOp(ctx, op, width, height);
      ops.current.push(op);
      redoStack.current = [];
      changed();
    },
    [width, height, changed, context],
  );

  const undo = useCallback(() => {
    const op = ops.current.pop();
    const ctx = context();
    if (!op || !ctx) return;
    redoStack.current.push(op);
    replay(ctx, ops.current, width, height);
    changed();
  }, [width, height, changed, context]);

  const redo = useCallback(() => {
    const op = redoStack.current.pop();
    const ctx = context();
    if (!op || !ctx) return;
    paintOp(ctx, op, width, height);
    ops.current.push(op);
    changed();
  }, [width, height, changed, context]);

  const clear = useCallback(() => {
    if (!hasContentIn(ops.current)) return;
    push({ kind: "clear" });
    setMessage("Canvas cleared. Undo brings it back.");
  }, [push]);

  /** Fits a picture into the drawing's size once, so storage holds a bounded PNG. */
  const addPicture = useCallback(
    async (src: string) => {
      const image = await loadImage(src);
      const fitted = document.createElement("canvas");
      fitted.width = width;
      fitted.height = height;
      const fctx = fitted.getContext("2d");
      if (!fctx) return;
      paintPicture(fctx, image, width, height);
      const dataUrl = fitted.toDataURL("image/png");
      push({ kind: "picture", src: dataUrl, image: await loadImage(dataUrl) });
    },
    [width, height, push],
  );

  useImperativeHandle(
    ref,
    () => ({
      hasContent: () => hasContentIn(ops.current),
      loadPicture: addPicture,
      toBlob: () =>
        new Promise<Blob>((resolve, reject) => {
          const canvas = committed.current;
          if (!canvas) return reject(new Error("The canvas is not ready"));
          canvas.toBlob(
            (blob) => (blob ? resolve(blob) : reject(new Error("The drawing could not be saved"))),
            "image/png",
          );
        }),
    }),
    [addPicture],
  );

  // A new logical size (another aspect ratio) starts a new drawing; the stored one comes back
  // when its size matches.
  useEffect(() => {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    committed.current = canvas;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    let cancelled = false;
    let restored: DoodleOp[] = [];
    try {
      restored = parseDrawing(sessionStorage.getItem(storageKey), width, height) ?? [];
    } catch {
      restored = [];
    }
    ops.current = [];
    redoStack.current = [];
    if (ctx) replay(ctx, [], width, height);
    void loadPictures(restored).then(() => {
      // Something drawn or loaded in the meantime (a re-run's picture) wins over the stored drawing.
      if (cancelled || !ctx || ops.current.length > 0) return;
      ops.current = restored;
      replay(ctx, restored, width, height);
      changed();
    });
    return () => {
      cancelled = true;
    };
  }, [width, height, storageKey, changed]);

  // The visible canvas matches its box at the screen's pixel density.
  useEffect(() => {
    const canvas = display.current;
    if (!canvas) return;
    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      const w = Math.max(1, Math.round(rect.width * dpr));
      const h = Math.max(1, Math.round(rect.height * dpr));
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      redraw();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  useEffect(() => () => void (frame.current !== null && cancelAnimationFrame(frame.current)), []);

  // Keyboard: undo and redo anywhere on the page except while typing in a text field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextEntry(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === "z" && event.shiftKey) || (key === "y" && !event.shiftKey)) {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const localPoint = (
    event: { clientX: number; clientY: number; pressure: number },
    rect: DOMRect,
    pen: boolean,
  ): StrokePoint => [
    Math.min(width, Math.max(0, ((event.clientX - rect.left) * width) / rect.width)),
    Math.min(height, Math.max(0, ((event.clientY - rect.top) * height) / rect.height)),
    pen ? event.pressure || 0.5 : 0.5,
  ];

  function onPointerDown(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (live.current) return; // a second finger while drawing: ignore
    event.preventDefault();
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    const pen = event.pointerType === "pen";
    const point = localPoint(event, rect, pen);
    if (tool === "fill") {
      const ctx = context();
      if (!ctx) return;
      const layer = floodFillLayer(ctx, point[0], point[1], brushColor);
      if (layer) push({ kind: "fill", x: Math.floor(point[0]), y: Math.floor(point[1]), color: brushColor, layer });
      return;
    }
    canvas.setPointerCapture(event.pointerId);
    live.current = {
      pointerId: event.pointerId,
      op: { kind: "stroke", brush: brushId, color: brushColor, size, pen, points: [point] },
    };
    scheduleRedraw();
  }

  function onPointerMove(event: ReactPointerEvent<HTMLCanvasElement>) {
    const current = live.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === "function" ? native.getCoalescedEvents() : [];
    for (const e of events.length > 0 ? events : [native]) current.op.points.push(localPoint(e, rect, current.op.pen));
    scheduleRedraw();
  }

  function finishStroke(event: ReactPointerEvent<HTMLCanvasElement>) {
    const current = live.current;
    if (!current || current.pointerId !== event.pointerId) return;
    live.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    current.op.path = strokePath(current.op, true);
    push(current.op);
  }

  async function onSketchChosen(file: File | undefined) {
    setMessage(null);
    if (!file) return;
    if (!file.type.startsWith("image/")) return setMessage("Choose an image file (PNG, JPEG, WebP…).");
    if (file.size > UPLOAD_MAX_BYTES) return setMessage("That picture is larger than 10 MB.");
    const url = URL.createObjectURL(file);
    try {
      await addPicture(url);
      setMessage("Your picture is on the canvas. Paint over it, or undo to go back.");
    } catch {
      setMessage("That picture could not be read.");
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  const ratio = width / height;
  const toolButton =
    "inline-flex size-10 items-center justify-center rounded-full text-ink-soft ring-1 ring-line hover:bg-paper-sunken hover:text-ink disabled:opacity-40 disabled:pointer-events-none";

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">Brush</legend>
        <div className="space-y-2">
          {BRUSH_GROUPS.map((group) => (
            <fieldset key={group.name} className="flex flex-wrap items-center gap-1.5">
              <legend className="sr-only">{group.name}</legend>
              <span aria-hidden className="pr-1 text-xs text-ink-faint">
                {group.name}
              </span>
              {group.brushes.map((b) => {
                const Icon = BRUSH_ICONS[b.id];
                return (
                  <label
                    key={b.id}
                    title={b.hint}
                    className={cn(
                      "relative inline-flex cursor-pointer items-center gap-1.5 rounded-full py-1 pl-1 pr-2.5 text-xs font-medium ring-1 ring-line transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent",
                      brushId === b.id
                        ? "bg-ink text-paper ring-ink"
                        : "bg-paper-raised text-ink hover:bg-paper-sunken",
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-brush`}
                      value={b.id}
                      checked={brushId === b.id}
                      onChange={() => setBrushId(b.id)}
                      className="sr-only"
                    />
                    <span
                      aria-hidden
                      className="grid size-5 place-items-center rounded-full ring-1 ring-black/15"
                      style={{ backgroundColor: b.color }}
                    >
                      {Icon ? <Icon className={cn("size-3", b.dark ? "text-white" : "text-ink-soft")} /> : null}
                    </span>
                    {b.label}
                  </label>
                );
              })}
            </fieldset>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div role="radiogroup" aria-label="Tool" className="inline-flex rounded-full bg-paper-sunken p-1">
          {(
            [
              { value: "draw", label: "Draw", icon: Paintbrush },
              { value: "fill", label: "Fill region", icon: PaintBucket },
            ] as const
          ).map((t) => (
            // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons with roving focus (WAI-ARIA radio group pattern); native radios cannot look like tool buttons
            <button
              key={t.value}
              type="button"
              role="radio"
              aria-checked={tool === t.value}
              tabIndex={tool === t.value ? 0 : -1}
              onClick={() => setTool(t.value)}
              onKeyDown={(event) => {
                if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) {
                  event.preventDefault();
                  const next = tool === "draw" ? "fill" : "draw";
                  setTool(next);
                  (
                    event.currentTarget.parentElement?.querySelector(`[data-tool="${next}"]`) as HTMLElement | null
                  )?.focus();
                }
              }}
              data-tool={t.value}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium transition",
                tool === t.value ? "bg-paper-raised text-ink shadow-sm" : "text-ink-soft hover:text-ink",
              )}
            >
              <t.icon aria-hidden className="size-4" /> {t.label}
            </button>
          ))}
        </div>
        <label className="flex min-w-44 flex-1 items-center gap-2 text-sm text-ink-soft">
          <span className="whitespace-nowrap font-medium text-ink">Brush size</span>
          <input
            type="range"
            min={SIZE_MIN}
            max={SIZE_MAX}
            value={size}
            disabled={tool === "fill"}
            onChange={(event) => {
              const value = Number(event.target.value);
              setSizes((s) => (isInk ? { ...s, ink: value } : { ...s, region: value }));
            }}
            className="w-full accent-accent"
          />
          <output className="w-10 text-right tabular-nums">{size}</output>
        </label>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        {[
          { label: "Undo", title: "Undo (Ctrl+Z)", icon: Undo2, onClick: undo, disabled: history.undo === 0 },
          { label: "Redo", title: "Redo (Shift+Ctrl+Z)", icon: Redo2, onClick: redo, disabled: history.redo === 0 },
          {
            label: "Clear the canvas",
            title: "Clear (undoable)",
            icon: Trash2,
            onClick: clear,
            disabled: !history.content,
          },
        ].map((action) => (
          <button
            key={action.label}
            type="button"
            className={toolButton}
            onClick={action.onClick}
            disabled={action.disabled}
            aria-label={action.label}
            title={action.title}
          >
            <action.icon aria-hidden className="size-4" />
          </button>
        ))}
        <label className="ml-auto inline-flex cursor-pointer items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-ink ring-1 ring-line hover:bg-paper-sunken has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent">
          <ImageUp aria-hidden className="size-4" /> Start from a picture
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(event) => {
              void onSketchChosen(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
      </div>

      <div
        className="mx-auto overflow-hidden rounded-2xl bg-white shadow-inner ring-1 ring-line"
        style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, calc(68vh * ${ratio.toFixed(4)}))` }}
      >
        <canvas
          ref={display}
          role="img"
          aria-label={`Drawing canvas, ${width} by ${height}. Painting with ${brushLabel}${tool === "fill" ? ", fill region" : ""}. ${history.content ? "" : "Empty."}`}
          aria-describedby={`${id}-help`}
          data-testid="doodle-canvas"
          className={cn("block size-full touch-none select-none", tool === "fill" ? "cursor-cell" : "cursor-crosshair")}
          style={{ touchAction: "none" }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={finishStroke}
          onPointerCancel={finishStroke}
          onLostPointerCapture={finishStroke}
          onContextMenu={(event) => event.preventDefault()}
        />
      </div>
      <p id={`${id}-help`} className="text-xs text-ink-faint">
        Paint regions with the coloured brushes (sky, grass, water…) and draw lines with ink; the engine turns each
        colour into that material. A blob painted with a brush of things ({STAMP_NAMES}) becomes that thing, standing at
        the blob's foot and as tall as it. Ctrl+Z undoes, Shift+Ctrl+Z redoes.
      </p>
      {message ? (
        <p role="status" className="text-sm text-ink-soft">
          {message}
        </p>
      ) : null}
      {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
    </div>
  );
}
