/**
 * The mask editor of "edit a part of a picture" (inpaint, issue 31): the picture with the area to
 * change painted over it in the accent colour, brush and eraser, brush size and feather, invert,
 * clear, undo and redo. It hands the page a black-and-white PNG at the picture's natural size
 * (`toMaskBlob`), white where the picture changes — the engines' convention (edit-canvas.ts).
 *
 * The mask is kept as strokes in the picture's own pixels (app/lib/mask-strokes.ts), never as
 * the pixels on screen: the overlay is drawn from them at whatever size the page gives the
 * picture (redrawn when that changes), and the PNG is drawn from them again at full size. Mouse,
 * pen and touch paint through Pointer Events with pointer capture and touch-action: none (a
 * finger paints instead of scrolling); a pen's pressure moves the width a little. One stroke is
 * one undo step. The feather is previewed as a CSS blur of the overlay with the same σ the PNG
 * is blurred with, so changing it costs nothing while painting.
 *
 * The keyboard paints too: the picture is a Tab stop, the arrow keys move the brush's circle
 * (Shift moves it a brush's width), Space or Enter puts the brush down and lifts it again (one
 * stroke, one undo step; pressed twice in place it paints a dot), Escape drops the stroke being
 * painted.
 *
 * A new picture (another imageUrl or size) starts a new mask.
 */
import { isTextEntry } from "~/lib/text-entry";
import { Contrast, Eraser, type LucideIcon, Paintbrush, Redo2, Trash2, Undo2 } from "lucide-react";
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  alphaOf,
  anyMarked,
  BRUSH_SIZE,
  type CoverageSummary,
  canRedo,
  canUndo,
  clampPoint,
  type DrawTarget,
  describeCoverage,
  drawMask,
  drawMaskOp,
  EMPTY_HISTORY,
  FEATHER,
  featherAlpha,
  featherSigma,
  type MaskHistory,
  MaskCoverage,
  opsToAppend,
  type MaskOp,
  type MaskPoint,
  type MaskStroke,
  type MaskTool,
  pushOp,
  redoOp,
  startStroke,
  undoOp,
  writeMaskPixels,
  appendPoint,
} from "~/lib/mask-strokes";

export interface MaskEditorHandle {
  /** The mask as a PNG Blob at the picture's natural size: white where the picture changes, black where it stays, greys across the feathered edge. null when nothing is painted. */
  toMaskBlob(): Promise<Blob | null>;
  /** True when some area is marked. */
  hasMask(): boolean;
}

/** The theme's accent (--color-accent in app.css), if the stylesheet cannot be read. */
const ACCENT_FALLBACK = "#6d3fd6";
/** The painted area shows the picture through it. */
const OVERLAY_OPACITY = 0.45;
/** How often the canvas's label follows a stroke being painted. */
const LIVE_LABEL_MS = 250;
/** The pointer id of a stroke painted from the keyboard (pointer ids are never negative). */
const KEYBOARD = -1;

const TOOLS: { value: MaskTool; label: string; key: string; icon: LucideIcon }[] = [
  { value: "brush", label: "Brush", key: "B", icon: Paintbrush },
  { value: "eraser", label: "Eraser", key: "E", icon: Eraser },
];

