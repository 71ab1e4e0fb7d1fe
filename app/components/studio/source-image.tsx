/**
 * Image to art's picture: a drop zone and file picker, uploaded to POST /api/preview-image with
 * progress. Its fileName is kept in localStorage `previewImage` (spec §3; sign-out deletes it),
 * and the previous upload is deleted when replaced or removed.
 *
 * After a reload the picture comes back: its address is remembered for this tab in
 * sessionStorage, and otherwise rebuilt from the session's user id
 * (/api/files/users/{uid}/preview/{fileName}); if the file is gone, the picker simply asks again.
 * A visitor's picture waits in the page and is uploaded as soon as they sign in.
 */
import { Brush, ImagePlus, LoaderCircle, RefreshCw, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { FieldError } from "~/components/ui/field";
import { UPLOAD_MAX_BYTES } from "~/lib/generation";
import { deletePreviewImage, uploadPreviewImage } from "./api";
import { editPreviewPath } from "./edit-links";

export const PREVIEW_KEY = "previewImage";
const urlKey = (fileName: string) => `atelier:preview-url:${fileName}`;

export interface SourceImage {
  fileName: string;
  url: string;
}

export interface SourceImageState {
  source: SourceImage | null;
  /** A visitor's chosen picture, uploaded after sign-in. */
  pending: { file: File; objectUrl: string } | null;
  progress: number | null;
  error: string | null;
  choose: (file: File | undefined) => void;
  remove: () => void;
  /** The stored preview is gone from the server (its image failed to load). */
  forget: () => void;
  clearError: () => void;
  setError: (message: string) => void;
}

export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith("image/")) return "Choose an image file (PNG, JPEG, WebP…).";
  if (file.size > UPLOAD_MAX_BYTES)
    return `That picture is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB.`;
  return null;
}

