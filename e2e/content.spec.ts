/**
 * Landing content (issue #16 §1, §2): an admin opens Manage PDFs and Manage Videos on the
 * landing page, uploads a PDF and a video (the progress bar shows while the bytes go out, the
 * upload slowed down on purpose), activates both; a visitor then opens Details (the PDF in a
 * same-origin frame) and Watch a Video, and seeks in the video (the file answers byte ranges:
 * 206). Screenshots of the admin dialog and the viewers in English and Persian; axe on each.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import {
  callTrpc,
  closeToast,
  expect,
  login,
  makePdf,
  newPerson,
  openLanding,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

/** A WebM (VP8) recorded in the browser from a canvas, at least `seconds` long and `minBytes` big: a real, playable video. */
async function recordWebm(page: Page, seconds: number, minBytes: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ ms, minBytes }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 640;
      canvas.height = 480;
      const ctx = canvas.getContext("2d")!;
      const stream = canvas.captureStream(15);
      const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8", videoBitsPerSecond: 500_000 });
      const chunks: Blob[] = [];
      let recorded = 0;
      recorder.ondataavailable = (e) => {
        chunks.push(e.data);
        recorded += e.data.size;
      };
      const done = new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
      });
      recorder.start(200);
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const draw = () => {
          const t = performance.now() - start;
          // Noise: hard to compress, so the file is large enough to watch its upload progress.
          for (let i = 0; i < 400; i++) {
            ctx.fillStyle = `hsl(${Math.random() * 360} 70% 50%)`;
            ctx.fillRect(Math.random() * 640, Math.random() * 480, 32, 32);
          }
          ctx.fillStyle = "white";
          ctx.font = "64px sans-serif";
          ctx.fillText((t / 1000).toFixed(1), 240, 260);
          // A loaded machine draws fewer frames: go on until the file is big enough too.
          if (t < ms || recorded < minBytes) requestAnimationFrame(draw);
          else resolve();
        };
        draw();
      });
      recorder.stop();
      await done;
      const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
      let s = "";
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { ms: seconds * 1000, minBytes },
  );
  return Buffer.from(base64, "base64");
}

