/** The header's parts that show the signed-in person: pure, so the server can render them alone (personal-part.tsx). */
import { formatCount } from "~/lib/format";

export function TokenCount({ tokens }: { tokens: number }) {
  return (
    <span>
      {formatCount(tokens)}
      <span className="sr-only"> tokens</span>
    </span>
  );
}

export function AccountChip({ name, image }: { name: string; image: string | null }) {
  return (
    <>
      {image ? (
        <img src={image} alt="" className="size-7 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="truncate">{name}</span>
    </>
  );
}
