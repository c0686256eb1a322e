// Error codes of the shell's commands: the closed set of `ErrorCode` in
// src-tauri/src/transport.rs (a test there checks that both lists agree).

export const ERROR_CODES = [
  "no_map",
  "invalid_argument",
  "edit_refused",
  "invalid_map",
  "io",
  "image",
  "render",
  "not_allowed",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error a command returns: `{code, message}`. */
export interface AppError {
  code: ErrorCode;
  message: string;
}

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