/** Uploads `file` in the open Manage dialog, watching the progress bar, then finalises it. */
async function uploadInDialog(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("content-title").fill(title);
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByTestId("content-file").getByRole("button", { name: "Upload file" }).click();
  await (await chooser).setFiles(file);
  // The bytes go out slowly (throttled): the progress bar is seen.
  await expect(dialog.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await closeToast(page, "File uploaded successfully");
  await expect(dialog.getByTestId("content-file").getByTestId("current-file")).toHaveText(file.name);
}

test.describe("landing content", () => {
  test("an admin uploads and activates a PDF and a video; a visitor opens both and seeks in the video", async ({
    page,
    browserOf,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const pdfTitle = `About Export Club ${stamp}`;
    const videoTitle = `Welcome video ${stamp}`;

    await login(page, { ...newPerson("Admin", "Content"), admin: true });
    await openLanding(page);
    const video = await recordWebm(page, 4, 60_000);

    // The PDF: padded to about 200 KB after its end (readers ignore what follows %%EOF).
    const pdf = Buffer.concat([makePdf("About Export Club"), Buffer.from(`%${" ".repeat(200_000)}\n`)]);
    await page.getByRole("button", { name: "Manage PDFs" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage PDFs" });
    // The dialog's code arrives on the first opening: on a busy machine that can take a while.
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    // Slow uploads (about 64 KB/s) so that progress is visible; the dialog's code came at full speed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await uploadInDialog(page, pdfTitle, { name: "about-export-club.pdf", mimeType: "application/pdf", buffer: pdf });
    await dialog.getByTestId("content-submit").click();
    await closeToast(page, "PDF uploaded successfully");
    const pdfItem = dialog.getByTestId("content-item").filter({ hasText: pdfTitle });
    await expect(pdfItem).toContainText("Inactive");
    await pdfItem.getByRole("switch", { name: `Active: ${pdfTitle}` }).click({ force: true });
    await closeToast(page, "PDF activated");
    await expect(pdfItem.getByRole("switch")).toBeChecked();
    await snap(page, "content-admin-pdfs-en");
    await expectNoAxeViolations(page, "Manage PDFs (en)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Manage PDFs" })).toBeFocused();
    await switchLanguage(page, "fa");
    await page.getByRole("button", { name: "مدیریت PDFها" }).click();
    const faDialog = page.getByRole("dialog", { name: "مدیریت PDFها" });
    await expect(faDialog.getByTestId("content-item").filter({ hasText: pdfTitle })).toContainText("فعال");
    await snap(page, "content-admin-pdfs-fa");
    await expectNoAxeViolations(page, "Manage PDFs (fa)");
    await page.keyboard.press("Escape");
    await expect(faDialog).toBeHidden();
    await switchLanguage(page, "en");

    await page.getByRole("button", { name: "Manage Videos" }).click();
    const videos = page.getByRole("dialog", { name: "Manage Videos" });
    await uploadInDialog(page, videoTitle, {
      name: "welcome.webm",
      mimeType: "video/webm",
      buffer: video,
    });
    await videos.getByLabel("Description (optional)").fill("Three seconds about the club.");
    await videos.getByTestId("content-submit").click();
    await closeToast(page, "Video uploaded successfully");
    const videoItem = videos.getByTestId("content-item").filter({ hasText: videoTitle });
    await videoItem.getByRole("switch", { name: `Active: ${videoTitle}` }).click({ force: true });
    await closeToast(page, "Video activated");
    await snap(page, "content-admin-videos-en");
    await page.keyboard.press("Escape");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // A visitor (not signed in) sees no admin buttons and opens both viewers.
    const visitor = await browserOf();
    await openLanding(visitor);
    await expect(visitor.getByRole("button", { name: "Details" })).toBeVisible();
    await expect(visitor.getByRole("button", { name: "Manage PDFs" })).toHaveCount(0);

    await visitor.getByRole("button", { name: "Details" }).click();
    const pdfDialog = visitor.getByRole("dialog", { name: pdfTitle });
    await expect(pdfDialog).toBeVisible();
    const frame = pdfDialog.getByTestId("pdf-frame");
    const src = await frame.getAttribute("src");
    expect(src).toMatch(/^\/api\/files\//);
    // Served inline, framable by our own pages only.
    const head = await visitor.request.get(src!);
    expect(head.status()).toBe(200);
    expect(head.headers()["content-disposition"]).toMatch(/^inline;/);
    expect(head.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
    await snap(visitor, "content-pdf-viewer-en");
    await visitor.keyboard.press("Escape");
    await expect(pdfDialog).toBeHidden();

    const ranged: number[] = [];
    visitor.on("response", (r) => {
      if (r.url().includes("/api/files/") && r.request().headers().range) ranged.push(r.status());
    });
    await visitor.getByRole("button", { name: "Watch a Video" }).click();
    const videoDialog = visitor.getByRole("dialog", { name: videoTitle });
    await expect(videoDialog).toContainText("Three seconds about the club.");
    const player = videoDialog.getByTestId("video-player");
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    // Seek to the middle of what can be sought (a recorded WebM states no duration): the player
    // asks for byte ranges, answered 206.
    const { target, landed } = await player.evaluate(async (v: HTMLVideoElement) => {
      const seek = (to: number) =>
        new Promise<void>((resolve) => {
          v.addEventListener("seeked", () => resolve(), { once: true });
          v.currentTime = to;
        });
      // A WebM recorded in the browser states no duration: seeking far past the end makes the
      // player find it (Chromium then knows the duration).
      if (!Number.isFinite(v.duration)) await seek(1e101);
      const target = v.duration / 2;
      await seek(target);
      return { target, landed: v.currentTime };
    });
    expect(target).toBeGreaterThan(0);
    expect(landed).toBeCloseTo(target, 0);
    expect(ranged).toContain(206);
    await snap(visitor, "content-video-viewer-en");
    await expectNoAxeViolations(visitor, "the video viewer (en)");
    await visitor.keyboard.press("Escape");

    await switchLanguage(visitor, "fa");
    await visitor.getByRole("button", { name: "جزئیات" }).click();
    await expect(visitor.getByRole("dialog", { name: pdfTitle })).toBeVisible();
    await snap(visitor, "content-pdf-viewer-fa");
    await visitor.keyboard.press("Escape");

    // Leave no active PDF or video behind: other specs expect the landing page's "nothing
    // available" toasts.
    for (const [kind, title] of [
      ["pdf", pdfTitle],
      ["video", videoTitle],
    ] as const) {
      const items = await callTrpc<{ id: number; title: string }[]>(page.request, "query", "content.list", { kind });
      const id = items.find((i) => i.title === title)?.id;
      expect(id).toBeDefined();
      await callTrpc(page.request, "mutation", "content.delete", { kind, id });
    }
  });

  test("a membership document is active at once, Terms and Conditions shows it, and Delete (confirmed) brings back the built-in text", async ({
    page,
    browserOf,
  }) => {
    test.setTimeout(180_000);
    const title = `Terms ${Date.now()}`;
    await login(page, { ...newPerson("Admin", "Documents"), admin: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await openLanding(page);
    await page.getByRole("button", { name: "Manage Membership Documents" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Membership Documents" });
    // Title and file are both required.
    await dialog.getByTestId("content-submit").click();
    await closeToast(page, "Please provide a title and select a document file");
    await uploadInDialog(page, title, {
      name: "terms.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([makePdf("Club terms"), Buffer.from(`%${" ".repeat(300_000)}\n`)]),
    }).catch(async () => {
      // Fast machines may finish before the bar is seen; the file must be there in any case.
      await expect(dialog.getByTestId("content-file").getByTestId("current-file")).toHaveText("terms.pdf");
    });
    await dialog.getByRole("radio", { name: "Terms and Conditions" }).check({ force: true });
    await dialog.getByTestId("content-submit").click();
    await closeToast(page, "Document uploaded successfully and set as active");
    const item = dialog.getByTestId("content-item").filter({ hasText: title });
    await expect(item.getByRole("switch")).toBeChecked();
    await snap(page, "content-admin-documents-phone-en");

    const visitor = await browserOf();
    await openLanding(visitor);
    await visitor.getByRole("button", { name: "Terms and Conditions" }).click();
    const terms = visitor.getByRole("dialog", { name: "Terms and Conditions" });
    await expect(terms.getByTestId("pdf-frame")).toBeVisible();
    await snap(visitor, "content-terms-document-en");
    await visitor.keyboard.press("Escape");
    await expect(terms).toBeHidden();

    // Delete asks first; then the file is gone and the built-in text is back.
    await item.getByTestId("content-delete").click();
    await expect(item.getByRole("alertdialog")).toContainText("Delete this document? Its file is removed too.");
    await item.getByTestId("content-delete-confirm").click();
    await closeToast(page, "Document deleted successfully");
    await expect(dialog.getByTestId("content-item").filter({ hasText: title })).toHaveCount(0);

    await visitor.reload();
    await switchLanguage(visitor, "fa");
    await visitor.getByRole("button", { name: "شرایط و قوانین" }).click();
    const faTerms = visitor.getByRole("dialog");
    await expect(faTerms.getByTestId("pdf-frame")).toHaveCount(0);
    await expect(faTerms.getByRole("heading").first()).toBeVisible();
    await snap(visitor, "content-terms-builtin-fa");
  });
});
