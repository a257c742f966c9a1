/**
 * Profile photos at the size each place shows them (issue #11 §6, ADR 0014). The server keeps
 * square copies of every profile photo at `PHOTO_WIDTHS` (64, 128, 256 px) and answers
 * `<photo url>?w=<n>` with the smallest at least `n` wide, in AVIF or WebP by `Accept`; the
 * original (up to 1 MB) is only for opening the photo itself.
 */
import type { ImgHTMLAttributes } from "react";
import { PHOTO_WIDTHS } from "../../common/uploads";

/** The address of a photo's copy at least `width` px wide. */
export function photoVariantUrl(url: string, width: number): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}

/**
 * `src` and image attributes for a photo shown `cssSize` px square (Mantine `Avatar`'s `src`
 * and `imageProps`): `srcSet` lists every copy by width and `sizes` tells the browser the
 * display size, so a 1x screen loads the 64 px copy, 2x the 128 px one, 3x the 256 px one;
 * `width`/`height` reserve the box. `src` is null when there is no photo (initials shown).
 */
export function photoImage(
  url: string | null | undefined,
  cssSize: number,
): { src: string | null; imageProps: ImgHTMLAttributes<HTMLImageElement> } {
  if (!url) return { src: null, imageProps: {} };
  const fallback = PHOTO_WIDTHS.find((w) => w >= cssSize) ?? Math.max(...PHOTO_WIDTHS);
  return {
    src: photoVariantUrl(url, fallback),
    imageProps: {
      srcSet: PHOTO_WIDTHS.map((w) => `${photoVariantUrl(url, w)} ${w}w`).join(", "),
      sizes: `${cssSize}px`,
      width: cssSize,
      height: cssSize,
      decoding: "async",
    },
  };
}
