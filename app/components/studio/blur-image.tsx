import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

/**
 * An image that starts as its tiny blurred placeholder and fades in when the real file has
 * loaded (blur-up). The box keeps the image's shape, so nothing jumps.
 */
export function BlurImage({
  src,
  image,
  alt,
  className,
  imgClassName,
  loading = "lazy",
  aspect,
}: {
  src: string;
  /** The picture's size and placeholder, as every stored picture (and each of its renditions) carries them. */
  image: { width: number; height: number; placeholder?: string | null };
  alt: string;
  className?: string;
  imgClassName?: string;
  loading?: "lazy" | "eager";
  /** A box shape other than the image's own (the image then covers it). */
  aspect?: string;
}) {
  const { width, height, placeholder } = image;
  const img = useRef<HTMLImageElement>(null);
  // The source whose image has loaded: a new src is not loaded until it says so.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === src;
  useEffect(() => {
    // From the browser's cache an image may be complete before React listens for its load event.
    if (img.current?.complete && img.current.naturalWidth > 0) setLoadedSrc(src);
  }, [src]);
  return (
    <span
      className={cn("relative block overflow-hidden bg-paper-sunken", className)}
      style={{ aspectRatio: aspect ?? `${width} / ${height}` }}
    >
      {placeholder ? (
        <span
          aria-hidden
          className={cn(
            "absolute inset-0 scale-110 bg-cover bg-center blur-xl transition-opacity duration-700",
            loaded ? "opacity-0" : "opacity-100",
          )}
          style={{ backgroundImage: `url("${placeholder.replace(/"/g, "%22")}")` }}
        />
      ) : null}
      <img
        ref={img}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        onLoad={() => setLoadedSrc(src)}
        className={cn(
          "relative block size-full object-cover transition-opacity duration-700",
          loaded ? "opacity-100" : "opacity-0",
          imgClassName,
        )}
      />
    </span>
  );
}
