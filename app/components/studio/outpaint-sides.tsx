/**
 * Widen (outpaint, issue 31): how far each side of the picture grows — none, or 25 to 100 % —
 * and a preview of the new frame around the picture, with the size the result will have.
 */
import { FieldError } from "~/components/ui/field";
import { inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import {
  OUTPAINT_MAX_PERCENT,
  OUTPAINT_MIN_PERCENT,
  OUTPAINT_SIDES,
  type OutpaintSides,
  type PictureSize,
} from "~/lib/picture-edits";

const SIDE_LABELS: Record<keyof OutpaintSides, string> = {
  top: "Top",
  right: "Right",
  bottom: "Bottom",
  left: "Left",
};

/** The steps offered: none, then every 25 % from the least to the most the server takes. */
const SIDE_STEPS = [
  0,
  ...Array.from(
    { length: (OUTPAINT_MAX_PERCENT - OUTPAINT_MIN_PERCENT) / 25 + 1 },
    (_, i) => OUTPAINT_MIN_PERCENT + i * 25,
  ),
];

export const NO_SIDES: OutpaintSides = { top: 0, right: 0, bottom: 0, left: 0 };

export function OutpaintSideFields({
  id,
  sides,
  onChange,
  error,
}: {
  id: string;
  sides: OutpaintSides;
  onChange: (sides: OutpaintSides) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">Widen each side by</legend>
      <div className="grid grid-cols-2 gap-3">
        {OUTPAINT_SIDES.map((side) => (
          <div key={side}>
            <label htmlFor={`${id}-${side}`} className="mb-1 block text-sm font-medium text-ink">
              {SIDE_LABELS[side]}
            </label>
            <select
              id={`${id}-${side}`}
              name={`side-${side}`}
              value={sides[side]}
              onChange={(event) => onChange({ ...sides, [side]: Number(event.target.value) })}
              className={cn(inputClass, "py-2")}
            >
              {SIDE_STEPS.map((step) => (
                <option key={step} value={step}>
                  {step === 0 ? "None" : `${step} %`}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-faint">
        Left and right grow by a share of the width, top and bottom of the height.
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** The widened frame: the picture where it will sit, the new area hatched around it. */
export function OutpaintPreview({
  imageUrl,
  picture,
  sides,
  result,
}: {
  imageUrl: string;
  picture: PictureSize;
  sides: OutpaintSides;
  result: PictureSize;
}) {
  const wide = 1 + (sides.left + sides.right) / 100;
  const tall = 1 + (sides.top + sides.bottom) / 100;
  const ratio = (picture.width * wide) / (picture.height * tall);
  const percent = (n: number) => `${(n * 100).toFixed(3)}%`;
  return (
    <figure className="space-y-2" data-testid="outpaint-preview">
      <div
        className="relative mx-auto overflow-hidden rounded-2xl bg-[repeating-linear-gradient(135deg,var(--color-accent-soft)_0_10px,var(--color-paper-sunken)_10px_20px)] ring-1 ring-line"
        style={{ aspectRatio: `${ratio.toFixed(4)}`, width: `min(100%, calc(60vh * ${ratio.toFixed(4)}))` }}
      >
        <img
          src={imageUrl}
          alt="Your picture, where it sits in the widened frame"
          draggable={false}
          className="absolute block object-fill shadow-md"
          style={{
            left: percent(sides.left / 100 / wide),
            top: percent(sides.top / 100 / tall),
            width: percent(1 / wide),
            height: percent(1 / tall),
          }}
        />
      </div>
      <figcaption className="text-center text-sm text-ink-soft">
        The hatched area is painted new. Result:{" "}
        <strong data-testid="edit-result-size" className="font-semibold text-ink tabular-nums">
          {result.width} × {result.height}
        </strong>{" "}
        pixels
      </figcaption>
    </figure>
  );
}