function readStorage(storage: "local" | "session", key: string): string | null {
  try {
    return (storage === "local" ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}
function writeStorage(storage: "local" | "session", key: string, value: string | null) {
  try {
    const s = storage === "local" ? localStorage : sessionStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // storage unavailable: the picture lasts as long as the page
  }
}

export function useSourceImage({ signedIn, base }: { signedIn: boolean; base: string }): SourceImageState {
  const [source, setSource] = useState<SourceImage | null>(null);
  const [pending, setPending] = useState<SourceImageState["pending"]>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const upload = useRef<AbortController | null>(null);

  // Bring back the picture uploaded before a reload.
  useEffect(() => {
    if (!signedIn) return;
    const fileName = readStorage("local", PREVIEW_KEY);
    if (!fileName || sourceRef.current?.fileName === fileName) return;
    const known = readStorage("session", urlKey(fileName));
    if (known) {
      setSource({ fileName, url: known });
      return;
    }
    let cancelled = false;
    void fetch(`${base}/api/auth/get-session`, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null))
      .then((session: { user?: { id?: string } } | null) => {
        const uid = session?.user?.id;
        if (cancelled || !uid) return;
        setSource({
          fileName,
          url: `${base}/api/files/users/${encodeURIComponent(uid)}/preview/${encodeURIComponent(fileName)}`,
        });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [signedIn, base]);

  const send = useCallback(
    async (file: File) => {
      upload.current?.abort();
      const controller = new AbortController();
      upload.current = controller;
      setError(null);
      setProgress(0);
      const result = await uploadPreviewImage(base, file, setProgress, controller.signal);
      if (upload.current !== controller) return; // replaced by a newer upload
      upload.current = null;
      setProgress(null);
      if (!result.ok) {
        if (result.code !== "aborted") setError(result.fields.image ?? result.message);
        return;
      }
      const previous = sourceRef.current?.fileName;
      if (previous && previous !== result.preview.fileName) deletePreviewImage(base, previous);
      writeStorage("local", PREVIEW_KEY, result.preview.fileName);
      writeStorage("session", urlKey(result.preview.fileName), result.preview.url);
      setSource({ fileName: result.preview.fileName, url: result.preview.url });
      setPending((p) => {
        if (p) URL.revokeObjectURL(p.objectUrl);
        return null;
      });
    },
    [base],
  );

  // A visitor who chose a picture and then signed in: upload it now.
  useEffect(() => {
    if (signedIn && pending && upload.current === null) void send(pending.file);
  }, [signedIn, pending, send]);

  useEffect(() => () => upload.current?.abort(), []);

  const choose = useCallback(
    (file: File | undefined) => {
      if (!file) return;
      const problem = checkImageFile(file);
      if (problem) {
        setError(problem);
        return;
      }
      setError(null);
      if (!signedIn) {
        setPending((p) => {
          if (p) URL.revokeObjectURL(p.objectUrl);
          return { file, objectUrl: URL.createObjectURL(file) };
        });
        return;
      }
      void send(file);
    },
    [signedIn, send],
  );

  const remove = useCallback(() => {
    upload.current?.abort();
    upload.current = null;
    setProgress(null);
    const current = sourceRef.current;
    if (current) {
      deletePreviewImage(base, current.fileName);
      writeStorage("session", urlKey(current.fileName), null);
      if (readStorage("local", PREVIEW_KEY) === current.fileName) writeStorage("local", PREVIEW_KEY, null);
    }
    setSource(null);
    setPending((p) => {
      if (p) URL.revokeObjectURL(p.objectUrl);
      return null;
    });
    setError(null);
  }, [base]);

  const forget = useCallback(() => {
    const current = sourceRef.current;
    if (current) {
      writeStorage("session", urlKey(current.fileName), null);
      if (readStorage("local", PREVIEW_KEY) === current.fileName) writeStorage("local", PREVIEW_KEY, null);
    }
    setSource(null);
  }, []);

  return { source, pending, progress, error, choose, remove, forget, clearError: () => setError(null), setError };
}

export function SourceImagePicker({
  state,
  fieldError,
  signedIn,
}: {
  state: SourceImageState;
  fieldError?: string;
  signedIn: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const shown = state.source?.url ?? state.pending?.objectUrl ?? null;
  const error = state.error ?? fieldError;
  const uploading = state.progress !== null;

  return (
    <div>
      <label htmlFor={`${id}-file`} className="mb-2 block text-sm font-medium text-ink">
        Your picture
      </label>
      {/* Dropping a file is a shortcut for mice; the file field inside is the keyboard's way. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target, not a control: the file field inside is the accessible way in */}
      <div
        data-testid="image-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          state.choose(event.dataTransfer.files?.[0]);
        }}
        className={cn(
          "relative overflow-hidden rounded-2xl border-2 border-dashed transition",
          dragging
            ? "border-accent bg-accent-soft"
            : error
              ? "border-danger/50 bg-red-50/40"
              : "border-line bg-paper-raised",
        )}
      >
        {shown ? (
          <div className="flex flex-col items-center gap-3 p-3">
            <img
              src={shown}
              alt="What you chose"
              data-testid="source-preview"
              className="max-h-48 w-auto max-w-full rounded-xl object-contain shadow-sm"
              onError={() => {
                if (state.source && !state.pending) state.forget();
              }}
            />
            <div className="flex w-full flex-wrap items-center justify-center gap-2 text-sm">
              {state.pending && !signedIn ? (
                <p className="text-ink-soft">Sign in and this picture uploads on its own.</p>
              ) : null}
              {state.source && !uploading ? <p className="font-medium text-success">Uploaded and ready.</p> : null}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => input.current?.click()}
                  className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 font-medium text-ink ring-1 ring-line hover:bg-paper-sunken"
                >
                  <RefreshCw aria-hidden className="size-4" /> Replace
                </button>
                {state.source && !uploading && signedIn ? (
                  <Link
                    to={editPreviewPath(state.source.fileName)}
                    title="Repaint a part of this picture or widen it"
                    className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 font-medium text-ink ring-1 ring-line hover:bg-paper-sunken"
                  >
                    <Brush aria-hidden className="size-4" /> Edit a part
                  </Link>
                ) : null}
                <button
                  type="button"
                  onClick={state.remove}
                  className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 font-medium text-ink-soft ring-1 ring-line hover:bg-paper-sunken hover:text-danger"
                >
                  <X aria-hidden className="size-4" /> Remove
                </button>
              </div>
            </div>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="flex w-full flex-col items-center gap-2 px-4 py-8 text-center text-ink-soft hover:text-ink"
          >
            <ImagePlus aria-hidden className="size-8 text-accent" />
            <span className="font-medium text-ink">Drop a picture here or choose one</span>
            <span className="text-xs">PNG, JPEG, WebP or GIF, up to 10 MB</span>
          </button>
        )}
        {uploading ? (
          <div className="absolute inset-x-0 bottom-0 bg-paper-raised/90 px-3 py-2">
            <div className="flex items-center gap-2 text-xs text-ink-soft">
              <LoaderCircle aria-hidden className="size-3.5 animate-spin" /> Uploading… {state.progress}%
            </div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progress ?? 0}
              className="mt-1 h-1.5 overflow-hidden rounded-full bg-paper-sunken"
            >
              <div className="h-full rounded-full bg-accent transition-all" style={{ width: `${state.progress}%` }} />
            </div>
          </div>
        ) : null}
      </div>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          state.choose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <FieldError id={`${id}-error`} alert>
        {error}
      </FieldError>
    </div>
  );
}

/** The natural size of a picture at `url` (null until it has loaded, or without one). */
function usePictureSize(url: string | null): { width: number; height: number } | null {
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.onload = () => setSize({ url, width: image.naturalWidth, height: image.naturalHeight });
    image.src = url;
    return () => {
      image.onload = null;
    };
  }, [url]);
  return size && size.url === url && size.width > 0 && size.height > 0 ? size : null;
}

/** The offered shape nearest to a picture's (compared as ratios, so 4:3 and 3:4 are far apart). */
export function nearestAspect<A extends string>(
  size: { width: number; height: number },
  aspects: readonly A[],
): A | null {
  const ratioOf = (aspect: string) => {
    const [w, h] = aspect.split(":").map(Number) as [number, number];
    return w / h;
  };
  const own = Math.log(size.width / size.height);
  let best: A | null = null;
  for (const aspect of aspects)
    if (best === null || Math.abs(Math.log(ratioOf(aspect)) - own) < Math.abs(Math.log(ratioOf(best)) - own))
      best = aspect;
  return best;
}

/**
 * Engines fill the chosen shape from the middle of the picture (cover), so a picture of another
 * shape loses its edges: say so, and offer the shape that keeps it whole.
 */
export function CropNotice<A extends string>({
  pictureUrl,
  aspect,
  aspects,
  onUse,
}: {
  pictureUrl: string | null;
  aspect: A;
  aspects: readonly A[];
  onUse: (aspect: A) => void;
}) {
  const size = usePictureSize(pictureUrl);
  if (!size) return null;
  const nearest = nearestAspect(size, aspects);
  if (!nearest || nearest === aspect) return null;
  return (
    <p className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="crop-notice">
      Your picture is about {nearest}; at {aspect} its {size.width > size.height ? "sides" : "top and bottom"} are
      cropped.{" "}
      <button type="button" className="font-semibold underline underline-offset-2" onClick={() => onUse(nearest)}>
        Use {nearest}
      </button>
    </p>
  );
}
