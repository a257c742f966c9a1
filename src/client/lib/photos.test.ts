import { describe, expect, it } from "vitest";
import { photoImage, photoVariantUrl } from "./photos";

describe("photoImage", () => {
  it("no photo: no src (the avatar shows initials), no image attributes", () => {
    expect(photoImage(null, 56)).toEqual({ src: null, imageProps: {} });
    expect(photoImage(undefined, 64)).toEqual({ src: null, imageProps: {} });
  });

  it("a 56 px avatar: the 64 px copy as src, every copy in srcset by width, sizes and box set", () => {
    expect(photoImage("/api/files/abc", 56)).toEqual({
      src: "/api/files/abc?w=64",
      imageProps: {
        srcSet: "/api/files/abc?w=64 64w, /api/files/abc?w=128 128w, /api/files/abc?w=256 256w",
        sizes: "56px",
        width: 56,
        height: 56,
        decoding: "async",
      },
    });
  });

  it("src falls back to the smallest copy at least as wide, else the largest", () => {
    expect(photoImage("/p", 100).src).toBe("/p?w=128");
    expect(photoImage("/p", 400).src).toBe("/p?w=256");
  });

  it("photoVariantUrl keeps an existing query", () => {
    expect(photoVariantUrl("/p?x=1", 64)).toBe("/p?x=1&w=64");
  });
});
