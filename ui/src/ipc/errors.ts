// Errors of the shell's commands: `{code, message}`, `code` from the closed set of `ErrorCode`
// (src-tauri/src/transport.rs), whose list comes generated (generated.ts; a Rust test fails when
// that file is stale).

import { ERROR_CODES, type AppError } from "./generated";

export { ERROR_CODES };
export type { AppError, ErrorCode } from "./generated";

export function isAppError(e: unknown): e is AppError {
  return (
    typeof e === "object" &&
    e !== null &&
    typeof (e as AppError).message === "string" &&
    (ERROR_CODES as readonly string[]).includes((e as AppError).code)
  );
}

/** A message for any thrown value, for the UI's error bar. */
export function errorText(e: unknown): string {
  if (isAppError(e)) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}
