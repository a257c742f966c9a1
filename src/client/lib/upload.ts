/**
 * File uploads to `POST /api/files?purpose=…` (spec part 1 §5, part 2 §5 photo and attachment;
 * DESIGN.md §4 Uploads). XMLHttpRequest, not fetch, because only XHR reports upload progress.
 * The rules the client can know (name, extension, size) are checked before anything is sent,
 * with the same messages the server uses; the server still decides by the bytes.
 */
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Msg } from "../../common/messages";
import { checkFileName, UPLOAD_RULES, type UploadPurpose } from "../../common/uploads";
import { numberFormat } from "../i18n";
import { translateServerText } from "../i18n/serverMessages";

/** A stored upload as the server describes it. */
export interface Uploaded {
  id: string;
  fileName: string;
  sizeBytes: number;
  contentType: string;
  /** Where the owner (and who else may) opens it: `/api/files/<id>`. */
  url: string;
}

/**
 * Why an upload failed: `too_large` (the purpose's size limit), `invalid` (name, type or
 * content refused), `rate_limited` (the hourly upload limit: HTTP 429), `aborted` (the caller
 * cancelled), `failed` (anything else: signed out, network, server).
 */
export type UploadFailureReason = "too_large" | "invalid" | "rate_limited" | "aborted" | "failed";

/** The toast title of each failure (spec part 1 §8: 'File too large', 'Upload limit exceeded'). */
export const UPLOAD_FAILURE_TITLES = {
  too_large: msg`File too large`,
  invalid: msg`Invalid file`,
  rate_limited: msg`Upload limit exceeded`,
  failed: msg`Upload failed`,
} as const satisfies Record<Exclude<UploadFailureReason, "aborted">, unknown>;

/** A refused or failed upload; `message` is already in the user's language. */
export class UploadFailure extends Error {
  constructor(
    readonly reason: UploadFailureReason,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "UploadFailure";
  }
}

/**
 * What the client can check before sending (spec part 2 §5): an accepted name and extension,
 * and at most the purpose's size. Returns the failure, or null when the file may be sent.
 */
export function checkUpload(file: File, purpose: UploadPurpose): UploadFailure | null {
  const rule = UPLOAD_RULES[purpose];
  const name = checkFileName(file.name, purpose);
  if (!name.ok) return new UploadFailure("invalid", translateServerText(name.message));
  if (file.size > rule.maxBytes) return new UploadFailure("too_large", translateServerText(rule.tooLarge));
  return null;
}

export interface UploadOptions {
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  /** Aborts the request; the promise then rejects with reason `aborted`. */
  signal?: AbortSignal;
}

/**
 * Uploads one file for `purpose` and resolves with the stored upload.
 * @throws UploadFailure with the server's (translated) message.
 */
export function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress?: (percent: number) => void,
  options: Omit<UploadOptions, "onProgress"> = {},
): Promise<Uploaded> {
  const refused = checkUpload(file, purpose);
  if (refused) return Promise.reject(refused);
  const { signal } = options;
  const aborted = () => new UploadFailure("aborted", i18n._(msg`Upload cancelled`));
  if (signal?.aborted) return Promise.reject(aborted());

  return new Promise<Uploaded>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.open("POST", `/api/files?purpose=${encodeURIComponent(purpose)}`);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");

    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      done();
      const json = parseJson(xhr.responseText);
      if (xhr.status === 201 && isUploaded(json)) {
        onProgress?.(100);
        resolve({
          id: json.id,
          fileName: json.fileName,
          sizeBytes: json.sizeBytes,
          contentType: json.contentType,
          url: json.url,
        });
        return;
      }
      reject(failureFrom(xhr.status, json, purpose));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadFailure("failed", translateServerText(Msg.unexpected), null));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    onProgress?.(0);
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isUploaded(v: unknown): v is Uploaded {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.id === "string" &&
    typeof o.fileName === "string" &&
    typeof o.sizeBytes === "number" &&
    typeof o.contentType === "string" &&
    typeof o.url === "string"
  );
}

/** The `{ error: { message } }` of a refused upload, with a reason the UI can title. */
export function failureFrom(status: number, json: unknown, purpose: UploadPurpose): UploadFailure {
  const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
  const text = typeof message === "string" && message ? message : Msg.unexpected;
  const reason: UploadFailureReason =
    status === 413 || text === UPLOAD_RULES[purpose].tooLarge
      ? "too_large"
      : status === 400 || status === 415
        ? "invalid"
        : status === 429
          ? "rate_limited"
          : "failed";
  return new UploadFailure(reason, translateServerText(text), status);
}

/** "512 kB", "1.2 MB" in the active language ("۱٫۲ مگابایت" in Persian: issue #13 §4). */
export function formatFileSize(bytes: number, locale = i18n.locale): string {
  // Below 1 KB a tenth of a kilobyte reads better than "125 byte".
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "megabyte"] : [Math.max(bytes / 1024, 0.1), "kilobyte"];
  return numberFormat(locale, {
    style: "unit",
    unit,
    // Persian spells the unit ("۵ مگابایت") as every other Persian text does; "MB" in English.
    unitDisplay: locale === "fa" ? "long" : "short",
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
