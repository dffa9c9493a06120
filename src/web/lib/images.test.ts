import { describe, expect, it } from "vitest";
import { imageSrcSet, imageUrl } from "./images";

describe("image addresses", () => {
  it("encode the stored file as a query parameter, with the width and a quality only when it is not 75", () => {
    expect(imageUrl("seed/events/quiz night.jpg", 640)).toBe(
      "/img?url=%2Fmedia%2Fseed%2Fevents%2Fquiz+night.jpg&w=640",
    );
    expect(imageUrl("/media/users/a&b.jpg", 828, 60)).toBe("/img?url=%2Fmedia%2Fusers%2Fa%26b.jpg&w=828&q=60");
  });

  it("list one address per width, each as imageUrl writes it", () => {
    const key = "uploads/café #1.png";
    expect(imageSrcSet(key, [640, 1080])).toBe(`${imageUrl(key, 640)} 640w, ${imageUrl(key, 1080)} 1080w`);
    expect(imageUrl(key, 640)).toBe(`/img?${new URLSearchParams({ url: `/media/${key}`, w: "640" })}`);
  });
});
