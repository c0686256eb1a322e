// Thumbnails of Library entries: PNG bytes from the shell (`library_thumbnail`), shown through
// object URLs. Two requests at a time, the order asked; kept until the Library is listed again
// (recent files may have changed since).

import { library } from "../../ipc/library";

const urls = new Map<string, Promise<string>>();
const waiting: (() => void)[] = [];
let running = 0;
const PARALLEL = 2;

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL) await new Promise<void>((ok) => waiting.push(ok));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** An object URL of the entry's thumbnail (rejected when the shell cannot draw it). */
export function thumbnail(key: string): Promise<string> {
  let u = urls.get(key);
  if (!u) {
    u = slot(async () => {
      const buf = await library.thumbnail(key);
      if (buf.byteLength === 0) throw new Error("no picture");
      return URL.createObjectURL(new Blob([buf], { type: "image/png" }));
    });
    urls.set(key, u);
    u.catch(() => urls.delete(key));
  }
  return u;
}

/** Forget the thumbnails of keys starting with `prefix` (drawn again when next shown). */
export function forget(prefix: string): void {
  for (const [k, u] of urls) {
    if (!k.startsWith(prefix)) continue;
    urls.delete(k);
    void u.then((url) => URL.revokeObjectURL(url), () => {});
  }
}
