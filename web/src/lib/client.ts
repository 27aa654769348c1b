import type { ResponseOf } from '@platform/http/contract';
import type { platformApi } from '@platform/http/platform-contract';

/**
 * The one fetch client (spec §7, §8): same-origin cookies, JSON bodies, and any non-2xx answer
 * becomes an ApiError whose message is "status: body" (the status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's Italian `message`, when the body is our JSON error. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : null;
    } catch {
      return null;
    }
  }

  /** Per-field messages of a form error (`{message, errors}`), if any. */
  get fieldErrors(): Record<string, string> {
    try {
      const parsed = JSON.parse(this.body) as { errors?: Record<string, string> };
      return parsed.errors ?? {};
    } catch {
      return {};
    }
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
}

/** Sends a write; the body, when given, goes as JSON (extra headers: e.g. an Idempotency-Key). */
export async function apiRequest<T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Sends a multipart form (a file upload): the browser sets the content type and its boundary. */
export async function apiUpload<T>(url: string, form: FormData): Promise<T> {
  const response = await fetch(url, { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** Reads JSON; with `on401: 'null'` a 401 means "no result" (spec §7: the session user). */
type Uploaded = ResponseOf<typeof platformApi.upload>;

/** Uploads an image (jpeg, png, webp) or a PDF, at most 5 MB; answers the URL to store. */
export function uploadFile(file: File): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<Uploaded>('/api/uploads', form);
}

export async function apiGet<T>(url: string, { on401 = 'throw' }: { on401?: 'throw' | 'null' } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (on401 === 'null' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** Reads JSON, or null when the answer is one of `missing` (404: none yet; a 403 or 400 too where the page says "not found" for them). */
export async function apiGetOrNull<T>(url: string, missing: number[] = [404]): Promise<T | null> {
  try {
    return await apiGet<T>(url);
  } catch (error) {
    if (error instanceof ApiError && missing.includes(error.status)) return null;
    throw error;
  }
}

/** One page of a paged list: its rows, and how many the whole list has (`X-Total-Count`). */
export interface Page<T> {
  items: T[];
  total: number;
}

export async function apiGetPage<T>(url: string): Promise<Page<T>> {
  const response = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(response);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(total) && response.headers.has('X-Total-Count') ? total : items.length };
}

/** The text to show a person for an error: the server's message, else a fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
