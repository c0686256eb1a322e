// The answers to the launch's first questions, asked by public/early.js as the page began to
// load: each taken once (a later listing asks the shell again).

type EarlyName = "library_list" | "app_info";

declare global {
  interface Window { __kepiEarly?: Partial<Record<EarlyName, Promise<unknown>>> }
}

/** The early answer to `name`, once; undefined when none was asked or it was taken. */
export function early<T>(name: EarlyName): Promise<T> | undefined {
  const asked = window.__kepiEarly?.[name];
  if (!asked) return undefined;
  delete window.__kepiEarly![name];
  return asked as Promise<T>;
}