export function MaskEditor({
  imageUrl,
  width,
  height,
  onChange,
  ref,
}: {
  /** The picture, same origin. */
  imageUrl: string;
  /** Its natural size: the mask's size, and the unit of the brush size and the feather. */
  width: number;
  height: number;
  /** After every change of the mask (a stroke, undo, redo, invert, clear, a new picture): whether some area is marked. */
  onChange?: (hasMask: boolean) => void;
  ref?: Ref<MaskEditorHandle>;
}) {
  const id = useId();
  const root = useRef<HTMLFieldSetElement>(null);
  const frameBox = useRef<HTMLDivElement>(null);
  const display = useRef<HTMLCanvasElement>(null);
  const cursor = useRef<HTMLDivElement>(null);
  /** The finished strokes at the display's size, so a frame while painting draws one stroke, not all. */
  const cache = useRef<{ canvas: HTMLCanvasElement; drawn: readonly MaskOp[] } | null>(null);
  const historyRef = useRef<MaskHistory>(EMPTY_HISTORY);
  const coverageRef = useRef<MaskCoverage | null>(null);
  const live = useRef<{ stroke: MaskStroke; pointerId: number } | null>(null);
  /** Where the keyboard's brush is, in the picture's pixels (the middle until it moves). */
  const keyPoint = useRef<{ x: number; y: number } | null>(null);
  const [keyPainting, setKeyPainting] = useState(false);
  const liveLabelAt = useRef(0);
  const frame = useRef<number | null>(null);
  const accent = useRef(ACCENT_FALLBACK);
  const [history, setHistory] = useState<MaskHistory>(EMPTY_HISTORY);
  const [coverage, setCoverage] = useState<CoverageSummary>({ fraction: 0, marked: false });
  const [tool, setTool] = useState<MaskTool>("brush");
  const [size, setSize] = useState<number>(BRUSH_SIZE.initial);
  const [feather, setFeather] = useState<number>(FEATHER.initial);
  /** Screen pixels per picture pixel (0 until measured). */
  const [displayScale, setDisplayScale] = useState(0);
  const [imageFailed, setImageFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const changeCallback = useRef(onChange);
  changeCallback.current = onChange;
  const featherRef = useRef(feather);
  featherRef.current = feather;

  const tracker = useCallback(() => {
    coverageRef.current ??= new MaskCoverage({ width, height });
    return coverageRef.current;
  }, [width, height]);

  const displayTarget = useCallback(
    (canvas: HTMLCanvasElement): DrawTarget => ({
      width: canvas.width,
      height: canvas.height,
      scale: canvas.width / width,
      color: accent.current,
    }),
    [width],
  );

  /** Brings the cached drawing to the history: a new step is drawn on it, an undo redraws it. */
  const syncCache = useCallback(() => {
    const canvas = display.current;
    if (!canvas) return null;
    let kept = cache.current;
    if (!kept || kept.canvas.width !== canvas.width || kept.canvas.height !== canvas.height) {
      const offscreen = kept?.canvas ?? document.createElement("canvas");
      offscreen.width = canvas.width; // resizing empties it
      offscreen.height = canvas.height;
      kept = { canvas: offscreen, drawn: [] };
      cache.current = kept;
    }
    const ctx = kept.canvas.getContext("2d");
    if (!ctx) return null;
    const ops = historyRef.current.done;
    if (kept.drawn !== ops) {
      const target = displayTarget(kept.canvas);
      const added = opsToAppend(kept.drawn, ops);
      if (added) for (const op of added) drawMaskOp(ctx, op, target);
      else drawMask(ctx, ops, target);
      kept.drawn = ops;
    }
    return kept.canvas;
  }, [displayTarget]);

  const redraw = useCallback(() => {
    frame.current = null;
    const canvas = display.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const finished = syncCache();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalCompositeOperation = "source-over";
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (finished) ctx.drawImage(finished, 0, 0);
    const current = live.current;
    if (!current) return;
    // The stroke being painted goes on a copy of the finished ones: an eraser shows what it takes away.
    drawMaskOp(ctx, current.stroke, displayTarget(canvas));
    const now = performance.now();
    if (now - liveLabelAt.current >= LIVE_LABEL_MS) {
      liveLabelAt.current = now;
      setCoverage(tracker().withStroke(current.stroke));
    }
  }, [syncCache, displayTarget, tracker]);

  const scheduleRedraw = useCallback(() => {
    if (frame.current === null) frame.current = requestAnimationFrame(redraw);
  }, [redraw]);

  /** Every change of the mask goes through here: the history, the label, the overlay, the page. */
  const commit = useCallback(
    (next: MaskHistory) => {
      historyRef.current = next;
      setHistory(next);
      const summary = tracker().sync(next.done);
      setCoverage(summary);
      scheduleRedraw();
      changeCallback.current?.(summary.marked);
    },
    [tracker, scheduleRedraw],
  );

  const undo = useCallback(() => {
    if (live.current || !canUndo(historyRef.current)) return;
    setMessage(null);
    commit(undoOp(historyRef.current));
  }, [commit]);

  const redo = useCallback(() => {
    if (live.current || !canRedo(historyRef.current)) return;
    setMessage(null);
    commit(redoOp(historyRef.current));
  }, [commit]);

  const invert = () => {
    if (live.current) return;
    commit(pushOp(historyRef.current, { kind: "invert" }));
    setMessage("Inverted: what was kept is marked now, and the other way round.");
  };

  const clear = () => {
    if (live.current || !tracker().sync(historyRef.current.done).marked) return;
    commit(pushOp(historyRef.current, { kind: "clear" }));
    setMessage("Mask cleared. Undo brings it back.");
  };

  useImperativeHandle(
    ref,
    () => ({
      hasMask: () => tracker().sync(historyRef.current.done).marked,
      toMaskBlob: async () => {
        const ops = historyRef.current.done;
        if (!tracker().sync(ops).marked) return null;
        const w = Math.max(1, Math.round(width));
        const h = Math.max(1, Math.round(height));
        const canvas = document.createElement("canvas");
        canvas.width = w;
        canvas.height = h;
        const ctx = canvas.getContext("2d", { willReadFrequently: true });
        if (!ctx) throw new Error("The mask could not be drawn");
        // The hard mask in the canvas's alpha, feathered in plain arrays (the same blur everywhere,
        // where ctx.filter is missing from some browsers), then written as opaque greys.
        drawMask(ctx, ops, { width: w, height: h, scale: 1, color: "#ffffff" });
        const image = ctx.getImageData(0, 0, w, h);
        const alpha = alphaOf(image.data);
        featherAlpha(alpha, w, h, featherRef.current);
        if (!anyMarked(alpha)) return null;
        writeMaskPixels(alpha, image.data);
        ctx.putImageData(image, 0, 0);
        return new Promise<Blob>((resolve, reject) =>
          canvas.toBlob(
            (blob) => (blob ? resolve(blob) : reject(new Error("The mask could not be saved"))),
            "image/png",
          ),
        );
      },
    }),
    [tracker, width, height],
  );

  // A new picture starts a new mask: the strokes were in the old picture's pixels.
  const pictureKey = `${width}x${height} ${imageUrl}`;
  const shownPicture = useRef(pictureKey);
  useEffect(() => {
    if (shownPicture.current === pictureKey) return;
    shownPicture.current = pictureKey;
    coverageRef.current = null;
    live.current = null;
    setImageFailed(false);
    setMessage(null);
    commit(EMPTY_HISTORY);
  }, [pictureKey, commit]);

  // The overlay matches its box at the screen's pixel density, redrawn from the strokes when the
  // box changes size (a window resize, a phone turned).
  useEffect(() => {
    const box = frameBox.current;
    const canvas = display.current;
    if (!box || !canvas) return;
    accent.current = getComputedStyle(box).getPropertyValue("--color-accent").trim() || ACCENT_FALLBACK;
    const resize = () => {
      const rect = box.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      const w = Math.max(1, Math.round(rect.width * dpr));
      const h = Math.max(1, Math.round(rect.height * dpr));
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      setDisplayScale(rect.width / width);
      redraw();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(box);
    return () => observer.disconnect();
  }, [redraw, width]);

  useEffect(() => () => void (frame.current !== null && cancelAnimationFrame(frame.current)), []);

  function onKeyDown(event: ReactKeyboardEvent<HTMLFieldSetElement>) {
    if (event.altKey || isTextEntry(event.target)) return;
    const key = event.key.toLowerCase();
    if (event.ctrlKey || event.metaKey) {
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || (key === "y" && !event.shiftKey)) redo();
      else return;
    } else if (!event.shiftKey && (key === "b" || key === "e")) {
      setTool(key === "b" ? "brush" : "eraser");
    } else {
      return;
    }
    event.preventDefault();
  }

  /** A pointer's place on the picture, in the picture's pixels. */
  const pointOf = (
    event: { clientX: number; clientY: number; pressure: number },
    rect: DOMRect,
    pen: boolean,
  ): MaskPoint =>
    clampPoint(
      ((event.clientX - rect.left) * width) / rect.width,
      ((event.clientY - rect.top) * height) / rect.height,
      pen ? event.pressure || 0.5 : 0.5,
      width,
      height,
    );

  function showCursor(event: { clientX: number; clientY: number }, rect: DOMRect) {
    const circle = cursor.current;
    if (!circle) return;
    circle.style.transform = `translate(${event.clientX - rect.left}px, ${event.clientY - rect.top}px)`;
    circle.style.visibility = "visible";
  }

  function hideCursor() {
    if (cursor.current) cursor.current.style.visibility = "hidden";
  }

  /** The keyboard's brush, placed where it paints. */
  function keyboardPoint(): MaskPoint {
    keyPoint.current ??= { x: width / 2, y: height / 2 };
    return clampPoint(keyPoint.current.x, keyPoint.current.y, 0.5, width, height);
  }

  function showKeyboardCursor() {
    const circle = cursor.current;
    const rect = display.current?.getBoundingClientRect();
    if (!circle || !rect || rect.width === 0) return;
    const [x, y] = keyboardPoint();
    circle.style.transform = `translate(${(x * rect.width) / width}px, ${(y * rect.height) / height}px)`;
    circle.style.visibility = "visible";
  }

  /** Lifts the keyboard's brush: its stroke becomes one undo step (or is dropped). */
  function endKeyboardStroke(keep: boolean) {
    const current = live.current;
    if (!current || current.pointerId !== KEYBOARD) return;
    live.current = null;
    setKeyPainting(false);
    if (keep) commit(pushOp(historyRef.current, current.stroke));
    else {
      setMessage("Stroke dropped.");
      scheduleRedraw();
      setCoverage(tracker().sync(historyRef.current.done));
    }
  }

  function onFrameKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const current = live.current;
    const step = event.shiftKey ? size : Math.max(1, Math.round(size / 4));
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      const [x, y] = keyboardPoint();
      const next = clampPoint(x + move[0], y + move[1], 0.5, width, height);
      keyPoint.current = { x: next[0], y: next[1] };
      if (current?.pointerId === KEYBOARD && appendPoint(current.stroke, next)) scheduleRedraw();
      showKeyboardCursor();
    } else if (event.key === " " || event.key === "Enter") {
      if (event.repeat) return event.preventDefault();
      if (current?.pointerId === KEYBOARD) endKeyboardStroke(true);
      else if (!current) {
        live.current = { pointerId: KEYBOARD, stroke: startStroke(tool, size, keyboardPoint()) };
        liveLabelAt.current = 0;
        setKeyPainting(true);
        setMessage(null);
        showKeyboardCursor();
        scheduleRedraw();
      }
    } else if (event.key === "Escape" && current?.pointerId === KEYBOARD) {
      endKeyboardStroke(false);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }

  function onPointerDown(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (live.current?.pointerId === KEYBOARD) endKeyboardStroke(true);
    if (live.current) return; // a second finger while painting: ignored
    event.preventDefault();
    // Painting gives the editor the focus, so its keyboard shortcuts work right after.
    root.current?.focus({ preventScroll: true });
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    canvas.setPointerCapture(event.pointerId);
    const pen = event.pointerType === "pen";
    live.current = { pointerId: event.pointerId, stroke: startStroke(tool, size, pointOf(event, rect, pen)) };
    liveLabelAt.current = 0;
    setMessage(null);
    showCursor(event, rect);
    scheduleRedraw();
  }

  function onPointerMove(event: ReactPointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    const current = live.current;
    // A finger has no hover: its circle shows only while it paints.
    if (event.pointerType !== "touch" || current) showCursor(event, rect);
    if (!current || current.pointerId !== event.pointerId) return;
    const pen = event.pointerType === "pen";
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === "function" ? native.getCoalescedEvents() : [];
    let added = false;
    for (const e of events.length > 0 ? events : [native])
      added = appendPoint(current.stroke, pointOf(e, rect, pen)) || added;
    if (added) scheduleRedraw();
  }

  function finishStroke(event: ReactPointerEvent<HTMLCanvasElement>) {
    const current = live.current;
    if (!current || current.pointerId !== event.pointerId) return;
    live.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    if (event.pointerType === "touch") hideCursor();
    commit(pushOp(historyRef.current, current.stroke));
  }

  const ratio = width / height;
  const diameter = size * displayScale;
  const label = describeCoverage(coverage);
  const toolButton =
    "inline-flex size-10 items-center justify-center rounded-full text-ink-soft ring-1 ring-line hover:bg-paper-sunken hover:text-ink disabled:opacity-40 disabled:pointer-events-none";

  return (
    // The shortcuts work while the focus is in the editor — on one of its controls, or on the
    // fieldset itself, which painting focuses (tabIndex -1: not a Tab stop) — never while someone
    // types elsewhere on the page.
    <fieldset
      ref={root}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="min-w-0 space-y-3 outline-none"
      data-testid="mask-editor"
    >
      <legend className="sr-only">Mask editor</legend>
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="inline-flex rounded-full bg-paper-sunken p-1">
          <legend className="sr-only">Tool</legend>
          {TOOLS.map((t) => (
            <button
              key={t.value}
              type="button"
              aria-pressed={tool === t.value}
              aria-keyshortcuts={t.key}
              title={`${t.label} (${t.key})`}
              onClick={() => setTool(t.value)}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2",
                tool === t.value ? "bg-paper-raised text-ink shadow-sm" : "text-ink-soft hover:text-ink",
              )}
            >
              <t.icon aria-hidden className="size-4" /> {t.label}
            </button>
          ))}
        </fieldset>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={toolButton}
            onClick={undo}
            disabled={!canUndo(history)}
            aria-label="Undo"
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Undo (Ctrl+Z)"
          >
            <Undo2 aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className={toolButton}
            onClick={redo}
            disabled={!canRedo(history)}
            aria-label="Redo"
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
            title="Redo (Ctrl+Shift+Z)"
          >
            <Redo2 aria-hidden className="size-4" />
          </button>
        </div>
        <div className="flex items-center gap-2 sm:ml-auto">
          <button
            type="button"
            className={buttonClass({ variant: "secondary", size: "sm" })}
            onClick={invert}
            title="Mark what is not marked, and the other way round"
          >
            <Contrast aria-hidden className="size-4" /> Invert
          </button>
          <button
            type="button"
            className={buttonClass({ variant: "secondary", size: "sm" })}
            onClick={clear}
            disabled={!coverage.marked}
            title="Clear the mask (undoable)"
          >
            <Trash2 aria-hidden className="size-4" /> Clear
          </button>
        </div>
      </div>

      <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <label className="flex items-center gap-2 text-sm text-ink-soft">
          <span className="w-20 shrink-0 font-medium text-ink">Brush size</span>
          <input
            type="range"
            min={BRUSH_SIZE.min}
            max={BRUSH_SIZE.max}
            step={1}
            value={size}
            aria-valuetext={`${size} pixels`}
            onChange={(event) => setSize(Number(event.target.value))}
            className="w-full min-w-0 accent-accent"
          />
          <output className="w-14 shrink-0 text-right tabular-nums">{size} px</output>
        </label>
        <label className="flex items-center gap-2 text-sm text-ink-soft">
          <span className="w-20 shrink-0 font-medium text-ink">Feather</span>
          <input
            type="range"
            min={FEATHER.min}
            max={FEATHER.max}
            step={1}
            value={feather}
            aria-valuetext={feather === 0 ? "Hard edge" : `${feather} pixels of soft edge`}
            aria-describedby={`${id}-feather`}
            onChange={(event) => setFeather(Number(event.target.value))}
            className="w-full min-w-0 accent-accent"
          />
          <output className="w-14 shrink-0 text-right tabular-nums">{feather} px</output>
        </label>
        <p id={`${id}-feather`} className="text-xs text-ink-faint sm:col-start-2">
          How softly the change blends in at the mask's edge.
        </p>
      </div>

      <div
        ref={frameBox}
        // Painted with the keyboard too: an application region, so screen readers hand it the
        // arrow keys and Space.
        role="application"
        aria-roledescription="mask painter"
        aria-label="Picture to paint on"
        aria-describedby={`${id}-keys`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's application role is a focusable region whose keys the page handles (the arrow keys and Space paint); Biome counts the role as non-interactive.
        tabIndex={0}
        onKeyDown={onFrameKeyDown}
        onFocus={(event) => {
          // Focus came by keyboard: show where the brush is before it moves.
          if (event.target === event.currentTarget && event.currentTarget.matches(":focus-visible"))
            showKeyboardCursor();
        }}
        onBlur={() => {
          endKeyboardStroke(true);
          if (!live.current) hideCursor();
        }}
        className="relative mx-auto overflow-hidden rounded-2xl bg-paper-sunken ring-1 ring-line focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
        style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, calc(68vh * ${ratio.toFixed(4)}))` }}
      >
        <img
          src={imageUrl}
          alt=""
          width={width}
          height={height}
          draggable={false}
          onLoad={() => setImageFailed(false)}
          onError={() => setImageFailed(true)}
          className="absolute inset-0 block size-full select-none object-fill"
        />
        <canvas
          ref={display}
          role="img"
          aria-label={label}
          aria-describedby={`${id}-hint`}
          data-testid="mask-canvas"
          className="absolute inset-0 block size-full cursor-crosshair touch-none select-none"
          style={{
            touchAction: "none",
            opacity: OVERLAY_OPACITY,
            // The feather as it will be: the same σ as the PNG's blur, in screen pixels.
            filter:
              feather > 0 && displayScale > 0
                ? `blur(${(featherSigma(feather) * displayScale).toFixed(2)}px)`
                : undefined,
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={finishStroke}
          onPointerCancel={finishStroke}
          onLostPointerCapture={finishStroke}
          onPointerLeave={() => {
            if (!live.current) hideCursor();
          }}
          onContextMenu={(event) => event.preventDefault()}
        />
        {/* The brush: a circle as wide as it paints, ringed light and dark to show on any picture. */}
        <div
          ref={cursor}
          aria-hidden
          className={cn(
            "pointer-events-none invisible absolute left-0 top-0 rounded-full border-2 border-white shadow-[0_0_0_1px_rgb(0_0_0/0.6),inset_0_0_0_1px_rgb(0_0_0/0.6)]",
            tool === "eraser" && "border-dashed",
          )}
          style={{ width: diameter, height: diameter, marginLeft: -diameter / 2, marginTop: -diameter / 2 }}
        />
      </div>

      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        Paint over what should change.{" "}
        <span className="text-ink-faint">B brush, E eraser, Ctrl+Z undoes, Ctrl+Shift+Z redoes.</span>
      </p>
      <p id={`${id}-keys`} className="text-xs text-ink-faint">
        {keyPainting
          ? "Painting: the arrow keys paint as they move the brush. Space or Enter lifts it, Escape drops the stroke."
          : "With the keyboard: focus the picture, move the brush with the arrow keys (Shift: a brush's width), Space or Enter to paint and to stop."}
      </p>
      {/* The canvas's label says it to screen readers. */}
      <p aria-hidden className="text-xs text-ink-faint tabular-nums">
        {label}.
      </p>
      {message ? (
        <p role="status" className="text-sm text-ink-soft">
          {message}
        </p>
      ) : null}
      {imageFailed ? (
        <p role="alert" className="text-sm font-medium text-danger">
          The picture could not be loaded.
        </p>
      ) : null}
    </fieldset>
  );
}
